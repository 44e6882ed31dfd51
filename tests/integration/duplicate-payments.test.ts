// A booking is paid once. A second payment for it (two checkouts open at once, one opened
// before a discount changed the price) is refunded through its provider, and a payment for
// less than the booking's price confirms nothing and is refunded too.
import { beforeAll, describe, expect, it } from "vitest";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { bookQuote, findBookingFor } from "~/server/bookings/bookings.server";
import { confirmPayment, recordProviderPayment, startHostedCheckout } from "~/server/bookings/checkout.server";
import { applyDiscountCode } from "~/server/bookings/discount-codes.server";
import { payWithSandboxCard } from "~/server/payments/sandbox.server";
import { db } from "~/server/platform/db.server";
import type { SessionUser } from "~/views/session-user";
import { useEnv } from "../support/env";
import { BASE, call, createAccount, formRequest } from "./auth-helpers";
import { readOutbox } from "./messages";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

useEnv({ STRIPE_SECRET_KEY: undefined }); // the sandbox takes every payment here
beforeAll(async () => {
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});

async function customerWithBooking() {
  const account = await createAccount();
  const user: SessionUser = { id: account.id, username: account.username, email: account.email, role: "customer" };
  const quoted = await call(
    quoteAction,
    formRequest("/quote", {
      __form__: "detailed-quote-form",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "20 Jesmond Road, Newcastle NE2 4PQ",
      moveDate: inTwoDays,
      moveTime: "09:00",
      vanSize: "large",
      helpers: "2",
      "items[0].name": "Wardrobe",
      "items[0].quantity": "2",
    }),
  );
  const quoteId = new URL(quoted.location!, BASE).searchParams.get("quote")!;
  const request = new Request(`${BASE}/checkout`);
  const booked = await bookQuote(request, quoteId, user);
  if (booked.status !== "booked") throw new Error("not booked");
  const booking = async () => (await findBookingFor(request, booked.bookingId, user))!;
  return { user, bookingId: booked.bookingId, booking };
}

async function pay(sessionId: string) {
  const paid = await payWithSandboxCard(sessionId, "4242 4242 4242 4242");
  return recordProviderPayment(paid!.payment);
}

describe("paying a booking twice", () => {
  it("refunds the second payment when two checkouts at different prices are both paid", async () => {
    const { user, bookingId, booking } = await customerWithBooking();
    const fullPrice = await startHostedCheckout(await booking(), user, {});
    expect((await applyDiscountCode(bookingId, user.id, "WELCOME5")).ok).toBe(true);
    const discounted = await startHostedCheckout(await booking(), user, {});
    expect(discounted.sessionId).not.toBe(fullPrice.sessionId);

    expect((await pay(discounted.sessionId)).outcome).toBe("paid");
    expect((await pay(fullPrice.sessionId)).outcome).toBe("already_paid");
    expect((await pay(fullPrice.sessionId)).outcome).toBe("already_paid"); // a replay refunds nothing more

    const after = await db.booking.findUniqueOrThrow({
      where: { id: bookingId },
      include: { payments: { orderBy: { amountPence: "asc" } } },
    });
    expect(after.paymentState).toBe("paid");
    expect(after.payments.map((payment) => [payment.status, payment.amountPence])).toEqual([
      ["succeeded", after.finalPrice],
      ["refunded", after.originalPrice],
    ]);
    expect(after.payments[1]!.failureMessage).toBe("Refunded: the booking was already paid.");
    expect(await readOutbox(user.email)).toHaveLength(1);
  });

  it("a second payment whose refund did not go through is refunded when asked about again, not answered from our record", async () => {
    const { user, bookingId, booking } = await customerWithBooking();
    const fullPrice = await startHostedCheckout(await booking(), user, {});
    expect((await applyDiscountCode(bookingId, user.id, "WELCOME5")).ok).toBe(true);
    const discounted = await startHostedCheckout(await booking(), user, {});
    expect((await pay(discounted.sessionId)).outcome).toBe("paid");
    expect((await pay(fullPrice.sessionId)).outcome).toBe("already_paid");
    // As if the provider had refused the refund: the row is put back to succeeded.
    const second = { bookingId, providerSessionId: fullPrice.sessionId };
    await db.payment.updateMany({ where: second, data: { status: "succeeded", failureMessage: null } });

    // The second goes the whole way and is refunded again; then the payment that paid the booking,
    // the only one left, is answered from the record.
    expect(await confirmPayment({ sessionId: fullPrice.sessionId })).toEqual({ outcome: "already_paid", bookingId });
    expect(await db.payment.findFirstOrThrow({ where: second })).toMatchObject({
      status: "refunded",
      failureMessage: "Refunded: the booking was already paid.",
    });
    expect(await confirmPayment({ sessionId: discounted.sessionId })).toEqual({ outcome: "already_paid", bookingId });
    expect(
      await db.payment.findFirstOrThrow({ where: { bookingId, providerSessionId: discounted.sessionId } }),
    ).toMatchObject({
      status: "succeeded",
    });
  });

  it("the payment that paid the booking is kept when confirmed again while a second one's refund has not gone through", async () => {
    const { user, bookingId, booking } = await customerWithBooking();
    const fullPrice = await startHostedCheckout(await booking(), user, {});
    expect((await applyDiscountCode(bookingId, user.id, "WELCOME5")).ok).toBe(true);
    const discounted = await startHostedCheckout(await booking(), user, {});
    expect((await pay(discounted.sessionId)).outcome).toBe("paid");
    const payer = await db.payment.findFirstOrThrow({ where: { bookingId, providerSessionId: discounted.sessionId } });
    expect(await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).toMatchObject({
      paymentState: "paid",
      paidByPaymentId: payer.id,
    });
    expect((await pay(fullPrice.sessionId)).outcome).toBe("already_paid");
    // As if the provider had refused the second payment's refund: it is still recorded as succeeded.
    const second = { bookingId, providerSessionId: fullPrice.sessionId };
    await db.payment.updateMany({ where: second, data: { status: "succeeded", failureMessage: null } });

    // The payer asked about again, by its provider's answer and by the customer's return: kept.
    expect((await pay(discounted.sessionId)).outcome).toBe("already_paid");
    expect(await confirmPayment({ sessionId: discounted.sessionId })).toEqual({ outcome: "already_paid", bookingId });
    expect(await db.payment.findUniqueOrThrow({ where: { id: payer.id } })).toMatchObject({ status: "succeeded" });
    expect(await db.payment.findFirstOrThrow({ where: second })).toMatchObject({ status: "succeeded" });
    // The second, asked about again, is the one given back.
    expect((await pay(fullPrice.sessionId)).outcome).toBe("already_paid");
    expect(await db.payment.findFirstOrThrow({ where: second })).toMatchObject({ status: "refunded" });
    expect(await db.payment.findUniqueOrThrow({ where: { id: payer.id } })).toMatchObject({ status: "succeeded" });
  });

  it("confirms nothing on a payment for less than the price, and refunds it", async () => {
    const { user, bookingId, booking } = await customerWithBooking();
    const session = await startHostedCheckout(await booking(), user, {});
    const { finalPrice } = await db.booking.update({
      where: { id: bookingId },
      data: { finalPrice: { increment: 500 } },
    });

    expect((await pay(session.sessionId)).outcome).toBe("underpaid");
    const after = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { payments: true } });
    expect(after.paymentState).toBe("unpaid");
    expect(after.payments.map((payment) => [payment.status, payment.amountPence])).toEqual([
      ["refunded", finalPrice - 500],
    ]);
    expect(await readOutbox(user.email)).toHaveLength(0);
  });
});
