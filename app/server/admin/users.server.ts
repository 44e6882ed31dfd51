// User Management: the list, activation and deletion, shared by /admin/users and the JSON
// API. Each change is audited in its own transaction. An admin may not deactivate or delete
// their own account (they would lock themself out, and possibly the last admin with them).
//
// Deleting keeps the user's bookings and payments: the schema sets Booking.customerId to null
// (onDelete: SetNull), the names and e-mails recorded on bookings and payments stay, and so
// do quotes, chat messages and support requests (their links go null too). Sessions, API
// tokens, reset links and the user's unused discount codes go with the account (Cascade).
import type { SafeParseReturnType } from "zod";
import { formatUkDate } from "~/domain/uk-datetime";
import { ADMIN_USER_MESSAGES, type UserAction } from "~/schemas/admin-users";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { pageInfo } from "~/server/platform/pagination.server";
import type { ToastInput } from "~/utils/toast";
import type { AdminUserRow as AdminUserView } from "~/views/admin";
import type { PageInfo } from "~/views/page-info";

export type AdminUserRow = {
  id: string;
  username: string;
  email: string;
  role: "customer" | "driver" | "admin";
  isActive: boolean;
  createdAt: Date;
};

const USER_ROW = { id: true, username: true, email: true, role: true, isActive: true, createdAt: true } as const;

/** One page of users, newest first (the createdAt index; id breaks ties so pages never overlap). */
export async function listUsers({
  page,
  take,
  skip,
}: {
  page: number;
  take: number;
  skip: number;
}): Promise<{ users: AdminUserRow[]; info: PageInfo }> {
  const [users, total] = await Promise.all([
    db.user.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, skip, select: USER_ROW }),
    db.user.count(),
  ]);
  return { users, info: pageInfo(total, { page, take }) };
}

export function findUserRow(id: string): Promise<AdminUserRow | null> {
  return db.user.findUnique({ where: { id }, select: USER_ROW });
}

export type UserChangeResult =
  { status: "ok"; user: AdminUserRow } | { status: "self"; message: string } | { status: "not_found"; message: string };

const notFound = { status: "not_found", message: ADMIN_USER_MESSAGES.notFound } as const;

function isRecordMissing(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/**
 * Activates or deactivates an account. Deactivating ends it at once: its sessions are
 * deleted and its API tokens revoked (the guards check isActive too, so a token used in the
 * same instant fails as well). Setting the state it already has changes nothing and writes
 * no audit row.
 */
export async function setUserActive(adminId: string, userId: string, isActive: boolean): Promise<UserChangeResult> {
  if (adminId === userId && !isActive) return { status: "self", message: ADMIN_USER_MESSAGES.selfDeactivate };
  try {
    return await db.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: userId }, select: { isActive: true } });
      if (!before) return notFound;
      const user = await tx.user.update({ where: { id: userId }, data: { isActive }, select: USER_ROW });
      // A driver's offers are worked out again when next read (none while inactive).
      await tx.driver.updateMany({ where: { userId }, data: { offersStale: true } });
      if (!isActive) {
        await tx.session.deleteMany({ where: { userId } });
        await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
      }
      if (before.isActive !== isActive) {
        await recordAudit(
          {
            actorId: adminId,
            action: isActive ? "user.activate" : "user.deactivate",
            targetType: "User",
            targetId: userId,
            details: { username: user.username, email: user.email, isActive },
          },
          tx,
        );
      }
      return { status: "ok", user } as const;
    });
  } catch (error) {
    if (isRecordMissing(error)) return notFound; // deleted by another admin in between
    throw error;
  }
}

/** Deletes an account for good; its bookings and payments stay (see the top of this file). */
export async function deleteUser(adminId: string, userId: string): Promise<UserChangeResult> {
  if (adminId === userId) return { status: "self", message: ADMIN_USER_MESSAGES.selfDelete };
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: USER_ROW });
      if (!user) return notFound;
      const bookingsKept = await tx.booking.count({ where: { customerId: userId } });
      await tx.user.delete({ where: { id: userId } });
      await recordAudit(
        {
          actorId: adminId,
          action: "user.delete",
          targetType: "User",
          targetId: userId,
          details: { username: user.username, email: user.email, role: user.role, bookingsKept },
        },
        tx,
      );
      return { status: "ok", user } as const;
    });
  } catch (error) {
    if (isRecordMissing(error)) return notFound;
    throw error;
  }
}

/** The JSON API's shape of a user. */
export function userJson(user: AdminUserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A row as /admin/users shows it: the created date on the UK calendar (en-GB). */
export function userRowView(user: AdminUserRow): AdminUserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    created: formatUkDate(user.createdAt),
  };
}

export type UserActionOutcome = { ok: boolean; toast: ToastInput };

/**
 * A row button of /admin/users (Activate, Deactivate, Delete), already parsed or refused by
 * userActionSchema, and the toast that tells the admin how it went.
 */
export async function performUserAction(
  adminId: string,
  parsed: SafeParseReturnType<unknown, UserAction>,
  intentSent: unknown,
): Promise<UserActionOutcome> {
  const failedText = intentSent === "delete" ? ADMIN_USER_MESSAGES.deleteFailed : ADMIN_USER_MESSAGES.updateFailed;
  const failed = (reason?: string): UserActionOutcome => ({
    ok: false,
    toast: {
      title: ADMIN_USER_MESSAGES.errorTitle,
      description: reason ? `${failedText}: ${reason}` : failedText,
      variant: "error",
    },
  });
  if (!parsed.success) return failed(parsed.error.issues[0]?.message);
  const { intent, userId } = parsed.data;
  try {
    const result =
      intent === "delete"
        ? await deleteUser(adminId, userId)
        : await setUserActive(adminId, userId, intent === "activate");
    if (result.status !== "ok") return failed(result.message);
    const { username, email } = result.user;
    const toast: ToastInput =
      intent === "delete"
        ? {
            title: ADMIN_USER_MESSAGES.deleted,
            description: `${username} (${email}) was deleted. Their bookings and payments are kept.`,
          }
        : intent === "activate"
          ? { title: ADMIN_USER_MESSAGES.activated, description: `${username} can sign in again.` }
          : {
              title: ADMIN_USER_MESSAGES.deactivated,
              description: `${username} is signed out everywhere and can no longer sign in.`,
            };
    return { ok: true, toast: { ...toast, variant: "success" } };
  } catch (error) {
    console.error(`Could not ${intent} user ${userId}`, error);
    return failed();
  }
}
