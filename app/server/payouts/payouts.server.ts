// Paying drivers. With Stripe configured, a payout run transfers each payable job's net share
// to its driver's Express account (separate charges and transfers: source_transaction is the
// booking's charge; the idempotency key is the job and amount). Without Stripe, an admin
// exports the payable jobs as a bank-transfer batch (a CSV for the bank) and marks it paid.
// Either way a job is claimed by inserting its Payout row (bookingId is unique), so however
// many runs happen at once a job is paid once; the ledger's payout entry follows the money.
import { csvLine } from "~/domain/csv";
import { formatPounds } from "~/domain/money";
import {
  driverBalances,
  jobPayout,
  JOB_PAYOUT_STATE_LABELS,
  EARNING_PAYABLE_BOOKING_STATUS,
  heldBookingIds,
  PAYOUT_STATUS_LABELS,
  payoutSplit,
  periodStarts,
  type LedgerEntryFacts,
  type PayoutStatusValue,
} from "~/domain/payouts";
import { isoDateOf } from "~/domain/uk-calendar";
import { formatUkDate } from "~/domain/uk-datetime";
import { getStripeKeys } from "~/server/payments/settings.server";
import { chargeOfPaymentIntent, createTransfer } from "~/server/payments/stripe.server";
import { db } from "~/server/platform/db.server";
import { decryptSecret } from "~/server/platform/encryption.server";
import type { Prisma } from "../../../generated/prisma/client";

export type PayoutMode = "stripe" | "bank";

/** Stripe transfers when Stripe's secret key is set; else bank transfers by batch. */
export async function payoutMode(): Promise<PayoutMode> {
  return (await getStripeKeys()).secretKey ? "stripe" : "bank";
}

const RUN_LIMIT = 200;
/** A claim older than this (on the real clock) was left by a run that stopped. */
const staleClaim = () => new Date(Date.now() - 10 * 60_000);

/**
 * Payable jobs not yet claimed (or whose Stripe transfer failed), with what each is worth now:
 * the earning less any deductions. One query for the earnings, one for their deductions.
 */
async function payableJobs(now: Date, driverWhere: object) {
  const earnings = await db.driverLedgerEntry.findMany({
    where: {
      kind: "earning",
      availableAt: { lte: now },
      driver: driverWhere,
      booking: {
        // Held while an admin has moved the job back from completed (domain/payouts.ts).
        status: EARNING_PAYABLE_BOOKING_STATUS,
        OR: [
          { payout: null },
          { payout: { status: "failed" } },
          // A Stripe claim whose run stopped half way (the transfer's idempotency key makes a retry safe).
          { payout: { status: "pending", method: "stripe", createdAt: { lt: staleClaim() } } },
        ],
      },
    },
    orderBy: { availableAt: "asc" },
    take: RUN_LIMIT,
    select: { bookingId: true, driverId: true, amountPence: true, booking: { select: { reference: true } } },
  });
  const deductions = await db.driverLedgerEntry.groupBy({
    by: ["bookingId"],
    where: { kind: "deduction", bookingId: { in: earnings.map((entry) => entry.bookingId!) } },
    _sum: { amountPence: true },
  });
  const deducted = new Map(deductions.map((row) => [row.bookingId, row._sum.amountPence ?? 0]));
  return earnings
    .map((entry) => ({
      bookingId: entry.bookingId!,
      reference: entry.booking!.reference,
      driverId: entry.driverId,
      netPence: entry.amountPence + (deducted.get(entry.bookingId) ?? 0),
    }))
    .filter((job) => job.netPence > 0);
}

/** Claims a job for a payout; false when another run has it (or paid it). */
async function claim(
  job: { bookingId: string; driverId: string; netPence: number },
  method: "stripe" | "bank",
  batchId?: string,
  recoveredPence = 0,
) {
  const created = await db.payout.createMany({
    data: [
      {
        bookingId: job.bookingId,
        driverId: job.driverId,
        amountPence: job.netPence,
        recoveredPence,
        method,
        batchId: batchId ?? null,
      },
    ],
    skipDuplicates: true,
  });
  if (created.count === 1) return true;
  // A failed transfer (or a stale Stripe claim) may be tried again: taken over once.
  const retried = await db.payout.updateMany({
    where: {
      bookingId: job.bookingId,
      OR: [{ status: "failed" }, { status: "pending", method: "stripe", createdAt: { lt: staleClaim() } }],
    },
    data: {
      status: "pending",
      amountPence: job.netPence,
      recoveredPence,
      failureMessage: null,
      method,
      batchId: batchId ?? null,
      createdAt: new Date(),
    },
  });
  return retried.count === 1;
}

export type StripeRunResult = { paid: number; failed: number; skipped: number };

/** A Stripe payout run: each payable job of a driver whose account can receive is transferred. */
export async function runStripePayouts(now = new Date(), actorId?: string): Promise<StripeRunResult> {
  const { secretKey } = await getStripeKeys();
  const result = { paid: 0, failed: 0, skipped: 0 };
  if (!secretKey) return result;
  const jobs = await payableJobs(now, { stripePayoutsEnabled: true, stripeAccountId: { not: null } });
  // What each driver owes back (a reversal or an excess not yet recovered) is kept out of their
  // jobs' transfers, oldest job first, as a bank batch keeps it out of their line. A part already
  // kept by a payout not yet settled (its run stopped half way; its recovery is written when it
  // settles) is not kept again.
  const driverIds = [...new Set(jobs.map((job) => job.driverId))];
  const owed = await debtsOf(driverIds);
  const keptUnsettled = await db.payout.groupBy({
    by: ["driverId"],
    where: {
      driverId: { in: driverIds },
      bookingId: { notIn: jobs.map((job) => job.bookingId) }, // (one retried now keeps its part anew)
      method: "stripe",
      status: "pending",
      recoveredPence: { gt: 0 },
    },
    _sum: { recoveredPence: true },
  });
  for (const row of keptUnsettled)
    owed.set(row.driverId, Math.max(0, (owed.get(row.driverId) ?? 0) - (row._sum.recoveredPence ?? 0)));
  for (const job of jobs) {
    const recoveredPence = Math.min(owed.get(job.driverId) ?? 0, job.netPence);
    if (!(await claim(job, "stripe", undefined, recoveredPence))) {
      result.skipped++;
      continue;
    }
    owed.set(job.driverId, (owed.get(job.driverId) ?? 0) - recoveredPence);
    const payout = await db.payout.findUniqueOrThrow({
      where: { bookingId: job.bookingId },
      select: { id: true, driver: { select: { stripeAccountId: true } } },
    });
    const transferPence = job.netPence - recoveredPence;
    if (transferPence === 0) {
      // All of it kept against the debt: nothing to transfer.
      await settleStripePayout(payout.id, null, now);
      result.paid++;
      continue;
    }
    const charge = await db.payment.findFirst({
      where: {
        bookingId: job.bookingId,
        provider: "stripe",
        status: { in: ["succeeded", "refunded"] },
        refundOfId: null,
      },
      orderBy: { createdAt: "asc" },
      select: { providerPaymentId: true },
    });
    const sourceTransaction = charge ? await chargeOfPaymentIntent(secretKey, charge.providerPaymentId) : null;
    const transfer = sourceTransaction
      ? await createTransfer(secretKey, {
          amountPence: transferPence,
          destination: payout.driver.stripeAccountId!,
          sourceTransaction,
          transferGroup: job.reference,
          bookingId: job.bookingId,
          idempotencyKey: `payout-${job.bookingId}-${transferPence}`,
        })
      : ({ ok: false, reason: "The booking was not paid through Stripe: pay this job by bank transfer." } as const);
    if (!transfer.ok) {
      await db.payout.update({ where: { id: payout.id }, data: { status: "failed", failureMessage: transfer.reason } });
      // Not kept after all: the debt waits for the next job.
      owed.set(job.driverId, (owed.get(job.driverId) ?? 0) + recoveredPence);
      result.failed++;
      continue;
    }
    await settleStripePayout(payout.id, transfer.transferId, now);
    result.paid++;
  }
  if (actorId)
    await db.auditLog.create({
      data: { actorId, action: "payouts.stripe_run", targetType: "Payout", targetId: "stripe", details: result },
    });
  return result;
}

/**
 * A Stripe payout went through (its transfer made, or all of it kept against a debt): paid, with
 * the ledger's payout entry and, for what was kept, a recovery, once (the run that made it, or
 * the transfer.created webhook when that run stopped half way).
 */
async function settleStripePayout(payoutId: string, transferId: string | null, now: Date) {
  await db.$transaction(async (tx) => {
    const payout = await tx.payout.findUniqueOrThrow({ where: { id: payoutId } });
    if (payout.status === "paid") return;
    await tx.payout.update({
      where: { id: payoutId },
      data: { status: "paid", stripeTransferId: transferId, paidAt: now },
    });
    await tx.driverLedgerEntry.createMany({
      data: [
        {
          key: `payout:${payoutId}`,
          driverId: payout.driverId,
          bookingId: payout.bookingId,
          kind: "payout",
          amountPence: -payout.amountPence,
          availableAt: now,
          payoutId,
          note: transferId ? `Stripe transfer ${transferId}` : "Kept against what you owed",
        },
        ...(payout.recoveredPence > 0
          ? [
              {
                key: `recovery:payout:${payoutId}`,
                driverId: payout.driverId,
                kind: "recovery" as const,
                amountPence: payout.recoveredPence,
                availableAt: now,
                note: "Kept out of a Stripe payout",
              },
            ]
          : []),
      ],
      skipDuplicates: true,
    });
  });
}

/** Stripe's transfer.created event: the job's claimed payout is paid (if the run could not say so). */
export async function confirmTransfer(transfer: {
  id: string;
  amount?: number;
  metadata?: Record<string, string> | null;
}) {
  const bookingId = transfer.metadata?.bookingId;
  if (!bookingId) return false;
  const payout = await db.payout.findUnique({ where: { bookingId } });
  if (
    !payout ||
    payout.method !== "stripe" ||
    payout.status === "paid" ||
    payout.amountPence - payout.recoveredPence !== transfer.amount
  )
    return false;
  await settleStripePayout(payout.id, transfer.id, new Date());
  return true;
}

/** What a driver owes back (reversals and excesses not yet recovered), in pence (0 or more). */
async function debtsOf(driverIds: string[]) {
  const rows = await db.driverLedgerEntry.groupBy({
    by: ["driverId"],
    where: { driverId: { in: driverIds }, kind: { in: ["reversal", "excess", "recovery"] } },
    _sum: { amountPence: true },
  });
  return new Map(rows.map((row) => [row.driverId, Math.max(0, -(row._sum.amountPence ?? 0))]));
}

type BatchLine = { driverId: string; jobsPence: number; recoveredPence: number; amountPence: number };

/** Paid damage claims whose bank part waits for a bank batch (the customer's details given). */
const COMPENSATION_OWED = {
  state: "paid",
  bankPence: { gt: 0 },
  bankBatchId: null,
  bankAccountNumberEncrypted: { not: null },
} satisfies Prisma.DamageClaimWhereInput;

/**
 * A bank-transfer batch of every payable job whose driver gave bank details (without Stripe), one line per
 * driver less anything they owe back, and its compensation section: the bank part of each paid
 * damage claim. Jobs and claims are claimed into the batch (once each, however many exports run
 * at once). Null when nothing is owed.
 */
export async function exportBankBatch(adminId: string, now = new Date()) {
  // With Stripe, drivers are paid by Stripe transfer (runStripePayouts): the batch then carries
  // only the claims' bank parts.
  const jobs =
    (await payoutMode()) === "bank" ? await payableJobs(now, { bankAccountNumberEncrypted: { not: null } }) : [];
  if (jobs.length === 0 && (await db.damageClaim.count({ where: COMPENSATION_OWED })) === 0) return null;
  const batch = await db.payoutBatch.create({
    data: {
      reference: `PAY-${isoDateOf(now).replaceAll("-", "")}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
      createdById: adminId,
    },
  });
  const claimed = [];
  for (const job of jobs) if (await claim(job, "bank", batch.id)) claimed.push(job);
  const compensation = await db.damageClaim.updateMany({ where: COMPENSATION_OWED, data: { bankBatchId: batch.id } });
  if (claimed.length === 0 && compensation.count === 0) {
    await db.payoutBatch.delete({ where: { id: batch.id } });
    return null;
  }
  const byDriver = new Map<string, number>();
  for (const job of claimed) byDriver.set(job.driverId, (byDriver.get(job.driverId) ?? 0) + job.netPence);
  const debts = await debtsOf([...byDriver.keys()]);
  const lines: BatchLine[] = [...byDriver].map(([driverId, jobsPence]) => {
    const recoveredPence = Math.min(debts.get(driverId) ?? 0, jobsPence);
    return { driverId, jobsPence, recoveredPence, amountPence: jobsPence - recoveredPence };
  });
  await db.payoutBatch.update({ where: { id: batch.id }, data: { lines } });
  return { id: batch.id, reference: batch.reference, jobs: claimed.length, claims: compensation.count };
}

/**
 * The batch as the bank takes it: name, sort code, account number, amount, reference. The
 * drivers' lines first, then the compensation section (references "CLAIM" and the booking's).
 */
export async function bankBatchCsv(batchId: string) {
  const batch = await db.payoutBatch.findUnique({
    where: { id: batchId },
    include: {
      claims: {
        orderBy: { paidAt: "asc" },
        select: {
          bankPence: true,
          bankAccountName: true,
          bankSortCodeEncrypted: true,
          bankAccountNumberEncrypted: true,
          booking: { select: { reference: true } },
        },
      },
    },
  });
  if (!batch) return null;
  const lines = batch.lines as BatchLine[];
  const drivers = await db.driver.findMany({
    where: { id: { in: lines.map((line) => line.driverId) } },
    select: { id: true, bankAccountName: true, bankSortCodeEncrypted: true, bankAccountNumberEncrypted: true },
  });
  const byId = new Map(drivers.map((driver) => [driver.id, driver]));
  const rows = [csvLine(["Name", "Sort Code", "Account Number", "Amount (GBP)", "Reference"])];
  for (const line of lines) {
    const driver = byId.get(line.driverId);
    if (!driver?.bankSortCodeEncrypted || !driver.bankAccountNumberEncrypted || line.amountPence <= 0) continue;
    rows.push(
      csvLine([
        driver.bankAccountName ?? "",
        decryptSecret(driver.bankSortCodeEncrypted),
        decryptSecret(driver.bankAccountNumberEncrypted),
        (line.amountPence / 100).toFixed(2),
        batch.reference,
      ]),
    );
  }
  for (const claim of batch.claims) {
    if (!claim.bankSortCodeEncrypted || !claim.bankAccountNumberEncrypted || !claim.bankPence) continue;
    rows.push(
      csvLine([
        claim.bankAccountName ?? "",
        decryptSecret(claim.bankSortCodeEncrypted),
        decryptSecret(claim.bankAccountNumberEncrypted),
        (claim.bankPence / 100).toFixed(2),
        `CLAIM ${claim.booking.reference}`,
      ]),
    );
  }
  return { reference: batch.reference, csv: rows.join("") };
}

/** The bank paid the batch: its jobs are paid, with their ledger entries, once. */
export async function markBatchPaid(batchId: string, adminId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.payoutBatch.updateMany({
      where: { id: batchId, paidAt: null },
      data: { paidAt: now, paidById: adminId },
    });
    if (count === 0) return false;
    const batch = await tx.payoutBatch.findUniqueOrThrow({
      where: { id: batchId },
      include: {
        payouts: { select: { id: true, bookingId: true, driverId: true, amountPence: true } },
        claims: { select: { id: true } },
      },
    });
    await tx.payout.updateMany({ where: { batchId }, data: { status: "paid", paidAt: now } });
    await tx.damageClaim.updateMany({ where: { bankBatchId: batchId }, data: { bankPaidAt: now } });
    await tx.driverLedgerEntry.createMany({
      data: [
        ...batch.payouts.map((payout) => ({
          key: `payout:${payout.id}`,
          driverId: payout.driverId,
          bookingId: payout.bookingId,
          kind: "payout" as const,
          amountPence: -payout.amountPence,
          availableAt: now,
          payoutId: payout.id,
          note: `Bank transfer ${batch.reference}`,
        })),
        ...(batch.lines as BatchLine[])
          .filter((line) => line.recoveredPence > 0)
          .map((line) => ({
            key: `recovery:${batch.id}:${line.driverId}`,
            driverId: line.driverId,
            kind: "recovery" as const,
            amountPence: line.recoveredPence,
            availableAt: now,
            note: `Taken out of bank transfer ${batch.reference}`,
          })),
      ],
      skipDuplicates: true,
    });
    await tx.auditLog.create({
      data: {
        actorId: adminId,
        action: "payouts.batch_paid",
        targetType: "PayoutBatch",
        targetId: batchId,
        details: { reference: batch.reference, payouts: batch.payouts.length, claims: batch.claims.length },
      },
    });
    return true;
  });
}

// ---------------------------------------------------------------- what the pages show

type Entry = LedgerEntryFacts & { driverId: string; createdAt: Date };

/** Every driver with money on the ledger: what may be paid now, what waits, how they are paid. */
export async function driverBalancesList(now = new Date()) {
  const entries = await db.driverLedgerEntry.groupBy({
    by: ["driverId"],
    _sum: { amountPence: true },
  });
  const payableNow = await db.driverLedgerEntry.groupBy({
    by: ["driverId"],
    where: { availableAt: { lte: now } },
    _sum: { amountPence: true },
  });
  const payable = new Map(payableNow.map((row) => [row.driverId, row._sum.amountPence ?? 0]));
  // The earnings held (jobs moved back from completed) come out of "payable now" and "pending".
  const entriesNotCompleted = await db.driverLedgerEntry.findMany({
    where: { booking: { status: { not: EARNING_PAYABLE_BOOKING_STATUS } } },
    select: { bookingId: true, driverId: true, kind: true, amountPence: true, availableAt: true },
  });
  const heldBookings = heldBookingIds(entriesNotCompleted, now);
  const heldEntries = entriesNotCompleted.filter((entry) => entry.bookingId && heldBookings.has(entry.bookingId));
  const heldOf = (driverId: string, available: boolean) =>
    heldEntries
      .filter((entry) => entry.driverId === driverId && entry.availableAt <= now === available)
      .reduce((sum, entry) => sum + entry.amountPence, 0);
  const drivers = await db.driver.findMany({
    where: { id: { in: entries.map((row) => row.driverId) } },
    select: {
      id: true,
      name: true,
      stripeAccountId: true,
      stripePayoutsEnabled: true,
      bankAccountLast4: true,
    },
    orderBy: { name: "asc" },
  });
  const balance = new Map(entries.map((row) => [row.driverId, row._sum.amountPence ?? 0]));
  return drivers.map((driver) => {
    const total = balance.get(driver.id) ?? 0;
    const heldAvailable = heldOf(driver.id, true);
    const heldWaiting = heldOf(driver.id, false);
    const payableNowPence = (payable.get(driver.id) ?? 0) - heldAvailable;
    return {
      id: driver.id,
      name: driver.name,
      payable: formatPounds(payableNowPence),
      payablePence: payableNowPence,
      pending: formatPounds(total - payableNowPence - heldAvailable - heldWaiting),
      held: formatPounds(heldAvailable + heldWaiting),
      balance: formatPounds(total),
      payTo: driver.stripePayoutsEnabled
        ? "Stripe account"
        : driver.bankAccountLast4
          ? `Bank account ending ${driver.bankAccountLast4}`
          : "No payout details yet",
    };
  });
}

/** Each driver's balance (pence), for the admins' driver cards. */
export async function balancesOf(driverIds: string[]) {
  const rows = await db.driverLedgerEntry.groupBy({
    by: ["driverId"],
    where: { driverId: { in: driverIds } },
    _sum: { amountPence: true },
  });
  return new Map(rows.map((row) => [row.driverId, row._sum.amountPence ?? 0]));
}

/** Paid claims' bank parts waiting for the next batch: how many and how much (pence). */
export async function compensationOwed() {
  const owed = await db.damageClaim.aggregate({ where: COMPENSATION_OWED, _count: true, _sum: { bankPence: true } });
  return { claims: owed._count, total: formatPounds(owed._sum.bankPence ?? 0) };
}

/** The batches, newest first, for the admins' payouts page. */
export async function payoutBatches() {
  const batches = await db.payoutBatch.findMany({
    orderBy: { createdAt: "desc" },
    take: 20,
    include: { claims: { select: { bankPence: true } } },
  });
  return batches.map((batch) => {
    const lines = batch.lines as BatchLine[];
    const compensationPence = batch.claims.reduce((sum, claim) => sum + (claim.bankPence ?? 0), 0);
    return {
      id: batch.id,
      reference: batch.reference,
      createdText: formatUkDate(batch.createdAt),
      paid: batch.paidAt !== null,
      paidText: batch.paidAt ? formatUkDate(batch.paidAt) : null,
      drivers: lines.length,
      claims: batch.claims.length,
      compensation: formatPounds(compensationPence),
      total: formatPounds(lines.reduce((sum, line) => sum + line.amountPence, 0) + compensationPence),
    };
  });
}

/** A driver's earnings: each job's state, the week's and month's totals, and the balances. */
export async function driverEarnings(driverId: string, now = new Date()) {
  const entries: Entry[] = await db.driverLedgerEntry.findMany({
    where: { driverId },
    orderBy: { createdAt: "asc" },
    select: { bookingId: true, kind: true, amountPence: true, availableAt: true, driverId: true, createdAt: true },
  });
  const bookingIds = [...new Set(entries.map((entry) => entry.bookingId).filter((id): id is string => id !== null))];
  // Excesses towards damage claims: what each was for, from its note.
  const excesses = await db.driverLedgerEntry.findMany({
    where: { driverId, kind: "excess" },
    orderBy: { createdAt: "desc" },
    select: { id: true, amountPence: true, note: true, createdAt: true },
  });
  const bookings = await db.booking.findMany({
    where: { id: { in: bookingIds } },
    select: { id: true, reference: true, completedAt: true, moveDate: true, status: true },
  });
  const { week, month } = periodStarts(now);
  const jobs = bookings
    .map((booking) => {
      const payout = jobPayout(
        entries.filter((entry) => entry.bookingId === booking.id),
        now,
        { completed: booking.status === EARNING_PAYABLE_BOOKING_STATUS },
      );
      return {
        id: booking.id,
        reference: booking.reference,
        completedAt: booking.completedAt,
        completedText: booking.completedAt ? formatUkDate(booking.completedAt) : "",
        state: payout.state,
        stateLabel: JOB_PAYOUT_STATE_LABELS[payout.state],
        earned: formatPounds(payout.earnedPence),
        net: formatPounds(payout.netPence - payout.reversedPence),
        netPence: payout.netPence - payout.reversedPence,
      };
    })
    .sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0));
  const totalSince = (start: Date) =>
    jobs.filter((job) => job.completedAt && job.completedAt >= start).reduce((sum, job) => sum + job.netPence, 0);
  const held = new Set(jobs.filter((job) => job.state === "held").map((job) => job.id));
  const balances = driverBalances(entries, now, held);
  return {
    jobs: jobs.map(({ completedAt: _completedAt, netPence: _netPence, ...job }) => job),
    weekTotal: formatPounds(totalSince(week)),
    monthTotal: formatPounds(totalSince(month)),
    payable: formatPounds(balances.payablePence),
    pending: formatPounds(balances.pendingPence),
    held: balances.heldPence === 0 ? null : formatPounds(balances.heldPence),
    payouts: await driverPayouts(driverId),
    charges: excesses.map((entry) => ({
      id: entry.id,
      dateText: formatUkDate(entry.createdAt),
      amount: formatPounds(-entry.amountPence),
      note: entry.note ?? "",
    })),
  };
}

/** How many of a driver's latest payouts their earnings page lists. */
const PAYOUTS_LISTED = 20;

/**
 * A driver's latest payouts, newest first: each Stripe transfer (one per job) and each of their
 * lines in a bank-transfer batch, with what was sent and what was kept against money owed back.
 */
async function driverPayouts(driverId: string) {
  const [transfers, batches] = await Promise.all([
    db.payout.findMany({
      where: { driverId, method: "stripe" },
      orderBy: { createdAt: "desc" },
      take: PAYOUTS_LISTED,
      select: {
        id: true,
        amountPence: true,
        recoveredPence: true,
        status: true,
        createdAt: true,
        paidAt: true,
        booking: { select: { reference: true } },
      },
    }),
    db.payoutBatch.findMany({
      where: { payouts: { some: { driverId } } },
      orderBy: { createdAt: "desc" },
      take: PAYOUTS_LISTED,
      select: { id: true, reference: true, createdAt: true, paidAt: true, lines: true },
    }),
  ]);
  const payouts = [
    ...transfers.map((payout) => {
      const split = payoutSplit(payout);
      return {
        id: payout.id,
        at: payout.paidAt ?? payout.createdAt,
        // All of it kept against a debt: no transfer was made.
        what:
          split.sentPence > 0
            ? `Stripe transfer for job ${payout.booking.reference}`
            : `Job ${payout.booking.reference}, kept in full`,
        status: payout.status,
        ...split,
      };
    }),
    ...batches.flatMap((batch) => {
      const line = (batch.lines as BatchLine[]).find((entry) => entry.driverId === driverId);
      if (!line) return [];
      const status: PayoutStatusValue = batch.paidAt ? "paid" : "pending";
      return [
        {
          id: batch.id,
          at: batch.paidAt ?? batch.createdAt,
          what: `Bank transfer ${batch.reference}`,
          status,
          ...payoutSplit({ amountPence: line.jobsPence, recoveredPence: line.recoveredPence }),
        },
      ];
    }),
  ];
  return payouts
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, PAYOUTS_LISTED)
    .map((payout) => ({
      id: payout.id,
      dateText: formatUkDate(payout.at),
      what: payout.what,
      stateLabel: PAYOUT_STATUS_LABELS[payout.status],
      sent: formatPounds(payout.sentPence),
      kept: payout.keptPence > 0 ? formatPounds(payout.keptPence) : null,
    }));
}
