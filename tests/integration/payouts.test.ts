// Money that reaches the drivers, against a real PostgreSQL and the Stripe
// stand-in: a job goes from the customer's payment, to the proof of delivery (its earning), to
// payable after 48 hours, to the payout (a Stripe Connect transfer tied to the booking's
// charge, or a bank-transfer batch), to a reversal after a late refund; the ledger balances at
// every step. Twenty payout runs at once never pay a job twice.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPounds } from "~/domain/money";
import { PAYOUT_HOLD_HOURS } from "~/domain/payouts";
import { action as webhookAction } from "~/routes/api+/webhooks.stripe";
import { overrideTracking } from "~/server/admin/booking-commands.server";
import { recordProviderPayment } from "~/server/bookings/checkout.server";
import { issueInvoice } from "~/server/bookings/invoices.server";
import { REFUND_MESSAGES, refundBookingByAdmin } from "~/server/bookings/refunds.server";
import { payWithSandboxCard, sandboxGateway } from "~/server/payments/sandbox.server";
import { createStripeGateway } from "~/server/payments/stripe.server";
import {
  payoutDetails,
  refreshStripeAccount,
  saveBankDetails,
  stripeOnboardingUrl,
} from "~/server/payouts/payout-details.server";
import {
  bankBatchCsv,
  driverBalancesList,
  driverEarnings,
  exportBankBatch,
  markBatchPaid,
  runStripePayouts,
} from "~/server/payouts/payouts.server";
import { db } from "~/server/platform/db.server";
import { decryptSecret } from "~/server/platform/encryption.server";
import { setEnv } from "../support/env";
import { parseCsv } from "../support/parse-csv";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { BASE, call, createAccount, unique } from "./auth-helpers";
import { createApprovedDriver } from "./factories";

const SECRET_KEY = "sk_test_payoutsStandIn";
const HOUR = 3_600_000;

let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  admin = await createAccount({ role: "admin" });
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.requests.length = 0;
});

const withStripe = () => setEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: stripe.baseUrl });
const withoutStripe = () => setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });

/** A driver with an account; with Stripe, onboarded to an Express account that can receive transfers. */
async function driverWith(payTo: "stripe" | "bank") {
  const user = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: user.id } });
  if (payTo === "stripe") {
    const url = await stripeOnboardingUrl({ id: driver.id, email: driver.email });
    expect(url).toContain("/connect/onboard/acct_");
    const { stripeAccountId } = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
    expect(await refreshStripeAccount(driver.id)).toBe(false); // not onboarded yet
    stripe.finishOnboarding(stripeAccountId!);
    expect(await refreshStripeAccount(driver.id)).toBe(true);
  } else {
    await saveBankDetails(driver.id, { accountName: "J Driver", sortCode: "20-00-01", accountNumber: "12345678" });
  }
  return driver;
}

/** A booking of £123.45 (£111.45 for the driver), paid by the customer through Stripe or the sandbox. */
async function paidJob(driverId: string, provider: "stripe" | "sandbox") {
  const id = unique();
  const booking = await db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      status: "assigned",
      driverId,
      trackingStatus: "arrived",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() - 5 * 86_400_000),
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 2,
      customerName: "Pat Payer",
      customerEmail: `payer-${id}@example.com`,
      subTotal: 12_145,
      platformFee: 1000,
      driverShare: 11_145,
      vatAmount: 200,
      originalPrice: 12_345,
      finalPrice: 12_345,
    },
  });
  const input = {
    bookingId: booking.id,
    reference: booking.reference,
    description: `Booking ${booking.reference}`,
    amountPence: booking.finalPrice,
    customerEmail: booking.customerEmail!,
    idempotencyKey: `payout-test-${booking.id}`,
  };
  let payment;
  if (provider === "stripe") {
    const gateway = createStripeGateway(SECRET_KEY);
    const intent = await gateway.createPaymentIntent(input);
    stripe.setPaymentIntentStatus(intent.id, "succeeded");
    payment = await gateway.retrievePaymentIntent(intent.id);
  } else {
    const intent = await sandboxGateway.createPaymentIntent(input);
    payment = (await payWithSandboxCard(intent.id, "4242 4242 4242 4242"))!.payment;
  }
  expect((await recordProviderPayment(payment!)).outcome).toBe("paid");
  return booking;
}

/** The driver's proof of delivery, by an admin's hand (the same earning as the driver's own). */
async function complete(bookingId: string) {
  const done = await overrideTracking(admin.id, bookingId, "completed", "Proof of delivery checked");
  expect(done).toMatchObject({ ok: true, changed: true });
  return (await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).completedAt!;
}

const ledgerOf = (driverId: string) =>
  db.driverLedgerEntry.findMany({ where: { driverId }, orderBy: { createdAt: "asc" } });
const sum = (rows: { amountPence: number }[]) => rows.reduce((total, row) => total + row.amountPence, 0);
const minus = (pence: number) => (pence === 0 ? 0 : -pence);

/**
 * The ledger balances: what the driver is owed equals their share of what customers kept
 * paying (charges less refunds, split as the prices were) less what reached them.
 */
async function expectBalanced(driverId: string, bookingIds: string[]) {
  const entries = await ledgerOf(driverId);
  const earned = sum(entries.filter((entry) => entry.kind === "earning"));
  const refundedShare = minus(sum(entries.filter((entry) => entry.kind === "deduction" || entry.kind === "reversal")));
  const paid = minus(sum(entries.filter((entry) => entry.kind === "payout")));
  const recovered = sum(entries.filter((entry) => entry.kind === "recovery"));
  expect(sum(entries)).toBe(earned - refundedShare - paid + recovered);
  // Every payout entry is money that left: a paid Payout row of the same amount.
  const payouts = await db.payout.findMany({ where: { driverId, bookingId: { in: bookingIds }, status: "paid" } });
  expect(sum(payouts)).toBe(paid);
  // Each amount is whole pence.
  for (const entry of entries) expect(Number.isInteger(entry.amountPence)).toBe(true);
  return { balance: sum(entries), earned, refundedShare, paid, recovered };
}

describe("a job's money, with Stripe Connect", () => {
  it("goes from payment to earning, payable after 48 hours, transferred, then reversed after a late refund", async () => {
    withStripe();
    const driver = await driverWith("stripe");
    const booking = await paidJob(driver.id, "stripe");
    expect(await ledgerOf(driver.id)).toEqual([]);
    await expectBalanced(driver.id, [booking.id]);

    const completedAt = await complete(booking.id);
    const [earning] = await ledgerOf(driver.id);
    expect(earning).toMatchObject({ kind: "earning", amountPence: 11_145, bookingId: booking.id });
    expect(earning!.availableAt.getTime()).toBe(completedAt.getTime() + PAYOUT_HOLD_HOURS * HOUR);
    expect((await driverEarnings(driver.id, new Date(completedAt.getTime() + HOUR))).jobs[0]).toMatchObject({
      state: "pending",
    });

    // Within the 48 hours nothing is paid.
    await runStripePayouts(new Date(completedAt.getTime() + 47 * HOUR));
    expect(await db.payout.findUnique({ where: { bookingId: booking.id } })).toBeNull();
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(11_145);

    const payday = new Date(completedAt.getTime() + 49 * HOUR);
    expect((await runStripePayouts(payday)).paid).toBeGreaterThanOrEqual(1);
    const transfers = stripe.requests.filter(
      (request) =>
        request.method === "POST" &&
        request.path === "/v1/transfers" &&
        (request.body.metadata as Record<string, string>).bookingId === booking.id,
    );
    expect(transfers).toHaveLength(1);
    const { stripeTransferId } = await db.payout.findUniqueOrThrow({ where: { bookingId: booking.id } });
    const intent = stripe.transfers.get(stripeTransferId!);
    expect(transfers[0]!.body).toMatchObject({
      amount: "11145",
      currency: "gbp",
      destination: (await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).stripeAccountId,
      transfer_group: booking.reference,
    });
    expect(intent!.source_transaction).toMatch(/^ch_test_/);
    expect(transfers[0]!.idempotencyKey).toBe(`payout-${booking.id}-11145`);
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(0);
    expect((await driverEarnings(driver.id, payday)).jobs[0]).toMatchObject({ state: "paid", stateLabel: "Paid" });
    // Run again: nothing more for this job.
    await runStripePayouts(payday);
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "payout" } })).toBe(1);

    // A late refund of half: the driver's part is reversed, and taken back from their Stripe account.
    const refunded = await refundBookingByAdmin({
      bookingId: booking.id,
      amountPence: 6172,
      reason: "Scratched table",
      adminId: admin.id,
      requestId: unique(),
    });
    expect(refunded).toEqual({ ok: true, refundedPence: 6172 });
    const entries = await ledgerOf(driver.id);
    expect(entries.map((entry) => [entry.kind, entry.amountPence])).toEqual([
      ["earning", 11_145],
      ["payout", -11_145],
      ["reversal", -5572],
      ["recovery", 5572],
    ]);
    expect(stripe.requests.some((request) => /^\/v1\/transfers\/tr_[^/]+\/reversals$/.test(request.path))).toBe(true);
    // Stripe refuses the next refund: a clear 502, and nothing recorded.
    const refundsBefore = await db.payment.count({ where: { bookingId: booking.id, status: "refunded" } });
    stripe.failNext({ httpStatus: 400, path: "/v1/refunds", message: "No such charge." });
    expect(
      await refundBookingByAdmin({
        bookingId: booking.id,
        amountPence: 100,
        reason: "Goodwill",
        adminId: admin.id,
        requestId: unique(),
      }),
    ).toEqual({ ok: false, status: 502, message: REFUND_MESSAGES.failed });
    expect(await db.payment.count({ where: { bookingId: booking.id, status: "refunded" } })).toBe(refundsBefore);
    const balanced = await expectBalanced(driver.id, [booking.id]);
    expect(balanced).toMatchObject({ balance: 0, earned: 11_145, refundedShare: 5572, paid: 11_145, recovered: 5572 });
    expect((await driverEarnings(driver.id, payday)).jobs[0]).toMatchObject({ state: "reversed", net: "£55.73" });
    // The customer's refund went back through Stripe, and the VAT invoice has its credit note.
    expect(await db.invoice.count({ where: { bookingId: booking.id, kind: "credit_note" } })).toBe(1);
  });

  it("takes a refund before the payout off the earning, and pays only what is left", async () => {
    withStripe();
    const driver = await driverWith("stripe");
    const booking = await paidJob(driver.id, "stripe");
    const completedAt = await complete(booking.id);
    await refundBookingByAdmin({
      bookingId: booking.id,
      amountPence: 2469,
      reason: "Late start",
      adminId: admin.id,
      requestId: unique(),
    });
    const entries = await ledgerOf(driver.id);
    expect(entries.map((entry) => [entry.kind, entry.amountPence])).toEqual([
      ["earning", 11_145],
      ["deduction", -2229],
    ]);
    await runStripePayouts(new Date(completedAt.getTime() + 49 * HOUR));
    expect(await db.payout.findUniqueOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
      amountPence: 8916,
      status: "paid",
    });
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(0);

    // A full refund before the payout cancels the earning: nothing to pay.
    const other = await paidJob(driver.id, "stripe");
    const otherDone = await complete(other.id);
    await refundBookingByAdmin({
      bookingId: other.id,
      amountPence: 12_345,
      reason: "Upheld problem report",
      adminId: admin.id,
      requestId: unique(),
    });
    expect((await driverEarnings(driver.id, otherDone)).jobs.find((job) => job.id === other.id)).toMatchObject({
      state: "cancelled",
    });
    await runStripePayouts(new Date(otherDone.getTime() + 49 * HOUR));
    expect(await db.payout.findUnique({ where: { bookingId: other.id } })).toBeNull();
    await expectBalanced(driver.id, [booking.id, other.id]);
  });

  it("a completed job moved back by an admin: its earning held, its rating and invoice kept, the count true", async () => {
    withStripe();
    const driver = await driverWith("stripe");
    const booking = await paidJob(driver.id, "stripe");
    const completedAt = await complete(booking.id);
    const countOf = async () => (await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).completedJobs;
    const completedJobs = await countOf();
    await db.driverRating.create({
      data: { bookingId: booking.id, driverId: driver.id, stars: 2, comment: "Left half" },
    });
    await issueInvoice(booking.id);
    const payday = new Date(completedAt.getTime() + 49 * HOUR);

    const back = await overrideTracking(admin.id, booking.id, "arrived", "Completed by mistake: two rooms left");
    expect(back).toMatchObject({ ok: true, changed: true });
    expect(await countOf()).toBe(completedJobs - 1);
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "in_progress",
      trackingStatus: "arrived",
      completedAt: null,
    });
    // Held: on the ledger, on the driver's page as on hold, and paid by no run.
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "earning" } })).toBe(1);
    expect((await driverEarnings(driver.id, payday)).jobs.find((job) => job.id === booking.id)).toMatchObject({
      state: "held",
    });
    expect(await runStripePayouts(payday)).toMatchObject({ paid: 0 });
    expect(await db.payout.findUnique({ where: { bookingId: booking.id } })).toBeNull();
    // Its money is "on hold" on both pages, not "payable now" nor "in its 48 hours".
    const share = formatPounds(
      (await db.driverLedgerEntry.aggregate({ where: { bookingId: booking.id }, _sum: { amountPence: true } }))._sum
        .amountPence ?? 0,
    );
    expect(await driverEarnings(driver.id, payday)).toMatchObject({ payable: "£0.00", pending: "£0.00", held: share });
    expect((await driverBalancesList(payday)).find((row) => row.id === driver.id)).toMatchObject({
      payable: "£0.00",
      pending: "£0.00",
      held: share,
      balance: share,
    });
    // The customer's rating and the VAT invoice stay as they were.
    expect(await db.driverRating.count({ where: { bookingId: booking.id } })).toBe(1);
    expect(await db.invoice.count({ where: { bookingId: booking.id, kind: "invoice" } })).toBe(1);

    // Completed again: counted again, payable, and paid (once) from its first 48 hours.
    await complete(booking.id);
    expect(await countOf()).toBe(completedJobs);
    expect(await driverEarnings(driver.id, payday)).toMatchObject({ payable: share, held: null });
    expect((await driverBalancesList(payday)).find((row) => row.id === driver.id)).toMatchObject({
      payable: share,
      held: "£0.00",
    });
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "earning" } })).toBe(1);
    expect(await runStripePayouts(payday)).toMatchObject({ paid: 1 });
  });

  it("records a refused transfer as failed and tries again on the next run", async () => {
    withStripe();
    const driver = await driverWith("stripe");
    const booking = await paidJob(driver.id, "stripe");
    const completedAt = await complete(booking.id);
    const payday = new Date(completedAt.getTime() + 49 * HOUR);
    stripe.failNext({ httpStatus: 400, path: "/v1/transfers", message: "Insufficient funds in Stripe account." });
    expect(await runStripePayouts(payday)).toMatchObject({ paid: 0, failed: 1 });
    expect(await db.payout.findUniqueOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
      status: "failed",
      failureMessage: "Insufficient funds in Stripe account.",
    });
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(11_145);
    expect(await runStripePayouts(payday)).toMatchObject({ paid: 1, failed: 0 });
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(0);
  });

  it("never pays a job twice, however many payout runs happen at once (20)", async () => {
    withStripe();
    const drivers = await Promise.all([driverWith("stripe"), driverWith("stripe")]);
    const bookings = [];
    for (const driver of drivers) for (let n = 0; n < 3; n++) bookings.push(await paidJob(driver.id, "stripe"));
    let last = new Date(0);
    for (const booking of bookings) last = await complete(booking.id);
    stripe.requests.length = 0;
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => runStripePayouts(new Date(last.getTime() + 49 * HOUR))),
    );
    expect(runs.reduce((total, run) => total + run.paid, 0)).toBeGreaterThanOrEqual(6);
    // One transfer per job of ours (a run may also pay another test's payable job).
    const ours = new Set(bookings.map((booking) => booking.id));
    const bookingOf = (request: { body: Record<string, unknown> }) =>
      (request.body.metadata as Record<string, string> | undefined)?.bookingId ?? "";
    const transfers = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/transfers" && ours.has(bookingOf(request)),
    );
    expect(transfers).toHaveLength(6);
    expect(new Set(transfers.map(bookingOf)).size).toBe(6);
    for (const booking of bookings) {
      expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "payout" } })).toBe(1);
    }
    for (const driver of drivers)
      expect(
        (
          await expectBalanced(
            driver.id,
            bookings.map((b) => b.id),
          )
        ).balance,
      ).toBe(0);
  });
});

describe("a job's money, without Stripe: bank transfers", () => {
  it("keeps bank details encrypted, exports a batch as CSV, is paid when marked, and nets a later reversal", async () => {
    withoutStripe();
    const driver = await driverWith("bank");
    const row = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
    expect(row.bankSortCodeEncrypted).not.toContain("200001");
    expect(row.bankAccountNumberEncrypted).not.toContain("12345678");
    expect(decryptSecret(row.bankAccountNumberEncrypted!)).toBe("12345678");
    expect(await payoutDetails(driver.id)).toMatchObject({ bank: { name: "J Driver", last4: "5678" } });

    const booking = await paidJob(driver.id, "sandbox");
    const completedAt = await complete(booking.id);
    expect(await exportBankBatch(admin.id, new Date(completedAt.getTime() + HOUR))).toBeNull();
    const payday = new Date(completedAt.getTime() + 49 * HOUR);
    const batch = (await exportBankBatch(admin.id, payday))!;
    expect(batch.jobs).toBeGreaterThanOrEqual(1);
    const csv = parseCsv((await bankBatchCsv(batch.id))!.csv);
    expect(csv[0]).toEqual(["Name", "Sort Code", "Account Number", "Amount (GBP)", "Reference"]);
    expect(csv.slice(1)).toContainEqual(["J Driver", "20-00-01", "12345678", "111.45", batch.reference]);
    // Exported is not paid: the driver is still owed until the bank has paid.
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(11_145);
    expect(await markBatchPaid(batch.id, admin.id, payday)).toBe(true);
    expect(await markBatchPaid(batch.id, admin.id, payday)).toBe(false);
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(0);

    // A late refund: a reversal the driver owes, taken out of their next bank transfer.
    await refundBookingByAdmin({
      bookingId: booking.id,
      amountPence: 12_345,
      reason: "Goods damaged",
      adminId: admin.id,
      requestId: unique(),
    });
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(-11_145);
    const next = await paidJob(driver.id, "sandbox");
    const nextDone = await complete(next.id);
    const second = await paidJob(driver.id, "sandbox");
    await complete(second.id);
    const later = new Date(nextDone.getTime() + 60 * HOUR);
    const batch2 = (await exportBankBatch(admin.id, later))!;
    const lines = parseCsv((await bankBatchCsv(batch2.id))!.csv).slice(1);
    // Two jobs of £111.45, less the £111.45 owed back: £111.45.
    expect(lines).toContainEqual(["J Driver", "20-00-01", "12345678", "111.45", batch2.reference]);
    await markBatchPaid(batch2.id, admin.id, later);
    const balanced = await expectBalanced(driver.id, [booking.id, next.id, second.id]);
    expect(balanced.balance).toBe(0);
  });

  it("refunds once when the admin's Refund is pressed twice at once", async () => {
    withoutStripe();
    const driver = await driverWith("bank");
    const booking = await paidJob(driver.id, "sandbox");
    await complete(booking.id);
    const requestId = unique(); // one form, sent twice
    const results = await Promise.all(
      [1, 2].map(() =>
        refundBookingByAdmin({
          bookingId: booking.id,
          amountPence: 2000,
          reason: "Double click",
          adminId: admin.id,
          requestId,
        }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const refunds = await db.payment.findMany({ where: { bookingId: booking.id, refundOfId: { not: null } } });
    expect(refunds.map((refund) => refund.amountPence)).toEqual([2000]);
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "deduction" } })).toBe(1);
    expect(await db.invoice.count({ where: { bookingId: booking.id, kind: "credit_note" } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetId: booking.id, action: "booking.refund" } })).toBe(1);
  });

  it("never refunds more than was paid when two admins refund one booking at once", async () => {
    withoutStripe();
    const driver = await driverWith("bank");
    const booking = await paidJob(driver.id, "sandbox");
    await complete(booking.id);
    const paid = (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).finalPrice;
    const share = Math.ceil(paid * 0.6); // two of these are more than was paid
    const results = await Promise.all(
      ["Goodwill", "Damaged lamp"].map((reason) =>
        refundBookingByAdmin({
          bookingId: booking.id,
          amountPence: share,
          reason,
          adminId: admin.id,
          requestId: unique(),
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({
      ok: false,
      status: 409,
      message: REFUND_MESSAGES.tooMuch(paid - share),
    });
    const refunds = await db.payment.findMany({ where: { bookingId: booking.id, refundOfId: { not: null } } });
    expect(refunds.map((refund) => refund.amountPence)).toEqual([share]);
  });

  it("refunds 12 bookings at once, more than the database pool's 10 connections", async () => {
    withoutStripe();
    const driver = await driverWith("bank");
    const bookings = [];
    for (let n = 0; n < 12; n++) bookings.push(await paidJob(driver.id, "sandbox"));
    const started = Date.now();
    const results = await Promise.all(
      bookings.map((booking) =>
        refundBookingByAdmin({
          bookingId: booking.id,
          amountPence: 1000,
          reason: "Goodwill",
          adminId: admin.id,
          requestId: unique(),
        }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    // Each lock waits on a connection of its own, not one of the pool's: no refund waits for another's.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      await db.payment.count({
        where: { bookingId: { in: bookings.map((booking) => booking.id) }, refundOfId: { not: null } },
      }),
    ).toBe(12);
  });

  it("puts each payable job in one batch only, however many exports run at once (20)", async () => {
    withoutStripe();
    const driver = await driverWith("bank");
    const bookings = [];
    for (let n = 0; n < 4; n++) bookings.push(await paidJob(driver.id, "sandbox"));
    let last = new Date(0);
    for (const booking of bookings) last = await complete(booking.id);
    const batches = (
      await Promise.all(
        Array.from({ length: 20 }, () => exportBankBatch(admin.id, new Date(last.getTime() + 49 * HOUR))),
      )
    ).filter((batch) => batch !== null);
    const payouts = await db.payout.findMany({ where: { bookingId: { in: bookings.map((booking) => booking.id) } } });
    expect(payouts).toHaveLength(4);
    expect(new Set(payouts.map((payout) => payout.bookingId)).size).toBe(4);
    await Promise.all(batches.map((batch) => markBatchPaid(batch!.id, admin.id, new Date(last.getTime() + 50 * HOUR))));
    for (const booking of bookings)
      expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "payout" } })).toBe(1);
    expect(
      (
        await expectBalanced(
          driver.id,
          bookings.map((booking) => booking.id),
        )
      ).balance,
    ).toBe(0);
  });
});

describe("Stripe Connect's events, through the signed webhook", () => {
  const WEBHOOK_SECRET = "whsec_payoutsTest";
  function webhook(type: string, object: unknown) {
    const payload = JSON.stringify({
      id: `evt_test_${unique()}`,
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const headers = new Headers({
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
    return call(webhookAction, new Request(`${BASE}/api/webhooks/stripe`, { method: "POST", body: payload, headers }));
  }

  it("keeps an account's state (account.updated) and confirms a transfer a run could not record (transfer.created)", async () => {
    withStripe();
    setEnv({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const driver = await driverWith("stripe");
    const { stripeAccountId } = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
    const paused = await webhook("account.updated", {
      id: stripeAccountId,
      object: "account",
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
    });
    expect(paused.body).toMatchObject({ received: true, outcome: "account_updated" });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).stripePayoutsEnabled).toBe(false);
    await webhook("account.updated", {
      id: stripeAccountId,
      object: "account",
      payouts_enabled: true,
      capabilities: { transfers: "active" },
    });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).stripePayoutsEnabled).toBe(true);
    // An unknown account, or a forged signature: nothing changes.
    expect((await webhook("account.updated", { id: "acct_unknown", payouts_enabled: true })).body.outcome).toBe(
      "ignored",
    );

    // A run claimed the job and Stripe made the transfer, but the run stopped before saying so.
    const booking = await paidJob(driver.id, "stripe");
    await complete(booking.id);
    const payout = await db.payout.create({
      data: { bookingId: booking.id, driverId: driver.id, amountPence: 11_145, method: "stripe" },
    });
    const confirmed = await webhook("transfer.created", {
      id: "tr_from_webhook_1",
      object: "transfer",
      amount: 11_145,
      metadata: { bookingId: booking.id },
    });
    expect(confirmed.body.outcome).toBe("payout_confirmed");
    expect(await db.payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({
      status: "paid",
      stripeTransferId: "tr_from_webhook_1",
    });
    expect((await expectBalanced(driver.id, [booking.id])).balance).toBe(0);
    // Told again: once only.
    expect(
      (
        await webhook("transfer.created", {
          id: "tr_from_webhook_1",
          amount: 11_145,
          metadata: { bookingId: booking.id },
        })
      ).body.outcome,
    ).toBe("ignored");
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "payout" } })).toBe(1);
  });
});
