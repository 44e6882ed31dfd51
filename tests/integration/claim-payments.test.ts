// Paying damage claims, against a real PostgreSQL, the sandbox and the Stripe
// stand-in: an accepted offer is refunded to the booking's payment up to what is left of it and
// the rest goes by bank transfer in the next bank batch's compensation section; once only under
// a double click and two admins; a provider's refusal leaves the claim to be paid again. A
// compensation gets no credit note and takes nothing off the driver's share; it is its own kind
// in admin payments. The driver at fault may be charged an excess, recovered from their payouts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePoundsText } from "~/domain/money";
import * as claimPage from "~/routes/_bookings+/bookings_.$id.claim";
import { CLAIM_PAYMENT_MESSAGES } from "~/schemas/damage-claim-messages";
import { overrideTracking } from "~/server/admin/booking-commands.server";
import { listPayments, paymentEntryJson, paymentEntryView, paymentsCsv } from "~/server/admin/payments.server";
import { recordProviderPayment } from "~/server/bookings/checkout.server";
import { issueCreditNotes } from "~/server/bookings/invoices.server";
import {
  chargeDriverExcess,
  finishClaimRefunds,
  payClaim,
  saveClaimBankDetails,
} from "~/server/claims/claim-payments.server";
import { payWithSandboxCard, sandboxGateway } from "~/server/payments/sandbox.server";
import { createStripeGateway } from "~/server/payments/stripe.server";
import { refreshStripeAccount, saveBankDetails, stripeOnboardingUrl } from "~/server/payouts/payout-details.server";
import {
  bankBatchCsv,
  compensationOwed,
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
import { BASE, call, createAccount, getRequest, sessionCookie, unique } from "./auth-helpers";
import { createApprovedDriver } from "./factories";
import { readOutbox } from "./messages";

const SECRET_KEY = "sk_test_claimPaymentsStandIn";
const HOUR = 3_600_000;
const CUSTOMER_BANK = { accountName: "Clara Claim", sortCode: "40-11-22", accountNumber: "87654321" };

let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof createAccount>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  admin = await createAccount({ role: "admin" });
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});
afterAll(() => stripe.close());

const withStripe = () => setEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: stripe.baseUrl });
const withoutStripe = () => setEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });

async function bankDriver() {
  const driver = await createApprovedDriver();
  await saveBankDetails(driver.id, { accountName: "J Driver", sortCode: "20-00-01", accountNumber: "12345678" });
  return driver;
}

async function stripeDriver() {
  const driver = await createApprovedDriver();
  await stripeOnboardingUrl({ id: driver.id, email: driver.email });
  const { stripeAccountId } = await db.driver.findUniqueOrThrow({ where: { id: driver.id } });
  stripe.finishOnboarding(stripeAccountId!);
  expect(await refreshStripeAccount(driver.id)).toBe(true);
  return driver;
}

/**
 * A move of £123.45 (£111.45 for the driver) with £8,000 extended cover, paid through the
 * sandbox or Stripe and completed, with an accepted offer of `offeredPence` on a claim.
 */
async function acceptedClaim(driverId: string, provider: "sandbox" | "stripe", offeredPence: number) {
  const customer = await createAccount({ role: "customer" });
  const id = unique();
  const booking = await db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      status: "assigned",
      driverId,
      trackingStatus: "arrived",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() - 3 * 86_400_000),
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 2,
      customerName: "Clara Claim",
      customerEmail: customer.email,
      subTotal: 12_145,
      platformFee: 1000,
      driverShare: 11_145,
      vatAmount: 200,
      originalPrice: 12_345,
      finalPrice: 12_345,
      declaredValue: 8000,
    },
  });
  const input = {
    bookingId: booking.id,
    reference: booking.reference,
    description: `Booking ${booking.reference}`,
    amountPence: booking.finalPrice,
    customerEmail: customer.email,
    idempotencyKey: `claim-test-${booking.id}`,
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
  expect(await overrideTracking(admin.id, booking.id, "completed", "Delivered")).toMatchObject({ ok: true });
  const ticket = await db.supportRequest.create({
    data: { bookingId: booking.id, userId: customer.id, kind: "claim", message: "Damage claim: piano" },
  });
  const claim = await db.damageClaim.create({
    data: {
      bookingId: booking.id,
      customerId: customer.id,
      ticketId: ticket.id,
      declaredValue: 8000,
      claimedPence: 60_000,
      payablePence: 60_000,
      offeredPence: offeredPence,
      state: "accepted",
      items: { create: { position: 0, description: "Piano, leg snapped", amountPence: 60_000, payablePence: 60_000 } },
    },
  });
  const completedAt = (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).completedAt!;
  return { customer, cookie: (await sessionCookie(customer)).split(";")[0]!, booking, claim, completedAt };
}

const post = (bookingId: string, cookie: string, fields: Record<string, string>) =>
  call(
    claimPage.action,
    new Request(`${BASE}/bookings/${bookingId}/claim`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    }),
    { id: bookingId },
  );
const claimOf = (id: string) => db.damageClaim.findUniqueOrThrow({ where: { id } });

describe("paying an accepted claim", () => {
  it("refunds what is left of the payment and sends the rest by bank, once under double clicks and two admins", async () => {
    withoutStripe();
    const driver = await bankDriver();
    const { booking, claim, cookie, completedAt } = await acceptedClaim(driver.id, "sandbox", 50_000);

    // £500 offered, £123.45 paid: £376.55 goes by bank, so the customer's account is needed first.
    expect(await payClaim(admin.id, claim.id)).toEqual({
      ok: false,
      status: 409,
      message: CLAIM_PAYMENT_MESSAGES.needsBankDetails("£376.55"),
    });
    const page = await call(claimPage.loader, getRequest(`/bookings/${booking.id}/claim`, { cookie }), {
      id: booking.id,
    });
    expect(page.body.claims[0]).toMatchObject({ state: "accepted", bankNeeded: "£376.55", bankLast4: null });

    // The customer's bank details: refused on their field with what was typed kept, then stored encrypted.
    const bad = await post(booking.id, cookie, {
      intent: "bank",
      claimId: claim.id,
      accountName: "Clara Claim",
      sortCode: "40-11",
      accountNumber: "87654321",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.bankForm.error.sortCode).toEqual(["Enter a 6-digit sort code, like 20-00-01"]);
    expect(bad.body.bankForm.initialValue).toMatchObject({ accountName: "Clara Claim", sortCode: "40-11" });
    expect(bad.body.bankForm.initialValue.accountNumber).toBeUndefined();
    const stranger = await createAccount({ role: "customer" });
    const strangerCookie = (await sessionCookie(stranger)).split(";")[0]!;
    expect((await post(booking.id, strangerCookie, { intent: "bank", claimId: claim.id })).status).toBe(404);
    const saved = await post(booking.id, cookie, {
      intent: "bank",
      claimId: claim.id,
      accountName: "Clara Claim",
      sortCode: "401122",
      accountNumber: "8765 4321",
    });
    expect(saved.status).toBe(302);
    const withBank = await claimOf(claim.id);
    expect(withBank.bankAccountLast4).toBe("4321");
    expect(withBank.bankAccountNumberEncrypted).not.toContain("87654321");
    expect(decryptSecret(withBank.bankAccountNumberEncrypted!)).toBe("87654321");

    // A double click and a second admin at the same moment: paid once.
    const owedBefore = await compensationOwed();
    const other = await createAccount({ role: "admin" });
    const results = await Promise.all([
      payClaim(admin.id, claim.id),
      payClaim(admin.id, claim.id),
      payClaim(other.id, claim.id),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.status === 409)).toBe(true);
    expect(await claimOf(claim.id)).toMatchObject({ state: "paid", refundPence: 12_345, bankPence: 37_655 });

    const compensation = await db.payment.findMany({ where: { damageClaimId: claim.id } });
    expect(compensation).toEqual([
      expect.objectContaining({
        amountPence: 12_345,
        method: "compensation",
        status: "refunded",
        bookingId: booking.id,
      }),
    ]);
    // Not a refund of the price: no credit note, nothing off the driver's share, the booking still paid.
    await issueCreditNotes(booking.id);
    expect(await db.invoice.count({ where: { bookingId: booking.id, kind: "credit_note" } })).toBe(0);
    expect(
      await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: { in: ["deduction", "reversal"] } } }),
    ).toBe(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).paymentState).toBe("paid");
    // The customer is told in the ticket's thread and by e-mail; the step is in the audit log.
    const replies = await db.supportReply.findMany({ where: { requestId: claim.ticketId } });
    expect(replies.map((reply) => reply.body)).toEqual([
      "We have paid your claim: £123.45 back to the card or PayPal account you paid with, and £376.55 by bank transfer to your account ending 4321, in our next payment run.",
    ]);
    expect(await db.message.count({ where: { bookingId: booking.id, kind: "support-answer" } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetId: claim.id, action: "claim.pay" } })).toBe(1);

    // Admin payments: the card part as "Compensation paid", the bank part a row of its own, on
    // the page, the CSV and the JSON API's rows alike.
    const listed = async () =>
      (await listPayments({ search: booking.reference }, { page: 1, take: 10, skip: 0 })).entries;
    const shown = async () =>
      (await listed()).map(paymentEntryView).map((row) => [row.kind, row.amount, row.statusText, row.paymentId]);
    // Newest first: the refund is made just after the claim is marked paid (the bank part's date).
    expect(await shown()).toEqual([
      ["Compensation paid", "£123.45", "Paid", expect.any(String)],
      ["Compensation, bank transfer", "£376.55", null, "Next batch"],
      ["Payment", "£123.45", null, expect.any(String)],
    ]);
    expect((await listed()).map(paymentEntryJson).map((row) => [row.kind, row.status, row.amount])).toEqual([
      ["compensation", "refunded", 123.45],
      ["compensation_bank_transfer", "pending", 376.55],
      ["payment", "succeeded", 123.45],
    ]);
    const csvRows = async () => {
      const csv: string[] = [];
      for await (const line of paymentsCsv({ search: booking.reference })) csv.push(line);
      return parseCsv(csv.join(""));
    };
    const rows = await csvRows();
    expect(rows[0]!.at(-1)).toBe("Kind");
    expect(rows.slice(1).map((row) => [row.at(-1), row[2], row[3], row[4]])).toEqual([
      ["Compensation paid", "123.45", "refunded", expect.any(String)],
      ["Compensation, bank transfer", "376.55", "pending", "Next batch"],
      ["Payment", "123.45", "succeeded", expect.any(String)],
    ]);
    // The status filter finds the bank part by its own state.
    expect(
      (await listPayments({ search: booking.reference, status: "pending" }, { page: 1, take: 10, skip: 0 })).entries,
    ).toHaveLength(1);

    // The bank part: in the next batch's compensation section, sent when the batch is marked paid.
    // Counted as owed by bank (the payouts page says so) until a batch carries it.
    const owedAfter = await compensationOwed();
    expect(owedAfter.claims).toBe(owedBefore.claims + 1);
    expect(parsePoundsText(owedAfter.total)! - parsePoundsText(owedBefore.total)!).toBe(37_655);
    const payday = new Date(completedAt.getTime() + 49 * HOUR);
    const batch = (await exportBankBatch(admin.id, payday))!;
    expect(batch.claims).toBeGreaterThanOrEqual(1);
    expect((await claimOf(claim.id)).bankBatchId).toBe(batch.id);
    const lines = parseCsv((await bankBatchCsv(batch.id))!.csv).slice(1);
    expect(lines).toContainEqual(["Clara Claim", "40-11-22", "87654321", "376.55", `CLAIM ${booking.reference}`]);
    expect(lines).toContainEqual(["J Driver", "20-00-01", "12345678", "111.45", batch.reference]);
    // A second export does not pay it again.
    await exportBankBatch(admin.id, payday);
    expect((await claimOf(claim.id)).bankBatchId).toBe(batch.id);
    expect(await markBatchPaid(batch.id, admin.id, payday)).toBe(true);
    expect((await claimOf(claim.id)).bankPaidAt).toEqual(payday);
    expect((await shown())[1]).toEqual(["Compensation, bank transfer", "£376.55", "Paid", `Batch ${batch.reference}`]);
    expect((await csvRows())[2]!.slice(2, 5)).toEqual(["376.55", "succeeded", `Batch ${batch.reference}`]);
    const paidPage = await call(claimPage.loader, getRequest(`/bookings/${booking.id}/claim`, { cookie }), {
      id: booking.id,
    });
    expect(paidPage.body.claims[0].paidText).toMatch(
      /^Paid on .+: £123\.45 back to the card or PayPal account you paid with, and £376\.55 by bank transfer to your account ending 4321, sent on .+\.$/,
    );
  });

  it("a claim that fits in the payment is refunded whole and needs no bank details", async () => {
    withoutStripe();
    const { claim, booking } = await acceptedClaim((await bankDriver()).id, "sandbox", 8_000);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    expect(await claimOf(claim.id)).toMatchObject({ state: "paid", refundPence: 8_000, bankPence: 0 });
    expect((await db.payment.findMany({ where: { damageClaimId: claim.id } })).map((row) => row.amountPence)).toEqual([
      8_000,
    ]);
    // Paid is settled: paying again changes nothing.
    expect(await payClaim(admin.id, claim.id)).toMatchObject({ ok: false, status: 409 });
    expect(await db.payment.count({ where: { bookingId: booking.id, damageClaimId: { not: null } } })).toBe(1);
    // The customer's e-mail says what it is about.
    const mails = await readOutbox(booking.customerEmail!);
    expect(mails.map((mail) => mail.subject)).toContain(`We have paid your claim on ${booking.reference}`);
  });

  it("a refusal by the provider leaves the claim accepted, and paying again refunds once", async () => {
    withStripe();
    const driver = await stripeDriver();
    const { claim } = await acceptedClaim(driver.id, "stripe", 5_000);
    stripe.failNext({ httpStatus: 400, path: "/v1/refunds", method: "POST", message: "No such charge." });
    expect(await payClaim(admin.id, claim.id)).toEqual({
      ok: false,
      status: 502,
      message: CLAIM_PAYMENT_MESSAGES.failed,
    });
    expect(await claimOf(claim.id)).toMatchObject({ state: "accepted", refundPence: null, paidAt: null });
    expect(await db.payment.count({ where: { damageClaimId: claim.id } })).toBe(0);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    const rows = await db.payment.findMany({ where: { damageClaimId: claim.id } });
    expect(rows.map((row) => [row.provider, row.amountPence, row.method])).toEqual([["stripe", 5_000, "compensation"]]);
  });
});

describe("a refund whose answer was lost", () => {
  it("is looked up at the provider before the claim is paid again, and never made twice, even after the key is forgotten", async () => {
    withStripe();
    const driver = await stripeDriver();
    const { claim } = await acceptedClaim(driver.id, "stripe", 5_000);
    // Stripe makes the refund, and its answer is lost (a 500 on the way back).
    stripe.failNext({ httpStatus: 500, path: "/v1/refunds", method: "POST", afterDoing: true });
    expect(await payClaim(admin.id, claim.id)).toEqual({
      ok: false,
      status: 502,
      message: CLAIM_PAYMENT_MESSAGES.answerLost,
    });
    expect(await claimOf(claim.id)).toMatchObject({ state: "accepted" });
    const madeAtStripe = () =>
      stripe.requests.filter(
        (request) =>
          request.method === "POST" && request.path === "/v1/refunds" && request.idempotencyKey?.includes(claim.id),
      ).length;
    expect(madeAtStripe()).toBe(1);

    // Days later: Stripe no longer knows the idempotency key, so a second POST would refund again.
    stripe.forgetIdempotencyKeys();
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    expect(madeAtStripe()).toBe(1); // found by its metadata instead, and recorded
    const rows = await db.payment.findMany({ where: { damageClaimId: claim.id } });
    expect(rows.map((row) => [row.provider, row.amountPence, row.method])).toEqual([["stripe", 5_000, "compensation"]]);
    expect(await claimOf(claim.id)).toMatchObject({ state: "paid", refundPence: 5_000 });
  });

  it("is not paid while the provider cannot be asked about the earlier try", async () => {
    withStripe();
    const driver = await stripeDriver();
    const { claim } = await acceptedClaim(driver.id, "stripe", 5_000);
    stripe.failNext({ httpStatus: 500, path: "/v1/refunds", method: "GET" });
    expect(await payClaim(admin.id, claim.id)).toEqual({
      ok: false,
      status: 502,
      message: CLAIM_PAYMENT_MESSAGES.notChecked,
    });
    expect(await claimOf(claim.id)).toMatchObject({ state: "accepted" });
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
  });
});

describe("the bank batch with Stripe set up", () => {
  it("carries only the claims' bank parts: drivers are paid by Stripe transfer", async () => {
    withStripe();
    // A driver with bank details but no Stripe account, whose job is payable.
    const driver = await bankDriver();
    const { claim, booking, customer, completedAt } = await acceptedClaim(driver.id, "stripe", 20_000);
    expect((await saveClaimBankDetails(customer, claim.id, CUSTOMER_BANK)).ok).toBe(true);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    const batch = (await exportBankBatch(admin.id, new Date(completedAt.getTime() + 49 * HOUR)))!;
    expect(batch).toMatchObject({ jobs: 0, claims: 1 });
    const lines = parseCsv((await bankBatchCsv(batch.id))!.csv).slice(1);
    expect(lines).toEqual([["Clara Claim", "40-11-22", "87654321", "76.55", `CLAIM ${booking.reference}`]]);
    expect(await db.payout.count({ where: { bookingId: booking.id } })).toBe(0);
    await markBatchPaid(batch.id, admin.id);
  });
});

describe("a refund a stopped process left unmade", () => {
  it("is made by the schedule once the claim has been paid 10 minutes, under the same key, once", async () => {
    withoutStripe();
    const { claim, booking } = await acceptedClaim((await bankDriver()).id, "sandbox", 7_000);
    // As if the process stopped between the gate's commit and the provider's answer.
    const paidAt = new Date();
    await db.damageClaim.update({
      where: { id: claim.id },
      data: { state: "paid", refundPence: 7_000, bankPence: 0, paidAt, paidById: admin.id },
    });
    expect(await finishClaimRefunds(new Date(paidAt.getTime() + 60_000))).toBe(0); // still in the making
    expect(await finishClaimRefunds(new Date(paidAt.getTime() + 11 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await finishClaimRefunds(new Date(paidAt.getTime() + 30 * 60_000))).toBe(0);
    const rows = await db.payment.findMany({ where: { damageClaimId: claim.id } });
    expect(rows.map((row) => [row.method, row.amountPence, row.bookingId])).toEqual([
      ["compensation", 7_000, booking.id],
    ]);
    // The customer is told once, as payClaim would have.
    expect(
      (await db.supportReply.findMany({ where: { requestId: claim.ticketId } })).map((reply) => reply.body),
    ).toEqual(["We have paid your claim: £70.00 back to the card or PayPal account you paid with."]);
    expect(await db.message.count({ where: { bookingId: booking.id, kind: "support-answer" } })).toBe(1);
  });

  it("tells the customer once when the process stopped after the refund, refunding nothing again", async () => {
    withoutStripe();
    const { claim, booking } = await acceptedClaim((await bankDriver()).id, "sandbox", 6_000);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    // As if the process stopped after the refund, before the customer was told.
    await db.supportReply.deleteMany({ where: { requestId: claim.ticketId } });
    await db.message.deleteMany({ where: { bookingId: booking.id, kind: "support-answer" } });
    const { paidAt } = await db.damageClaim.update({ where: { id: claim.id }, data: { paidNoticeAt: null } });
    expect(await finishClaimRefunds(new Date(paidAt!.getTime() + 11 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await finishClaimRefunds(new Date(paidAt!.getTime() + 30 * 60_000))).toBe(0);
    expect(await db.payment.count({ where: { damageClaimId: claim.id } })).toBe(1);
    expect(
      (await db.supportReply.findMany({ where: { requestId: claim.ticketId } })).map((reply) => reply.body),
    ).toEqual(["We have paid your claim: £60.00 back to the card or PayPal account you paid with."]);
    expect(await db.message.count({ where: { bookingId: booking.id, kind: "support-answer" } })).toBe(1);
  });
});

describe("the claim page's small forms", () => {
  it("read an answer or bank details within the form limit: a larger body is 413, not held", async () => {
    withoutStripe();
    const { booking, claim, cookie } = await acceptedClaim((await bankDriver()).id, "sandbox", 5_000);
    const huge = await post(booking.id, cookie, {
      intent: "bank",
      claimId: claim.id,
      accountName: "x".repeat(1_100_000),
    });
    expect(huge.status).toBe(413);
    expect(await claimOf(claim.id)).toMatchObject({ bankAccountName: null, state: "accepted" });
  });
});

describe("the driver's excess", () => {
  it("is a charge of up to £100 with its reason, on the ledger and the earnings page, taken from the next bank payout", async () => {
    withoutStripe();
    const driver = await bankDriver();
    const { claim, completedAt } = await acceptedClaim(driver.id, "sandbox", 6_000);
    expect(await chargeDriverExcess(admin.id, claim.id, { amountPence: 5_000, reason: "Dropped it" })).toMatchObject({
      ok: false,
      status: 409,
      message: CLAIM_PAYMENT_MESSAGES.excessNotPaid,
    });
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    // (The amount's and the reason's checks are adminClaimStepSchema's: tests/integration/damage-claims.test.ts.)
    const twice = await Promise.all(
      [1, 2].map(() =>
        chargeDriverExcess(admin.id, claim.id, {
          amountPence: 4_000,
          reason: "The piano was not strapped in the van.",
        }),
      ),
    );
    expect(twice.filter((result) => result.ok)).toHaveLength(1);
    const entries = await db.driverLedgerEntry.findMany({ where: { driverId: driver.id, kind: "excess" } });
    expect(entries.map((entry) => entry.amountPence)).toEqual([-4_000]);
    expect(await db.auditLog.count({ where: { targetId: claim.id, action: "claim.driver_excess" } })).toBe(1);

    const earnings = await driverEarnings(driver.id, new Date(completedAt.getTime() + 49 * HOUR));
    expect(earnings.charges).toEqual([
      expect.objectContaining({
        amount: "£40.00",
        note: expect.stringContaining("The piano was not strapped in the van."),
      }),
    ]);
    expect(earnings.payable).toBe("£71.45"); // £111.45 earned, less the £40.00 excess

    // The next bank batch pays the job less the excess, and the ledger is square.
    const payday = new Date(completedAt.getTime() + 49 * HOUR);
    const batch = (await exportBankBatch(admin.id, payday))!;
    const lines = parseCsv((await bankBatchCsv(batch.id))!.csv).slice(1);
    expect(lines).toContainEqual(["J Driver", "20-00-01", "12345678", "71.45", batch.reference]);
    await markBatchPaid(batch.id, admin.id, payday);
    const all = await db.driverLedgerEntry.findMany({ where: { driverId: driver.id } });
    expect(all.reduce((sum, entry) => sum + entry.amountPence, 0)).toBe(0);
    // The driver's earnings page: what the transfer sent, and what it kept against the excess.
    expect((await driverEarnings(driver.id, payday)).payouts).toEqual([
      expect.objectContaining({
        what: `Bank transfer ${batch.reference}`,
        stateLabel: "Sent",
        sent: "£71.45",
        kept: "£40.00",
      }),
    ]);
  });

  it("with Stripe, charged before the job is paid, is kept out of the driver's next transfer", async () => {
    withStripe();
    const driver = await stripeDriver();
    const { claim, booking, completedAt } = await acceptedClaim(driver.id, "stripe", 3_000);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    expect(await chargeDriverExcess(admin.id, claim.id, { amountPence: 2_500, reason: "Not strapped in" })).toEqual({
      ok: true,
    });
    // No transfer yet to take it back from: a debt on the ledger.
    expect(await db.driverLedgerEntry.count({ where: { driverId: driver.id, kind: "recovery" } })).toBe(0);

    expect((await runStripePayouts(new Date(completedAt.getTime() + 49 * HOUR))).paid).toBeGreaterThanOrEqual(1);
    const payout = await db.payout.findUniqueOrThrow({ where: { bookingId: booking.id } });
    expect(payout).toMatchObject({ status: "paid", amountPence: 11_145, recoveredPence: 2_500 });
    expect(stripe.transfers.get(payout.stripeTransferId!)).toMatchObject({ amount: 8_645 });
    expect((await driverEarnings(driver.id)).payouts).toEqual([
      expect.objectContaining({
        what: `Stripe transfer for job ${booking.reference}`,
        stateLabel: "Sent",
        sent: "£86.45",
        kept: "£25.00",
      }),
    ]);
    const all = await db.driverLedgerEntry.findMany({ where: { driverId: driver.id } });
    expect(all.map((entry) => [entry.kind, entry.amountPence]).sort()).toEqual([
      ["earning", 11_145],
      ["excess", -2_500],
      ["payout", -11_145],
      ["recovery", 2_500],
    ]);
    expect(all.reduce((sum, entry) => sum + entry.amountPence, 0)).toBe(0);
  });

  it("with Stripe, a debt larger than a job keeps all of it (no transfer), and the rest comes out of the next", async () => {
    withStripe();
    const driver = await stripeDriver();
    const first = await acceptedClaim(driver.id, "stripe", 1_000);
    const second = await acceptedClaim(driver.id, "stripe", 1_000);
    // £150.00 owed back (a refund after an earlier payout whose reversal Stripe refused).
    await db.driverLedgerEntry.create({
      data: { key: `reversal:test:${driver.id}`, driverId: driver.id, kind: "reversal", amountPence: -15_000 },
    });
    const payday = new Date(Math.max(first.completedAt.getTime(), second.completedAt.getTime()) + 49 * HOUR);
    expect((await runStripePayouts(payday)).failed).toBe(0);
    const payouts = await db.payout.findMany({
      where: { driverId: driver.id },
      orderBy: { recoveredPence: "desc" },
    });
    expect(payouts.map((payout) => [payout.status, payout.recoveredPence])).toEqual([
      ["paid", 11_145],
      ["paid", 3_855],
    ]);
    expect(payouts[0]!.stripeTransferId).toBeNull();
    expect(stripe.transfers.get(payouts[1]!.stripeTransferId!)).toMatchObject({ amount: 7_290 });
    // On the earnings page: the job wholly kept is not called a transfer.
    const listed = (await driverEarnings(driver.id, payday)).payouts;
    expect(
      listed.map(({ what, sent, kept }) => ({ what, sent, kept })).sort((a, b) => a.sent.localeCompare(b.sent)),
    ).toEqual([
      { what: expect.stringMatching(/^Job EM-\w+, kept in full$/), sent: "£0.00", kept: "£111.45" },
      { what: expect.stringMatching(/^Stripe transfer for job EM-\w+$/), sent: "£72.90", kept: "£38.55" },
    ]);
    const all = await db.driverLedgerEntry.findMany({ where: { driverId: driver.id } });
    expect(all.reduce((sum, entry) => sum + entry.amountPence, 0)).toBe(0);
  });

  it("with Stripe, a debt already kept by a payout not yet settled is not kept again", async () => {
    withStripe();
    const driver = await stripeDriver();
    const first = await acceptedClaim(driver.id, "stripe", 1_000);
    const second = await acceptedClaim(driver.id, "stripe", 1_000);
    await db.driverLedgerEntry.create({
      data: { key: `reversal:test:${driver.id}`, driverId: driver.id, kind: "reversal", amountPence: -5_000 },
    });
    // The first job's payout kept the £50.00, and its run is still making the transfer.
    await db.payout.create({
      data: {
        bookingId: first.booking.id,
        driverId: driver.id,
        amountPence: 11_145,
        recoveredPence: 5_000,
        method: "stripe",
      },
    });
    const payday = new Date(second.completedAt.getTime() + 49 * HOUR);
    expect((await runStripePayouts(payday)).failed).toBe(0);
    const payout = await db.payout.findUniqueOrThrow({ where: { bookingId: second.booking.id } });
    expect(payout).toMatchObject({ status: "paid", recoveredPence: 0 });
    expect(stripe.transfers.get(payout.stripeTransferId!)).toMatchObject({ amount: 11_145 });
  });

  it("is taken back from the job's Stripe transfer when the job was paid by one", async () => {
    withStripe();
    const driver = await stripeDriver();
    const { claim, completedAt } = await acceptedClaim(driver.id, "stripe", 3_000);
    expect((await runStripePayouts(new Date(completedAt.getTime() + 49 * HOUR))).paid).toBeGreaterThanOrEqual(1);
    expect(await payClaim(admin.id, claim.id)).toEqual({ ok: true });
    expect(await chargeDriverExcess(admin.id, claim.id, { amountPence: 2_500, reason: "Not wrapped" })).toEqual({
      ok: true,
    });
    const entries = await db.driverLedgerEntry.findMany({
      where: { driverId: driver.id, kind: { in: ["excess", "recovery"] } },
    });
    expect(entries.map((entry) => [entry.kind, entry.amountPence]).sort()).toEqual([
      ["excess", -2_500],
      ["recovery", 2_500],
    ]);
  });
});
