// Goods cover (docs/PRICING.md v3) against a real PostgreSQL: extended cover bought
// at the quote (form and JSON API), changed and removed at checkout, charged as priced and never
// as the browser says, shown on the confirmation, the receipt, the e-mail and the VAT invoice,
// and refunded on cancellation as the rules say.
import { beforeAll, describe, expect, it } from "vitest";
import { COVER_MESSAGES } from "~/domain/goods-cover";
import { formatPounds } from "~/domain/money";
import { calculatePrice, coverCostPence } from "~/domain/pricing";
import { ukDateTime } from "~/domain/uk-calendar";
import { action as cancelAction } from "~/routes/_bookings+/bookings_.$id.cancel";
import { loader as receiptLoader } from "~/routes/_checkout+/booking-receipt";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as sandboxAction } from "~/routes/_checkout+/sandbox-checkout.$id";
import { action as stripeCheckoutAction } from "~/routes/_checkout+/stripe-checkout";
import { action as distanceCalculatorAction } from "~/routes/_quote+/distance-calculator/route";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { action as paymentIntentApi } from "~/routes/api+/create-payment-intent";
import { action as quoteApi } from "~/routes/api+/quotes.calculate";
import { COVER_CHOICE_MESSAGES } from "~/schemas/checkout-messages";
import { invoicePdf, issueInvoice } from "~/server/bookings/invoices.server";
import { db } from "~/server/platform/db.server";
import { useEnv } from "../support/env";
import {
  bearerFor,
  call,
  createAccount,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
  uniqueIp,
} from "./auth-helpers";
import { readOutbox } from "./messages";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

// No Stripe keys: the sandbox takes the payments.
useEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });
beforeAll(async () => {
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});

const MOVE = {
  __form__: "detailed-quote-form",
  pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
  deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
  moveDate: inTwoDays,
  moveTime: "09:00",
  vanSize: "medium",
  helpers: "1",
  "items[0].name": "Piano",
  "items[0].quantity": "1",
};

async function quoteWith(fields: Record<string, string>, cookie?: string) {
  return call(quoteAction, formRequest("/quote", { ...MOVE, ...fields }, { cookie }));
}

async function customerBooking(fields: Record<string, string> = {}) {
  const user = await createAccount({ role: "customer" });
  const cookie = await sessionCookie(user);
  const quoted = await quoteWith(fields, cookie);
  expect(quoted.status).toBe(302);
  const quoteId = new URL(quoted.location!, "http://localhost").searchParams.get("quote")!;
  const proceeded = await call(checkoutAction, formRequest("/checkout", { quoteId }, { cookie }));
  expect(proceeded.status).toBe(303);
  const bookingId = new URL(proceeded.location!, "http://localhost").searchParams.get("booking")!;
  return { user, cookie, quoteId, bookingId };
}

const chooseCover = (bookingId: string, cookie: string, fields: Record<string, string>) =>
  call(checkoutAction, formRequest("/checkout", { intent: "cover", bookingId, ...fields }, { cookie }));
const bookingRow = (id: string) => db.booking.findUniqueOrThrow({ where: { id } });

/** Pays the booking on the sandbox's hosted page, as a customer without JavaScript does. */
async function payHosted(bookingId: string, cookie: string, email: string) {
  const started = await call(
    stripeCheckoutAction,
    formRequest(
      "/stripe-checkout",
      { bookingId, customerEmail: email, customerName: "Pia Piano", customerPhone: "07400 900777" },
      { cookie },
    ),
  );
  expect(started.status).toBe(303);
  const sandboxId = started.location!.split("/").pop()!;
  const paid = await call(
    sandboxAction,
    formRequest(`/sandbox-checkout/${sandboxId}`, { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" }),
    { id: sandboxId },
  );
  expect(paid.status).toBe(303);
}

describe("the quote API with extended cover", () => {
  const body = {
    pickupAddress: "Newcastle upon Tyne NE1 4ST",
    deliveryAddress: "Jesmond, Newcastle NE2 1AA",
    moveDate: inTwoDays,
    vanSize: "small",
  };
  const quote = (extra: Record<string, unknown>) =>
    call(quoteApi, jsonRequest("/api/quotes/calculate", { ...body, ...extra }, { ip: uniqueIp() }));

  it("prices the cover, and answers as v2 without it", async () => {
    const plain = await quote({});
    expect(plain.status).toBe(200);
    expect(plain.body.quote).not.toHaveProperty("coverFee");
    expect(plain.body.quote).not.toHaveProperty("declaredValue");

    const covered = await quote({ declaredValue: 8000 });
    expect(covered.status).toBe(200);
    expect(covered.body.quote).toMatchObject({ declaredValue: 8000, coverFee: 120 });
    expect(covered.body.quote.totalPrice).toBeCloseTo(plain.body.quote.totalPrice + 144, 2); // £120 and its VAT
    expect(covered.body.quote.breakdown).toContain("Extended cover (£8,000 declared): £120.00");
    // Older clients send numbers as strings.
    expect((await quote({ declaredValue: "8000" })).body.quote.coverFee).toBe(120);
    const saved = await db.quote.findUniqueOrThrow({ where: { id: covered.body.quote.id } });
    expect(saved).toMatchObject({ declaredValue: 8000, coverFee: 12_000 });
  });

  it("refuses a declared value outside £500 to £50,000 with a 400 and the message", async () => {
    for (const declaredValue of [499, 50_001, 1000.5, "lots"]) {
      const refused = await quote({ declaredValue });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(COVER_MESSAGES.declaredValue);
    }
  });
});

describe("the quote form with extended cover", () => {
  it("saves the cover with the quote", async () => {
    const quoted = await quoteWith({ declaredValue: "3000" });
    expect(quoted.status).toBe(302);
    const quoteId = new URL(quoted.location!, "http://localhost").searchParams.get("quote")!;
    expect(await db.quote.findUniqueOrThrow({ where: { id: quoteId } })).toMatchObject({
      declaredValue: 3000,
      coverFee: 4500,
    });
  });

  it("the distance calculator's quotes take the cover too", async () => {
    const priced = await call(
      distanceCalculatorAction,
      formRequest("/distance-calculator", {
        pickupAddress: MOVE.pickupAddress,
        deliveryAddress: MOVE.deliveryAddress,
        vanSize: "small",
        declaredValue: "1000",
        action: "simple",
      }),
    );
    expect(priced.status).toBe(200);
    expect(priced.body.quote.cover).toMatchObject({ extended: true, name: "Extended cover (£1,000 declared)" });
    expect(priced.body.quote.breakdown).toContainEqual(
      expect.objectContaining({ label: "Extended cover (£1,000 declared), VAT included", amount: "£18.00" }),
    );
  });

  it("refuses a bad declared value on its field, with everything typed given back", async () => {
    const refused = await quoteWith({ declaredValue: "£8,000" });
    expect(refused.status).toBe(400);
    expect(refused.body.lastResult.error.declaredValue).toEqual([COVER_MESSAGES.declaredValue]);
    expect(refused.body.lastResult.initialValue).toMatchObject({
      declaredValue: "£8,000",
      pickupAddress: MOVE.pickupAddress,
    });
  });
});

describe("cover at checkout", () => {
  it("adds, changes and removes cover on the unpaid booking; the price, breakdown and charge follow", async () => {
    const { cookie, bookingId, quoteId } = await customerBooking();
    const plain = await bookingRow(bookingId);
    expect(plain).toMatchObject({ declaredValue: null, coverFee: 0 });

    const added = await chooseCover(bookingId, cookie, { declaredValue: "10000", cover: "extended" });
    expect(added.status).toBe(303);
    const covered = await bookingRow(bookingId);
    expect(covered).toMatchObject({ declaredValue: 10_000, coverFee: 15_000, driverShare: plain.driverShare });
    expect(covered.finalPrice - plain.finalPrice).toBe(coverCostPence(covered));
    expect(covered.finalPrice - plain.finalPrice).toBe(18_000); // £150.00 and £30.00 VAT

    const page = await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }));
    expect(page.body.booking.cover).toMatchObject({ extended: true, name: "Extended cover (£10,000 declared)" });
    expect(page.body.booking.breakdown).toContainEqual(
      expect.objectContaining({ label: "Extended cover (£10,000 declared), VAT included", amount: "£180.00" }),
    );
    expect(page.body.booking.breakdown).toContainEqual(
      expect.objectContaining({ label: "of which: your driver", amount: formatPounds(covered.driverShare) }),
    );
    expect(page.body.booking.total).toBe(formatPounds(covered.finalPrice));

    // A payment is for the booking's price, whatever amount the browser sends.
    const intent = await call(
      paymentIntentApi,
      jsonRequest(
        "/api/create-payment-intent",
        { bookingId, amount: plain.finalPrice / 100 },
        { token: await bearerFor({ id: covered.customerId!, role: "customer" }), ip: uniqueIp() },
      ),
    );
    expect(intent.status).toBe(200);
    expect(intent.body.amount).toBe(covered.finalPrice / 100);

    // A fee sent with the form is not read: the declared value is, and the fee is the server's.
    await chooseCover(bookingId, cookie, { declaredValue: "2000", cover: "extended", coverFee: "1", finalPrice: "1" });
    expect(await bookingRow(bookingId)).toMatchObject({ declaredValue: 2000, coverFee: 3000 });

    const removed = await chooseCover(bookingId, cookie, { declaredValue: "rubbish", cover: "standard" });
    expect(removed.status).toBe(303);
    expect(await bookingRow(bookingId)).toMatchObject({
      declaredValue: null,
      coverFee: 0,
      finalPrice: plain.finalPrice,
      breakdown: plain.breakdown,
    });
    expect(quoteId).toBeTruthy();
  });

  it("refuses a bad declared value with the message and the value as typed", async () => {
    const { cookie, bookingId } = await customerBooking();
    for (const typed of ["100", "£5,000", ""]) {
      const refused = await chooseCover(bookingId, cookie, { declaredValue: typed, cover: "extended" });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ coverForm: { errors: [COVER_MESSAGES.declaredValue], declaredValue: typed } });
    }
    expect(await bookingRow(bookingId)).toMatchObject({ declaredValue: null, coverFee: 0 });
  });

  it("keeps the cover when a discount is applied, and the discount when the cover changes", async () => {
    const { cookie, bookingId } = await customerBooking({ declaredValue: "5000" });
    expect(await bookingRow(bookingId)).toMatchObject({ declaredValue: 5000, coverFee: 7500 });
    const discounted = await call(
      checkoutAction,
      formRequest("/checkout", { intent: "discount", bookingId, code: "WELCOME5" }, { cookie }),
    );
    expect(discounted.status).toBe(303);
    const both = await bookingRow(bookingId);
    expect(both).toMatchObject({ declaredValue: 5000, coverFee: 7500, discountPercent: 5 });
    await chooseCover(bookingId, cookie, { declaredValue: "6000", cover: "extended" });
    expect(await bookingRow(bookingId)).toMatchObject({ declaredValue: 6000, coverFee: 9000, discountPercent: 5 });
  });

  it("is refused on someone else's booking and on a paid one", async () => {
    const { cookie, bookingId, user } = await customerBooking();
    const stranger = await createAccount({ role: "customer" });
    const theirs = await chooseCover(bookingId, await sessionCookie(stranger), { declaredValue: "1000" });
    expect(theirs.status).toBe(404);
    await payHosted(bookingId, cookie, user.email);
    const paid = await chooseCover(bookingId, cookie, { declaredValue: "1000", cover: "extended" });
    expect(paid.status).toBe(400);
    expect(paid.body.coverForm.errors).toEqual([COVER_CHOICE_MESSAGES.notPayable]);
    expect(await bookingRow(bookingId)).toMatchObject({ declaredValue: null, paymentState: "paid" });
  });
});

describe("cover on every document", () => {
  it("the confirmation e-mail, the receipt and the VAT invoice show the cover, its limits and the declared value", async () => {
    const { cookie, bookingId, user } = await customerBooking({ declaredValue: "8000" });
    await payHosted(bookingId, cookie, user.email);
    const booking = await bookingRow(bookingId);
    expect(booking.paymentState).toBe("paid");

    const mail = (await readOutbox(user.email)).find((message) => message.subject.startsWith("Booking confirmed"));
    expect(mail?.text).toContain("Extended cover (£8,000 declared), VAT included: £144.00");
    expect(mail?.text).toContain("of which: your driver: £54.00");
    expect(mail?.text).toContain("Extended cover (£8,000 declared): Up to £2,500 an item and £20,000 for the move.");
    expect(mail?.text).toMatch(/What is covered and how to claim: http\S+\/cover/);

    const receipt = await call(receiptLoader, getRequest(`/booking-receipt?booking=${bookingId}`, { cookie }));
    expect(receipt.body.booking.cover).toEqual({
      extended: true,
      declaredValue: 8000,
      name: "Extended cover (£8,000 declared)",
      limits: "Up to £2,500 an item and £20,000 for the move.",
    });

    const invoice = await issueInvoice(bookingId);
    expect(invoice).toMatchObject({
      coverFeePence: 12_000,
      declaredValue: 8000,
      platformFeePence: booking.platformFee,
    });
    const full = await db.invoice.findUniqueOrThrow({
      where: { id: invoice!.id },
      include: {
        booking: { select: { reference: true, customerId: true, pickupAddress: true, deliveryAddress: true } },
      },
    });
    const pdf = await invoicePdf(full);
    const text = [...pdf!.toString("latin1").matchAll(/<([0-9a-f]+)>/gi)]
      .map(([, hex]) => Buffer.from(hex!, "hex").toString("latin1"))
      .join("");
    expect(text).toContain("Extended cover (£8,000 declared): up to £2,500 an item and £20,000 for the move.");
    expect(text).toContain("£120.00");
  });
});

describe("cancelling a move with extended cover", () => {
  it("within 24 hours: half of the move back, and the cover in full", async () => {
    const start = ukDateTime(new Date(Date.now() + 5 * 3_600_000));
    const { cookie, bookingId, user } = await customerBooking({
      declaredValue: "8000",
      moveDate: start.date,
      moveTime: start.time,
    });
    await payHosted(bookingId, cookie, user.email);
    const booking = await bookingRow(bookingId);
    const cover = coverCostPence(booking);
    expect(cover).toBe(14_400);
    const cancelled = await call(cancelAction, formRequest(`/bookings/${bookingId}/cancel`, {}, { cookie }), {
      id: bookingId,
    });
    expect(cancelled.status).toBeLessThan(400);
    const refunds = await db.payment.findMany({ where: { bookingId, refundOfId: { not: null } } });
    const expected = Math.floor((booking.finalPrice - cover) / 2) + cover;
    expect(refunds.map((refund) => refund.amountPence)).toEqual([expected]);
    // The figures are docs/PRICING.md's for this move.
    const priced = calculatePrice({
      distanceMiles: booking.distanceTenths / 10,
      moveDate: start.date,
      moveTime: start.time,
      vanSize: "medium",
      helpers: 1,
      declaredValue: 8000,
      items: [{ name: "Piano", quantity: 1 }],
      pickupAddress: MOVE.pickupAddress,
      deliveryAddress: MOVE.deliveryAddress,
    });
    expect(booking.finalPrice).toBe(priced.finalPrice);
  });
});
