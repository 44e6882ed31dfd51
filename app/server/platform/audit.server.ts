// The audit log: who did what to which record, and when. Every admin change writes one row,
// in the same transaction as the change where there is one.
import type { Prisma } from "../../../generated/prisma/client";
import { db } from "./db.server";

type Writer = Pick<typeof db, "auditLog"> | Prisma.TransactionClient;

export type AuditEntry = {
  actorId: string | null;
  /** e.g. "booking.status", "booking.assign_driver", "driver.approve", "user.deactivate", "user.delete" */
  action: string;
  targetType:
    "Booking" | "Driver" | "User" | "Payment" | "PaymentSetting" | "SupportRequest" | "Message" | "DamageClaim";
  targetId: string;
  details?: Prisma.InputJsonValue;
};

export function recordAudit(entry: AuditEntry, writer: Writer = db) {
  return writer.auditLog.create({ data: entry });
}

/** One record's history, newest first, with who did each step. */
export function auditTrail(targetType: AuditEntry["targetType"], targetId: string, take = 50) {
  return db.auditLog.findMany({
    where: { targetType, targetId },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      action: true,
      details: true,
      createdAt: true,
      actor: { select: { username: true, email: true } },
    },
  });
}
