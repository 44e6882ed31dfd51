// Paying an accepted damage claim: back to the booking's payment, up to what
// is left of it, and the rest by bank transfer in the next bank batch's compensation section.
// A compensation is not a refund of the price: its refund rows (method "compensation") get no
// credit note and take nothing off the driver's share. The driver at fault may be charged an
// excess of up to £100 on their ledger.
//
// Once only: the gate is the claim's conditional move accepted → paid under the booking's row
// lock, so a double click or two admins pay once. The provider is asked after that commit
// (never inside a transaction); each charge's refund has the key easymove-claim-<claim>-<charge>,
// so a retry is the same refund, and when the provider refuses, the claim goes back to accepted.
import { claimPaymentSplit, DRIVER_EXCESS_MAX_PENCE } from "~/domain/damage-claims";
import { formatPounds } from "~/domain/money";
import { formatUkDateTime } from "~/domain/uk-datetime";
import type { BankDetails } from "~/schemas/bank-details";
import {
  CLAIM_DECISION_MESSAGES,
  CLAIM_PAYMENT_MESSAGES,
  CLAIM_STATE_LABELS,
  claimPaidHow,
} from "~/schemas/damage-claim-messages";
import { refundableCharges, refundCharge, settleLostRefund } from "~/server/bookings/refunds.server";
import { answerLost } from "~/server/payments/gateway";
import { recordExcessForDriver, recoverExcessFromTransfer } from "~/server/payouts/ledger.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { encryptSecret } from "~/server/platform/encryption.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import type { SessionUser } from "~/views/session-user";
import type { Prisma } from "../../../generated/prisma/client";
import { lockedClaim, postInTicket, type ClaimStep } from "./claim-decisions.server";

type Client = Prisma.TransactionClient | typeof db;

type Charges = Awaited<ReturnType<typeof refundableCharges>>;

/** What has been refunded to the booking's charges for this claim already. */
const compensationMade = (charges: Charges, claimId: string) =>
  charges
    .flatMap((charge) => charge.refunds)
    .filter((refund) => refund.damageClaimId === claimId)
    .reduce((sum, refund) => sum + refund.amountPence, 0);

/**
 * How an offer would be paid now, from the booking's charges (refundableCharges): refunded up
 * to what is left of them (this claim's own compensation already made counted as refundable to
 * it), the rest by bank.
 */
export function claimPaymentPlanFrom(charges: Charges, claimId: string, offeredPence: number) {
  const refundable = charges.reduce((sum, charge) => sum + charge.leftPence, 0) + compensationMade(charges, claimId);
  return claimPaymentSplit(offeredPence, refundable);
}

/** How an offer would be paid now (see claimPaymentPlanFrom). */
async function claimPaymentPlan(client: Client, bookingId: string, claimId: string, offeredPence: number) {
  return claimPaymentPlanFrom(await refundableCharges(client, bookingId), claimId, offeredPence);
}

/** The customer's account for their claim's bank part, stored encrypted (only its last four are shown). */
export async function saveClaimBankDetails(
  user: Pick<SessionUser, "id">,
  claimId: string,
  details: BankDetails,
): Promise<ClaimStep> {
  const { count } = await db.damageClaim.updateMany({
    // Until the bank part is in a batch: accepted, or paid and waiting for the next batch.
    where: {
      id: claimId,
      customerId: user.id,
      OR: [{ state: "accepted" }, { state: "paid", bankPence: { gt: 0 }, bankBatchId: null }],
    },
    data: {
      bankAccountName: details.accountName,
      bankSortCodeEncrypted: encryptSecret(details.sortCode),
      bankAccountNumberEncrypted: encryptSecret(details.accountNumber),
      bankAccountLast4: details.accountNumber.slice(-4),
    },
  });
  if (count === 0) return { ok: false, status: 409, message: CLAIM_PAYMENT_MESSAGES.bankNotNeeded };
  await recordAudit({ actorId: user.id, action: "claim.bank_details", targetType: "DamageClaim", targetId: claimId });
  return { ok: true };
}

type Gate = { ok: true; bookingId: string; refundPence: number; paidAt: Date } | Extract<ClaimStep, { ok: false }>;

/** The key of this claim's refund of this charge: a retry is the same refund at the provider. */
const compensationKey = (claimId: string, chargeId: string) => `easymove-claim-${claimId}-${chargeId}`;

/**
 * Before a claim is paid (again), or its stopped payment finished: each refund an earlier try
 * made at the provider whose answer was lost (a timeout, a 5xx after the refund) is looked up there by its key and recorded, so
 * it is counted and never made twice, even after the provider's idempotency window has ended.
 */
async function settleLostCompensation(claimId: string, bookingId: string) {
  for (const charge of await refundableCharges(db, bookingId)) {
    if (charge.refunds.some((refund) => refund.damageClaimId === claimId)) continue;
    await settleLostRefund(charge, compensationKey(claimId, charge.id), {
      method: "compensation",
      damageClaimId: claimId,
    });
  }
}

/** Pays the accepted offer: the refund part through the provider, the bank part into the next batch. */
export async function payClaim(adminId: string, claimId: string, now = new Date()): Promise<ClaimStep> {
  const claimed = await db.damageClaim.findUnique({ where: { id: claimId }, select: { bookingId: true, state: true } });
  if (claimed?.state === "accepted") {
    try {
      await settleLostCompensation(claimId, claimed.bookingId);
    } catch (error) {
      console.error(`Looking up earlier refunds of claim ${claimId} failed:`, error);
      return { ok: false, status: 502, message: CLAIM_PAYMENT_MESSAGES.notChecked };
    }
  }
  const gate = await db.$transaction(async (tx): Promise<Gate> => {
    const locked = await lockedClaim(tx, claimId);
    if (!locked) return { ok: false, status: 404, message: CLAIM_PAYMENT_MESSAGES.notFound };
    const { claim } = locked;
    if (claim.state !== "accepted" || claim.offeredPence === null)
      return { ok: false, status: 409, message: CLAIM_PAYMENT_MESSAGES.notAccepted(CLAIM_STATE_LABELS[claim.state]) };
    const split = await claimPaymentPlan(tx, claim.bookingId, claim.id, claim.offeredPence);
    if (split.bankPence > 0 && !claim.bankAccountNumberEncrypted)
      return {
        ok: false,
        status: 409,
        message: CLAIM_PAYMENT_MESSAGES.needsBankDetails(formatPounds(split.bankPence)),
      };
    const { count } = await tx.damageClaim.updateMany({
      where: { id: claim.id, state: "accepted" },
      data: { state: "paid", ...split, paidAt: now, paidById: adminId },
    });
    if (count !== 1) return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.changed };
    return { ok: true, bookingId: claim.bookingId, refundPence: split.refundPence, paidAt: now };
  });
  if (!gate.ok) return gate;

  try {
    await refundCompensation(claimId, gate.bookingId, gate.refundPence);
  } catch (error) {
    console.error(`Compensation refund for claim ${claimId} failed:`, error);
    // Back to accepted, so it can be paid again (the same keys make the retry the same refunds).
    await db.damageClaim.updateMany({
      where: { id: claimId, state: "paid", paidAt: gate.paidAt },
      data: { state: "accepted", refundPence: null, bankPence: null, paidAt: null, paidById: null },
    });
    return {
      ok: false,
      status: 502,
      message: answerLost(error) ? CLAIM_PAYMENT_MESSAGES.answerLost : CLAIM_PAYMENT_MESSAGES.failed,
    };
  }

  await announceClaimPaid(claimId);
  return { ok: true };
}

/**
 * Tells the customer, in the claim's ticket and by e-mail, how their claim was paid, once its
 * refunds are made: once only (paidNoticeAt), so the schedule that finishes a stopped payment
 * (finishClaimRefunds) can tell them too.
 */
async function announceClaimPaid(claimId: string) {
  const told = await db.$transaction(async (tx) => {
    const locked = await lockedClaim(tx, claimId);
    if (!locked) return null;
    const { claim } = locked;
    const { count } = await tx.damageClaim.updateMany({
      where: { id: claimId, state: "paid", paidNoticeAt: null },
      data: { paidNoticeAt: new Date() },
    });
    if (count !== 1) return null;
    const how = claimPaidHow({
      refund: claim.refundPence ? formatPounds(claim.refundPence) : null,
      bank: claim.bankPence ? formatPounds(claim.bankPence) : null,
      bankAccountLast4: claim.bankAccountLast4,
      bankSentOn: null,
    });
    await postInTicket(tx, claim, {
      fromSupport: true,
      authorId: claim.paidById,
      about: { kind: "claim-paid" },
      body: CLAIM_PAYMENT_MESSAGES.paidText(how),
    });
    await recordAudit(
      {
        actorId: claim.paidById,
        action: "claim.pay",
        targetType: "DamageClaim",
        targetId: claimId,
        details: { offeredPence: claim.offeredPence, refundPence: claim.refundPence, bankPence: claim.bankPence },
      },
      tx,
    );
    return claim.bookingId;
  });
  if (told) await publishLiveEvent({ bookingId: told, kind: "booking" });
}

/**
 * The refund part, from the booking's charges oldest first: one refund per charge for this
 * claim (a charge that already has one, from an earlier try, is counted and skipped).
 */
async function refundCompensation(claimId: string, bookingId: string, refundPence: number) {
  const charges = await refundableCharges(db, bookingId);
  let remaining = refundPence - compensationMade(charges, claimId);
  for (const charge of charges) {
    if (remaining <= 0) return;
    if (charge.refunds.some((refund) => refund.damageClaimId === claimId)) continue;
    const part = Math.min(charge.leftPence, remaining);
    if (part <= 0) continue;
    const refund = await refundCharge(charge, part, compensationKey(claimId, charge.id), {
      method: "compensation",
      damageClaimId: claimId,
    });
    if (!refund.ok) throw refund.error;
    remaining -= part;
  }
}

/** An admin charges the booking's driver an excess towards a paid claim, with the reason (checked by adminClaimStepSchema). */
export async function chargeDriverExcess(
  adminId: string,
  claimId: string,
  { amountPence, reason }: { amountPence: number; reason: string },
): Promise<ClaimStep> {
  const result = await db.$transaction(
    async (tx): Promise<(ClaimStep & { ok: false }) | { ok: true; bookingId: string; driverId: string }> => {
      const locked = await lockedClaim(tx, claimId);
      if (!locked) return { ok: false, status: 404, message: CLAIM_PAYMENT_MESSAGES.notFound };
      const { claim } = locked;
      const driverId = claim.booking.driverId;
      if (claim.state !== "paid") return { ok: false, status: 409, message: CLAIM_PAYMENT_MESSAGES.excessNotPaid };
      if (!driverId) return { ok: false, status: 409, message: CLAIM_PAYMENT_MESSAGES.excessNoDriver };
      const { count } = await tx.damageClaim.updateMany({
        where: { id: claim.id, excessPence: null },
        data: { excessPence: amountPence, excessReason: reason },
      });
      if (count !== 1) return { ok: false, status: 409, message: CLAIM_PAYMENT_MESSAGES.excessAlready };
      await recordExcessForDriver(tx, {
        claimId,
        bookingId: claim.bookingId,
        driverId,
        amountPence,
        note: `Excess towards the damage claim on ${claim.booking.reference}: ${reason}`,
      });
      await recordAudit(
        {
          actorId: adminId,
          action: "claim.driver_excess",
          targetType: "DamageClaim",
          targetId: claimId,
          details: { amountPence, reason, driverId },
        },
        tx,
      );
      return { ok: true, bookingId: claim.bookingId, driverId };
    },
  );
  if (!result.ok) return result;
  await recoverExcessFromTransfer({ claimId, bookingId: result.bookingId, driverId: result.driverId, amountPence });
  return { ok: true };
}

/** How the claim is (or would be) paid, and the driver's excess, as the admin's claim page shows them. */
export async function claimPaymentForAdmin(claimId: string) {
  const claim = await db.damageClaim.findUnique({
    where: { id: claimId },
    select: {
      id: true,
      bookingId: true,
      state: true,
      offeredPence: true,
      refundPence: true,
      bankPence: true,
      paidAt: true,
      bankAccountLast4: true,
      bankPaidAt: true,
      bankBatch: { select: { reference: true } },
      excessPence: true,
      excessReason: true,
      booking: { select: { driver: { select: { name: true } } } },
    },
  });
  if (!claim) return null;
  const plan =
    claim.state === "accepted" && claim.offeredPence !== null
      ? await claimPaymentPlan(db, claim.bookingId, claim.id, claim.offeredPence)
      : null;
  const split = plan ?? { refundPence: claim.refundPence ?? 0, bankPence: claim.bankPence ?? 0 };
  const bankState = !split.bankPence
    ? null
    : !claim.bankAccountLast4
      ? "waiting for the customer's bank details"
      : claim.bankPaidAt
        ? `to the account ending ${claim.bankAccountLast4}, sent with batch ${claim.bankBatch?.reference ?? ""}`
        : claim.bankBatch
          ? `to the account ending ${claim.bankAccountLast4}, in batch ${claim.bankBatch.reference} (not marked paid yet)`
          : `to the account ending ${claim.bankAccountLast4}, in the next bank batch`;
  return {
    mayPay: claim.state === "accepted",
    payBlocked: plan && plan.bankPence > 0 && !claim.bankAccountLast4 ? formatPounds(plan.bankPence) : null,
    refund: formatPounds(split.refundPence),
    bank: split.bankPence ? `${formatPounds(split.bankPence)} by bank transfer, ${bankState}` : null,
    paidText: claim.paidAt ? formatUkDateTime(claim.paidAt) : null,
    driverName: claim.booking.driver?.name ?? null,
    mayChargeExcess: claim.state === "paid" && claim.excessPence === null && claim.booking.driver !== null,
    excess: claim.excessPence === null ? null : `${formatPounds(claim.excessPence)}: ${claim.excessReason ?? ""}`,
    excessMax: formatPounds(DRIVER_EXCESS_MAX_PENCE),
  };
}

/** How long a paid claim's refund may be in the making before the schedule finishes it. */
const REFUND_GRACE_MS = 10 * 60_000;

/**
 * The payments a stopped process left unfinished (the claim marked paid, the provider not yet
 * asked or not yet answered, or the customer not yet told): finished now, on the queue's
 * schedule, under the same refund keys, so a refund that did happen is not made twice. How
 * many claims were finished.
 */
export async function finishClaimRefunds(now = new Date()) {
  const unfinished = await db.damageClaim.findMany({
    where: { state: "paid", paidNoticeAt: null, paidAt: { lt: new Date(now.getTime() - REFUND_GRACE_MS) } },
    select: { id: true, bookingId: true, refundPence: true },
    take: 50,
  });
  let finished = 0;
  for (const claim of unfinished) {
    try {
      // The stopped try may have made a refund whose answer never came: found first, not made again.
      await settleLostCompensation(claim.id, claim.bookingId);
      await refundCompensation(claim.id, claim.bookingId, claim.refundPence ?? 0);
      await announceClaimPaid(claim.id);
      finished++;
    } catch (error) {
      console.error(`Finishing the payment of claim ${claim.id} failed:`, error);
    }
  }
  return finished;
}
