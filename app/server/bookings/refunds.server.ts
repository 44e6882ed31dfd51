// An admin's refund of a paid booking, in part or in full: an upheld problem report after the
// move, or a goodwill refund. The money goes back through the provider that took each charge
// (oldest first), each refund is recorded as a Payment row of its own, a credit note corrects
// the VAT invoice, and the driver's part of it comes off their earning (before the payout) or
// is reversed (after it). The idempotency key names the charge and the refund's own
// form (its request id), so a form sent twice is the same refund at the provider.
import { randomUUID } from "node:crypto";
import { formatPounds } from "~/domain/money";
import { findRefund, refundPayment } from "~/server/payments/index.server";
import { recordRefundForDriver } from "~/server/payouts/ledger.server";
import { LockBusyError, withAdvisoryLock } from "~/server/platform/advisory-lock.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import type { Prisma } from "../../../generated/prisma/client";
import { issueCreditNotes } from "./invoices.server";

export const REFUND_MESSAGES = {
  nothingPaid: "Nothing has been paid for this booking, so there is nothing to refund.",
  tooMuch: (left: number) => `At most ${formatPounds(left)} is left to refund on this booking.`,
  failed: "The payment provider refused the refund. Nothing was refunded; please try again later.",
  busy: "Another refund of this booking is still being made. Nothing was refunded; try again in a minute.",
  done: (amount: number) => `${formatPounds(amount)} refunded`,
} as const;

/** A refund form's own id (see refundBookingByAdmin's requestId). */
export const newRefundRequestId = () => randomUUID();

type Client = Prisma.TransactionClient | typeof db;

/** A booking's charges, oldest first, each with its refunds and what is left to give back on it. */
export async function refundableCharges(client: Client, bookingId: string) {
  const charges = await client.payment.findMany({
    where: { bookingId, refundOfId: null, status: "succeeded" },
    orderBy: { createdAt: "asc" },
    include: { refunds: { select: { amountPence: true, damageClaimId: true } } },
  });
  return charges.map((charge) => ({
    ...charge,
    leftPence: charge.amountPence - charge.refunds.reduce((sum, refund) => sum + refund.amountPence, 0),
  }));
}

type Charge = Awaited<ReturnType<typeof refundableCharges>>[number];

/**
 * Refunds part of one charge through its provider under the key, and keeps the refund's row
 * once: a retry the provider answers with the refund it already made finds that row
 * (created false) rather than adding another. The provider's refusal is an answer (ok false,
 * with its error); a database error is thrown.
 */
export async function refundCharge(
  charge: Charge,
  amountPence: number,
  key: string,
  kind: { method: "refund" } | { method: "compensation"; damageClaimId: string },
) {
  let refund: Awaited<ReturnType<typeof refundPayment>>;
  try {
    refund = await refundPayment({ provider: charge.provider, paymentId: charge.providerPaymentId }, amountPence, key);
  } catch (error) {
    return { ok: false, error } as const;
  }
  return { ok: true, ...(await recordRefund(charge, refund, kind)) } as const;
}

/**
 * The refund made under this key that we have no row of (its answer was lost on the way back: a
 * timeout, or a 5xx after the provider made it), asked of the provider and recorded now; null
 * when the provider made none. Throws when the provider cannot be asked.
 */
export async function settleLostRefund(
  charge: Charge,
  key: string,
  kind: { method: "refund" } | { method: "compensation"; damageClaimId: string },
) {
  const made = await findRefund({ provider: charge.provider, paymentId: charge.providerPaymentId }, key);
  return made ? (await recordRefund(charge, made, kind)).row : null;
}

/** A refund's row, kept once: a second recording of the same refund finds the first row. */
async function recordRefund(
  charge: Charge,
  refund: { id: string; amountPence: number },
  kind: { method: "refund" } | { method: "compensation"; damageClaimId: string },
) {
  try {
    const row = await db.payment.create({
      data: {
        bookingId: charge.bookingId,
        provider: charge.provider,
        providerPaymentId: refund.id,
        amountPence: refund.amountPence,
        currency: charge.currency,
        status: "refunded",
        refundOfId: charge.id,
        customerName: charge.customerName,
        customerEmail: charge.customerEmail,
        ...kind,
      },
    });
    return { row, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await db.payment.findUniqueOrThrow({
      where: { provider_providerPaymentId: { provider: charge.provider, providerPaymentId: refund.id } },
    });
    return { row, created: false };
  }
}

export type AdminRefundResult = { ok: true; refundedPence: number } | { ok: false; status: 409 | 502; message: string };

export async function refundBookingByAdmin({
  bookingId,
  amountPence,
  reason,
  adminId,
  requestId,
}: {
  bookingId: string;
  amountPence: number;
  reason: string;
  adminId: string;
  /** The form's own id: a form sent twice (a double click) is the same refund at the provider. */
  requestId: string;
}): Promise<AdminRefundResult> {
  // One admin refund of a booking at a time (an advisory lock, held while the provider is
  // asked): two admins refunding at once are answered in turn, so the second sees what the
  // first refunded and together they never refund more than was paid. The row itself is not
  // locked, so the writes below do not wait on it.
  try {
    return await withAdvisoryLock(`admin-refund:${bookingId}`, () =>
      refundUnderLock({ bookingId, amountPence, reason, adminId, requestId }),
    );
  } catch (error) {
    if (error instanceof LockBusyError) return { ok: false, status: 409, message: REFUND_MESSAGES.busy };
    throw error;
  }
}

async function refundUnderLock({
  bookingId,
  amountPence,
  reason,
  adminId,
  requestId,
}: {
  bookingId: string;
  amountPence: number;
  reason: string;
  adminId: string;
  requestId: string;
}): Promise<AdminRefundResult> {
  // This form was already carried out (sent twice, the second waited for the first): done.
  const done = await db.auditLog.findFirst({
    where: {
      targetType: "Booking",
      targetId: bookingId,
      action: "booking.refund",
      details: { path: ["requestId"], equals: requestId },
    },
    select: { id: true },
  });
  if (done) return { ok: true, refundedPence: amountPence };
  const charges = await refundableCharges(db, bookingId);
  const refundable = charges.reduce((sum, charge) => sum + charge.leftPence, 0);
  if (refundable <= 0) return { ok: false, status: 409, message: REFUND_MESSAGES.nothingPaid };
  if (amountPence > refundable) return { ok: false, status: 409, message: REFUND_MESSAGES.tooMuch(refundable) };

  let remaining = amountPence;
  let madeRefund = false;
  for (const charge of charges) {
    const part = Math.min(charge.leftPence, remaining);
    if (part <= 0) continue;
    const refund = await refundCharge(charge, part, `easymove-admin-refund-${requestId}-${charge.id}`, {
      method: "refund",
    });
    if (!refund.ok) {
      console.error(`Admin refund of booking ${bookingId} failed:`, refund.error);
      return { ok: false, status: 502, message: REFUND_MESSAGES.failed };
    }
    const { row } = refund;
    if (refund.created) madeRefund = true;
    await recordRefundForDriver({ id: row.id, bookingId, amountPence: row.amountPence });
    remaining -= part;
  }
  await db.booking.update({
    where: { id: bookingId },
    data: { paymentState: amountPence === refundable ? "refunded" : "partially_refunded" },
  });
  if (!madeRefund) return { ok: true, refundedPence: amountPence };
  await db.auditLog.create({
    data: {
      actorId: adminId,
      action: "booking.refund",
      targetType: "Booking",
      targetId: bookingId,
      details: { amountPence, reason, requestId },
    },
  });
  await issueCreditNotes(bookingId).catch((error) =>
    console.error(`Credit notes for booking ${bookingId} failed:`, error),
  );
  return { ok: true, refundedPence: amountPence };
}
