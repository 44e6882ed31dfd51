// Holes a security review found in bookings: a quote's id handed its guest booking to anyone
// who held it, and a single-use discount code, applied to two bookings at once, discounted
// both (and 6 of 20 simultaneous applies answered a 500).
import { describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { DISCOUNT_MESSAGES } from "~/schemas/checkout";
import { applyDiscountCode } from "~/server/bookings/discount-codes.server";
import { db } from "~/server/platform/db.server";
import { useEnv } from "../support/env";
import { call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
useEnv({ STRIPE_SECRET_KEY: undefined });

async function makeQuote(cookie?: string) {
  const outcome = await call(
    quoteAction,
    formRequest(
      "/quote",
      {
        __form__: "detailed-quote-form",
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        moveDate: inTwoDays,
        moveTime: "09:00",
        vanSize: "medium",
        helpers: "1",
        "items[0].name": "Sofa",
        "items[0].quantity": "1",
      },
      { cookie },
    ),
  );
  return new URL(outcome.location!, "http://localhost").searchParams.get("quote")!;
}

const proceed = (quoteId: string, cookie?: string) =>
  call(checkoutAction, formRequest("/checkout", { quoteId }, { cookie }));
const bookingIdOf = (location: string | null) => new URL(location!, "http://localhost").searchParams.get("booking");

describe("a quote's id is no key to its booking", () => {
  it("books the guest's quote for the guest's browser alone; another browser holding the id gets 'Invalid Quote'", async () => {
    const quoteId = await makeQuote();
    const guest = await proceed(quoteId);
    const bookingId = bookingIdOf(guest.location)!;
    const guestCookie = guest.headers.get("Set-Cookie")!.split(";")[0]!;

    // A double click on the guest's own browser finds the same booking.
    expect(bookingIdOf((await proceed(quoteId, guestCookie)).location)).toBe(bookingId);

    // Someone else with the quote's id: an anonymous browser, then a signed-in customer.
    const stranger = await proceed(quoteId);
    expect(stranger.status).toBe(303);
    expect(stranger.location).toBe("/#quote");
    const strangerCookie = stranger.headers.get("Set-Cookie")?.split(";")[0] ?? null;
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie: strangerCookie }))).body,
    ).toEqual({ kind: "missing" });

    const customer = await createAccount({ role: "customer" });
    const customerCookie = await sessionCookie(customer);
    expect((await proceed(quoteId, customerCookie)).location).toBe("/#quote");
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie: customerCookie }))).body,
    ).toEqual({ kind: "missing" });

    // The booking is still the guest's, unclaimed.
    expect((await db.booking.findUniqueOrThrow({ where: { id: bookingId } })).customerId).toBeNull();
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie: guestCookie }))).body,
    ).toMatchObject({ kind: "booking" });
  });

  it("gives a signed-in customer's booking back to that customer only", async () => {
    const owner = await createAccount({ role: "customer" });
    const ownerCookie = await sessionCookie(owner);
    const quoteId = await makeQuote(ownerCookie);
    const bookingId = bookingIdOf((await proceed(quoteId, ownerCookie)).location);
    expect(bookingIdOf((await proceed(quoteId, ownerCookie)).location)).toBe(bookingId);
    const other = await createAccount({ role: "customer" });
    expect((await proceed(quoteId, await sessionCookie(other))).location).toBe("/#quote");
  });
});

describe("a single-use discount code discounts one booking, once", () => {
  it("20 simultaneous applies to 20 bookings: no 500, and exactly one booking carries the discount", async () => {
    const customer = await createAccount({ role: "customer" });
    const cookie = await sessionCookie(customer);
    const bookingIds: string[] = [];
    for (let i = 0; i < 20; i++)
      bookingIds.push(bookingIdOf((await proceed(await makeQuote(cookie), cookie)).location)!);

    const results = await Promise.allSettled(
      bookingIds.map((bookingId) => applyDiscountCode(bookingId, customer.id, "WELCOME5")),
    );
    const rejected = results.filter((result) => result.status === "rejected");
    expect(rejected).toEqual([]);
    for (const result of results) {
      const value = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof applyDiscountCode>>>).value;
      if (!value.ok) expect(value.message).toBe(DISCOUNT_MESSAGES.busy);
    }
    expect(results.some((result) => result.status === "fulfilled" && result.value.ok)).toBe(true);

    const bookings = await db.booking.findMany({
      where: { id: { in: bookingIds } },
      select: { id: true, originalPrice: true, finalPrice: true },
    });
    const discounted = bookings.filter((booking) => booking.finalPrice < booking.originalPrice);
    expect(discounted).toHaveLength(1);
    const codes = await db.discountCode.findMany({ where: { customerId: customer.id, code: "WELCOME5" } });
    expect(codes).toHaveLength(1);
    expect(codes[0]!.bookingId).toBe(discounted[0]!.id);
  }, 120_000);

  it("20 simultaneous first offers issue one code", async () => {
    const customer = await createAccount({ role: "customer" });
    const cookie = await sessionCookie(customer);
    const bookingId = bookingIdOf((await proceed(await makeQuote(cookie), cookie)).location)!;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => applyDiscountCode(bookingId, customer.id, "WELCOME5")),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect(await db.discountCode.count({ where: { customerId: customer.id } })).toBe(1);
    const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(booking.finalPrice).toBeLessThan(booking.originalPrice);
  }, 60_000);
});
