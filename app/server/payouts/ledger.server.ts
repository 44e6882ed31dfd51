// The ledger's writes: a job's earning at its proof of delivery, and the driver's part of a
// refund (a deduction before the payout, a reversal after it, taken back from the driver's
// Stripe account when the job was paid by transfer). Each entry has a key that makes it count
// once; nothing is ever updated or deleted.
import { refundShares } from "~/domain/invoices";
import { payableFrom } from "~/domain/payouts";
import { getStripeKeys } from "~/server/payments/settings.server";
import { reverseTransfer } from "~/server/payments/stripe.server";
import { db } from "~/server/platform/db.server";
import type { Prisma } from "../../../generated/prisma/client";

type Client = Prisma.TransactionClient | typeof db;

/** The completed job's earning (the booking's driverShare), payable 48 hours after completion. */
export async function recordEarning(
  client: Client,
  booking: { id: string; driverId: string | null; driverShare: number },
  completedAt: Date,
) {
  if (!booking.driverId || booking.driverShare <= 0) return;
  await client.driverLedgerEntry.createMany({
    data: [
      {
        key: `earning:${booking.id}`,
        driverId: booking.driverId,
        bookingId: booking.id,
        kind: "earning",
        amountPence: booking.driverShare,
        availableAt: payableFrom(completedAt),
      },
    ],
    skipDuplicates: true,
  });
}

/**
 * The driver's part of a refund of a completed job (the refund split as the price was:
 * refundShares). Before the job is paid out it is a deduction from the earning; once a payout
 * is under way or made, a reversal, and a Stripe transfer gives that part back from the
 * driver's account (a recovery). Nothing for a job that earned nothing yet.
 */
export async function recordRefundForDriver(refund: { id: string; bookingId: string; amountPence: number }) {
  const booking = await db.booking.findUnique({
    where: { id: refund.bookingId },
    select: {
      id: true,
      finalPrice: true,
      platformFee: true,
      vatAmount: true,
      driverShare: true,
      payout: { select: { status: true, method: true, stripeTransferId: true } },
      ledgerEntries: {
        where: { kind: { in: ["earning", "deduction"] } },
        select: { kind: true, amountPence: true, availableAt: true, driverId: true },
      },
    },
  });
  const earning = booking?.ledgerEntries.find((entry) => entry.kind === "earning");
  if (!booking || !earning) return null;
  const share = refundShares(
    {
      totalPence: booking.finalPrice,
      platformFeePence: booking.platformFee,
      vatPence: booking.vatAmount,
      driverSharePence: booking.driverShare,
    },
    Math.min(refund.amountPence, booking.finalPrice),
  ).driverSharePence;
  const net = booking.ledgerEntries.reduce((sum, entry) => sum + entry.amountPence, 0);
  const afterPayout = booking.payout?.status === "paid" || booking.payout?.status === "pending";
  if (!afterPayout) {
    const amount = Math.min(share, net);
    if (amount <= 0) return null;
    await db.driverLedgerEntry.createMany({
      data: [
        {
          key: `deduction:${refund.id}`,
          driverId: earning.driverId,
          bookingId: booking.id,
          kind: "deduction",
          amountPence: -amount,
          availableAt: earning.availableAt,
          note: "Refund before the payout",
        },
      ],
      skipDuplicates: true,
    });
    return "deduction" as const;
  }
  if (share <= 0) return null;
  await db.driverLedgerEntry.createMany({
    data: [
      {
        key: `reversal:${refund.id}`,
        driverId: earning.driverId,
        bookingId: booking.id,
        kind: "reversal",
        amountPence: -share,
        note: "Refund after the payout",
      },
    ],
    skipDuplicates: true,
  });
  const transferId = booking.payout?.method === "stripe" ? booking.payout.stripeTransferId : null;
  const { secretKey } = await getStripeKeys();
  if (transferId && secretKey) {
    const reversed = await reverseTransfer(secretKey, transferId, share, `reversal-${refund.id}`);
    if (reversed.ok) {
      await db.driverLedgerEntry.createMany({
        data: [
          {
            key: `recovery:${refund.id}`,
            driverId: earning.driverId,
            bookingId: booking.id,
            kind: "recovery",
            amountPence: share,
            note: `Taken back from the driver's Stripe account (${reversed.transferId})`,
          },
        ],
        skipDuplicates: true,
      });
    } else {
      // Left as the driver's debt: the next bank batch recovers it, and admins see it on the balance.
      console.error(`Transfer reversal for refund ${refund.id} failed: ${reversed.reason}`);
    }
  }
  return "reversal" as const;
}

/**
 * The excess an admin charges the driver at fault for a damage claim (at most £100): a debt on
 * their ledger from now, like a reversal. When the job was paid out by a Stripe transfer, that
 * part of the transfer is taken back at once (a recovery); otherwise, or if Stripe refuses, the
 * next bank batch recovers it. Once per claim (its key).
 */
export async function recordExcessForDriver(
  client: Client,
  excess: { claimId: string; bookingId: string; driverId: string; amountPence: number; note: string },
) {
  await client.driverLedgerEntry.createMany({
    data: [
      {
        key: `excess:${excess.claimId}`,
        driverId: excess.driverId,
        bookingId: excess.bookingId,
        kind: "excess",
        amountPence: -excess.amountPence,
        note: excess.note,
      },
    ],
    skipDuplicates: true,
  });
}

/** Takes a recorded excess back from the job's Stripe transfer, when it was paid by one (after the excess's transaction). */
export async function recoverExcessFromTransfer(excess: {
  claimId: string;
  bookingId: string;
  driverId: string;
  amountPence: number;
}) {
  const payout = await db.payout.findUnique({
    where: { bookingId: excess.bookingId },
    select: { status: true, method: true, stripeTransferId: true, amountPence: true, recoveredPence: true },
  });
  const { secretKey } = await getStripeKeys();
  if (payout?.status !== "paid" || payout.method !== "stripe" || !payout.stripeTransferId || !secretKey) return false;
  // No more than the transfer carried (a part kept against an earlier debt was never sent).
  const amount = Math.min(excess.amountPence, payout.amountPence - payout.recoveredPence);
  const reversed = await reverseTransfer(secretKey, payout.stripeTransferId, amount, `excess-${excess.claimId}`);
  if (!reversed.ok) {
    console.error(`Transfer reversal for the excess of claim ${excess.claimId} failed: ${reversed.reason}`);
    return false;
  }
  await db.driverLedgerEntry.createMany({
    data: [
      {
        key: `recovery:excess:${excess.claimId}`,
        driverId: excess.driverId,
        bookingId: excess.bookingId,
        kind: "recovery",
        amountPence: amount,
        note: `Taken back from the driver's Stripe account (${reversed.transferId})`,
      },
    ],
    skipDuplicates: true,
  });
  return true;
}
