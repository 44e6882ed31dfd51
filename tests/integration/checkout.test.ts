// Checkout with the built-in sandbox provider (no Stripe keys): "Proceed to Checkout" books a
// quote once, a booking is seen only by whom it belongs to, discount codes are checked on the
// server, and the hosted flow (details → sandbox page → confirmation) charges the booking's own
// price once, however often a form is posted or a page is visited. The JSON API calls the same
// server functions. Loaders and actions are called as Remix calls them.
import { beforeAll, describe, expect, it } from "vitest";
import { formatPounds } from "~/domain/money";
import { PAYMENT_MESSAGES } from "~/domain/payments";
import { applyDiscount } from "~/domain/pricing";
import { SANDBOX_DECLINES } from "~/domain/sandbox-cards";
import { loader as confirmationLoader } from "~/routes/_checkout+/booking-confirmation";
import { loader as receiptLoader } from "~/routes/_checkout+/booking-receipt";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_checkout+/checkout";
import { action as embeddedAction, loader as embeddedLoader } from "~/routes/_checkout+/embedded-checkout";
import { action as sandboxAction, loader as sandboxLoader } from "~/routes/_checkout+/sandbox-checkout.$id";
import { action as stripeCheckoutAction, loader as stripeCheckoutLoader } from "~/routes/_checkout+/stripe-checkout";
import { action as quoteAction } from "~/routes/_quote+/quote";
import { action as createBookingApi } from "~/routes/api+/bookings.create";
import { action as confirmApi } from "~/routes/api+/confirm-booking";
import { action as paymentIntentApi } from "~/routes/api+/create-payment-intent";
import { action as checkoutSessionApi } from "~/routes/api+/create-stripe-checkout-session";
import { CHECKOUT_MESSAGES, DISCOUNT_MESSAGES } from "~/schemas/checkout";
import { startUserSession } from "~/server/auth/auth.server";
import { payWithSandboxCard } from "~/server/payments/sandbox.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { pricedQuote } from "~/server/quotes/quotes.server";
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
  unique,
  type Outcome,
} from "./auth-helpers";
import { readOutbox } from "./messages";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
};
const card = (cardNumber: string) => ({ cardNumber, expiry: "12/34", cvc: "123" });

// No Stripe keys (and no saved ones): the sandbox takes every payment in this file.
useEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined });
beforeAll(async () => {
  await db.paymentSetting.deleteMany({ where: { provider: "stripe" } });
});

/** A priced quote with two items, made as the /quote page makes it (optionally signed in). */
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
        "items[1].name": "Boxes",
        "items[1].quantity": "6",
      },
      { cookie },
    ),
  );
  expect(outcome.status).toBe(302);
  return new URL(outcome.location!, "http://localhost").searchParams.get("quote")!;
}

/** "Proceed to Checkout": the booking's id and the cookie the browser keeps afterwards. */
async function proceed(quoteId: string, cookie?: string) {
  const outcome = await call(checkoutAction, formRequest("/checkout", { quoteId }, { cookie }));
  expect(outcome.status).toBe(303);
  const bookingId = new URL(outcome.location!, "http://localhost").searchParams.get("booking")!;
  expect(bookingId).toBeTruthy();
  return { bookingId, cookie: outcome.headers.get("Set-Cookie")?.split(";")[0] ?? cookie, outcome };
}

async function customer() {
  const user = await createAccount({ role: "customer" });
  return { user, cookie: await sessionCookie(user) };
}

/** A signed-in customer's booking of a fresh quote. */
async function customerBooking() {
  const who = await customer();
  const { bookingId } = await proceed(await makeQuote(who.cookie), who.cookie);
  return { ...who, bookingId };
}

const details = (bookingId: string, email: string, extra: Record<string, string> = {}) => ({
  bookingId,
  customerEmail: email,
  customerName: "Ann Example",
  customerPhone: "07400 900123",
  specialRequirements: "Parking on the street",
  ...extra,
});

/** /stripe-checkout's form posted without JavaScript: a 303 to the sandbox's page. */
async function startHosted(bookingId: string, cookie: string, email: string) {
  const outcome = await call(
    stripeCheckoutAction,
    formRequest("/stripe-checkout", details(bookingId, email), { cookie }),
  );
  expect(outcome.status).toBe(303);
  expect(outcome.location).toMatch(/^\/sandbox-checkout\/sbx_cs_[0-9a-f]+$/);
  return { path: outcome.location!, id: outcome.location!.split("/").pop()! };
}

const paySandbox = (sandboxId: string, cardNumber: string) =>
  call(sandboxAction, formRequest(`/sandbox-checkout/${sandboxId}`, card(cardNumber)), { id: sandboxId });

const payments = (bookingId: string) => db.payment.findMany({ where: { bookingId } });
const booking = (bookingId: string) =>
  db.booking.findUniqueOrThrow({ where: { id: bookingId }, include: { items: true } });
const uniqueEmail = (tag: string) => `${tag}-${unique()}@example.com`;

// ------------------------------------------------------------------------- booking a quote

describe("'Proceed to Checkout'", () => {
  it("makes one booking (pending, unpaid) with the quote's items and the server's price", async () => {
    const quoteId = await makeQuote();
    const { bookingId, cookie } = await proceed(quoteId);
    const made = await booking(bookingId);
    const { price } = (await pricedQuote(quoteId))!;
    expect(made).toMatchObject({
      quoteId,
      status: "pending",
      paymentState: "unpaid",
      customerId: null,
      finalPrice: price.finalPrice,
      originalPrice: price.finalPrice,
    });
    expect(made.reference).toMatch(/^EM-[A-Z0-9]{6}$/);
    expect(made.items.map((item) => [item.name, item.quantity]).sort()).toEqual([
      ["Boxes", 6],
      ["Sofa", 1],
    ]);

    // Proceeding again (back button, second tab) finds the same booking.
    const again = await proceed(quoteId, cookie);
    expect(again.bookingId).toBe(bookingId);
    expect(await db.booking.count({ where: { quoteId } })).toBe(1);
  });

  it("makes one booking of a quote posted 20 times at once", async () => {
    const quoteId = await makeQuote();
    const results = await Promise.all(Array.from({ length: 20 }, () => proceed(quoteId)));
    expect(new Set(results.map((result) => result.bookingId)).size).toBe(1);
    expect(await db.booking.count({ where: { quoteId } })).toBe(1);
    expect(await db.bookingItem.count({ where: { bookingId: results[0]!.bookingId } })).toBe(2);
  });

  it("shows a guest's booking to the browser that made it only, and hands it to that browser's customer on sign-in", async () => {
    const { bookingId, cookie: guestCookie } = await proceed(await makeQuote());
    const page = (cookie?: string | null) =>
      call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }));

    const mine = await page(guestCookie);
    expect(mine.body).toMatchObject({
      kind: "booking",
      booking: { id: bookingId, paid: false },
      signedIn: false,
      paymentMode: "sandbox",
      offer: null,
    });

    // Another anonymous browser and another customer see "No quote found", as for an unknown id.
    expect((await page(null)).body).toEqual({ kind: "missing" });
    const stranger = await customer();
    expect((await page(stranger.cookie)).body).toEqual({ kind: "missing" });
    expect((await call(checkoutLoader, getRequest("/checkout?booking=nope", { cookie: guestCookie }))).body).toEqual({
      kind: "missing",
    });

    // Signing in on the guest's browser keeps the booking and makes it the customer's.
    const owner = await createAccount({ role: "customer" });
    const signedIn = (await startUserSession(getRequest("/", { cookie: guestCookie }), owner)).split(";")[0]!;
    const claimed = await page(signedIn);
    expect(claimed.body).toMatchObject({
      kind: "booking",
      signedIn: true,
      offer: { code: "WELCOME5", percent: 5, usable: true },
    });
    expect((await booking(bookingId)).customerId).toBe(owner.id);
    // Now it is the customer's: the stranger still cannot see it, even with the old guest cookie.
    expect((await page(stranger.cookie)).body).toEqual({ kind: "missing" });
    expect((await page(guestCookie)).body).toEqual({ kind: "missing" });
  });
});

describe("the payment pages need a signed-in customer", () => {
  it("send a visitor to /signin and back", async () => {
    const { bookingId, cookie: guestCookie } = await proceed(await makeQuote());
    const expectSignIn = (outcome: Outcome, back: string) => {
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe(`/signin?redirectTo=${encodeURIComponent(back)}`);
    };
    expectSignIn(
      await call(stripeCheckoutLoader, getRequest(`/stripe-checkout?booking=${bookingId}`, { cookie: guestCookie })),
      `/stripe-checkout?booking=${bookingId}`,
    );
    expectSignIn(
      await call(
        stripeCheckoutAction,
        formRequest("/stripe-checkout", details(bookingId, "guest@example.com"), { cookie: guestCookie }),
      ),
      "/stripe-checkout",
    );
    expectSignIn(
      await call(
        embeddedAction,
        formRequest(
          "/embedded-checkout",
          { bookingId, ...card(CARDS.success), customerEmail: "guest@example.com", customerName: "Guest" },
          { cookie: guestCookie },
        ),
      ),
      "/embedded-checkout",
    );
    expectSignIn(
      await call(confirmationLoader, getRequest(`/booking-confirmation?booking=${bookingId}`, { cookie: guestCookie })),
      `/booking-confirmation?booking=${bookingId}`,
    );
    expectSignIn(
      await call(receiptLoader, getRequest(`/booking-receipt?booking=${bookingId}`, { cookie: guestCookie })),
      `/booking-receipt?booking=${bookingId}`,
    );
    expectSignIn(
      await call(
        checkoutAction,
        formRequest("/checkout", { intent: "discount", bookingId, code: "WELCOME5" }, { cookie: guestCookie }),
      ),
      "/checkout",
    );

    // The embedded card page shows the non-dismissable dialog instead, and starts no payment.
    const embedded = await call(
      embeddedLoader,
      getRequest(`/embedded-checkout?booking=${bookingId}`, { cookie: guestCookie }),
    );
    expect(embedded.body).toMatchObject({
      booking: { id: bookingId },
      card: null,
      here: `/embedded-checkout?booking=${bookingId}`,
    });
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);
    expect((await booking(bookingId)).paymentState).toBe("unpaid");
  });

  it("show another customer's booking as missing and start nothing for it", async () => {
    const { bookingId } = await customerBooking();
    const stranger = await customer();
    expect(
      (
        await call(
          stripeCheckoutLoader,
          getRequest(`/stripe-checkout?booking=${bookingId}`, { cookie: stranger.cookie }),
        )
      ).body,
    ).toEqual({ booking: null });
    const posted = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, "x@example.com"), { cookie: stranger.cookie }),
    );
    expect(posted.status).toBe(404);
    expect(
      (
        await call(
          confirmationLoader,
          getRequest(`/booking-confirmation?booking=${bookingId}`, { cookie: stranger.cookie }),
        )
      ).body.confirmation,
    ).toEqual({ state: "loading_error" });
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);
  });
});

// ------------------------------------------------------------------------- discount codes

describe("discount codes", () => {
  const apply = (bookingId: string, cookie: string, code: string) =>
    call(checkoutAction, formRequest("/checkout", { intent: "discount", bookingId, code }, { cookie }));
  const codeError = (outcome: Outcome) => outcome.body.error?.code;

  it("refuses an unknown code and another tier's code, with the price unchanged", async () => {
    const { bookingId, cookie } = await customerBooking();
    const before = await booking(bookingId);

    const empty = await apply(bookingId, cookie, "  ");
    expect(empty.status).toBe(400);
    expect(codeError(empty)).toEqual([DISCOUNT_MESSAGES.required]);

    const wrong = await apply(bookingId, cookie, "FREEMOVE");
    expect(wrong.status).toBe(400);
    expect(codeError(wrong)).toEqual([DISCOUNT_MESSAGES.invalid]);
    expect(wrong.body.initialValue).toMatchObject({ code: "FREEMOVE", bookingId });

    // A customer with no paid bookings is offered WELCOME5, not the returning customers' codes.
    for (const other of ["RETURN10", "loyal15"]) {
      const refused = await apply(bookingId, cookie, other);
      expect(refused.status).toBe(400);
      expect(codeError(refused)).toEqual([DISCOUNT_MESSAGES.notYours]);
    }
    const after = await booking(bookingId);
    expect({ finalPrice: after.finalPrice, discountPercent: after.discountPercent }).toEqual({
      finalPrice: before.finalPrice,
      discountPercent: null,
    });
  });

  it("refuses an expired code and a used one", async () => {
    const { user, bookingId, cookie } = await customerBooking();
    await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie })); // the code is issued when first offered
    const code = await db.discountCode.findFirstOrThrow({ where: { customerId: user.id, code: "WELCOME5" } });

    await db.discountCode.update({ where: { id: code.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await apply(bookingId, cookie, "WELCOME5");
    expect(expired.status).toBe(400);
    expect(codeError(expired)).toEqual([DISCOUNT_MESSAGES.expired]);

    await db.discountCode.update({
      where: { id: code.id },
      data: { expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date() },
    });
    const used = await apply(bookingId, cookie, "WELCOME5");
    expect(used.status).toBe(400);
    expect(codeError(used)).toEqual([DISCOUNT_MESSAGES.used]);
    expect((await booking(bookingId)).discountPercent).toBeNull();
  });

  it("offers the tier of the customer's paid bookings, valid for 30 days", async () => {
    const { user, bookingId, cookie } = await customerBooking();
    const page = await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }));
    const offer = page.body.offer;
    expect(offer).toMatchObject({ code: "WELCOME5", percent: 5, usable: true });
    const days = (new Date(offer.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // One paid booking: RETURN10; three: LOYAL15.
    const paid = async () => {
      const { bookingId: id } = await proceed(await makeQuote(cookie), cookie);
      await db.booking.update({ where: { id }, data: { paymentState: "paid" } });
    };
    await paid();
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }))).body.offer,
    ).toMatchObject({ code: "RETURN10", percent: 10 });
    await paid();
    await paid();
    expect(
      (await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }))).body.offer,
    ).toMatchObject({ code: "LOYAL15", percent: 15 });
    expect(await db.discountCode.count({ where: { customerId: user.id } })).toBe(3);
    const loyal = await apply(bookingId, cookie, "loyal15");
    expect(loyal.status).toBe(303);
    expect((await booking(bookingId)).discountPercent).toBe(15);
  });

  it("reprices the booking as applyDiscount says, keeps the original price, and is spent when the booking is paid", async () => {
    const email = uniqueEmail("discount");
    const { user, bookingId, cookie } = await customerBooking();
    const before = await booking(bookingId);
    const { price } = (await pricedQuote(before.quoteId!))!;
    expect(before.finalPrice).toBe(price.finalPrice);

    const applied = await apply(bookingId, cookie, " welcome5 ");
    expect(applied.status).toBe(303);
    expect(applied.location).toBe(`/checkout?booking=${bookingId}`);

    const expected = applyDiscount(price, 5, "WELCOME5");
    const after = await booking(bookingId);
    expect(after).toMatchObject({
      originalPrice: price.finalPrice,
      finalPrice: expected.finalPrice,
      subTotal: expected.subTotal,
      platformFee: expected.platformFee,
      driverShare: expected.driverShare,
      vatAmount: expected.vatAmount,
      discountPercent: 5,
    });
    expect(after.breakdown).toEqual(JSON.parse(JSON.stringify(expected.breakdownLines)));
    // docs/PRICING.md: 5% of the subtotal before VAT, then the platform fee and VAT again.
    const discount = Math.floor((price.subTotal * 500 + 5000) / 10_000);
    expect(after.subTotal).toBe(price.subTotal - discount);
    expect(after.finalPrice).toBeLessThan(price.finalPrice);
    expect(
      (after.breakdown as { key: string; amountPence: number }[]).find((line) => line.key === "discount")?.amountPence,
    ).toBe(-discount);

    const page = await call(checkoutLoader, getRequest(`/checkout?booking=${bookingId}`, { cookie }));
    expect(page.body.booking).toMatchObject({
      total: formatPounds(expected.finalPrice),
      originalTotal: formatPounds(price.finalPrice),
      discount: { code: "WELCOME5", percent: 5 },
    });

    // Paid (for the discounted price): the code is spent.
    const hosted = await startHosted(bookingId, cookie, email);
    expect((await db.sandboxCheckout.findUniqueOrThrow({ where: { id: hosted.id } })).amountPence).toBe(
      expected.finalPrice,
    );
    expect((await paySandbox(hosted.id, CARDS.success)).status).toBe(303);
    const code = await db.discountCode.findFirstOrThrow({ where: { customerId: user.id, code: "WELCOME5" } });
    expect(code.bookingId).toBe(bookingId);
    expect(code.usedAt).toBeInstanceOf(Date);
    const [payment] = await payments(bookingId);
    expect(payment).toMatchObject({ status: "succeeded", amountPence: expected.finalPrice });

    // A paid booking takes no code, and the next booking is offered the next tier.
    const late = await apply(bookingId, cookie, "WELCOME5");
    expect(late.status).toBe(400);
    const next = await proceed(await makeQuote(cookie), cookie);
    const again = await apply(next.bookingId, cookie, "WELCOME5");
    expect(codeError(again)).toEqual([DISCOUNT_MESSAGES.notYours]);
    expect((await booking(next.bookingId)).discountPercent).toBeNull();
  });
});

// ------------------------------------------------------------------------- phone numbers and texts

describe("the customer's phone number and texts", () => {
  const post = (bookingId: string, cookie: string, extra: Record<string, string>) =>
    call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, uniqueEmail("phone"), extra), { cookie }),
    );

  it("offers texts ticked, unless the account turned them off", async () => {
    const { user, bookingId, cookie } = await customerBooking();
    const page = await call(stripeCheckoutLoader, getRequest(`/stripe-checkout?booking=${bookingId}`, { cookie }));
    expect(page.body.defaults.textUpdates).toBe("on");
    await db.user.update({ where: { id: user.id }, data: { textUpdates: false } });
    const again = await call(stripeCheckoutLoader, getRequest(`/stripe-checkout?booking=${bookingId}`, { cookie }));
    expect(again.body.defaults.textUpdates).toBe("");
  });

  it("keeps a mobile in E.164 with the customer's choice of texts", async () => {
    const { bookingId, cookie } = await customerBooking();
    expect((await post(bookingId, cookie, { customerPhone: "+44 (0)7400 900 777", textUpdates: "on" })).status).toBe(
      303,
    );
    expect(await booking(bookingId)).toMatchObject({ customerPhone: "+447400900777", textUpdates: true });
  });

  it("refuses a landline on the field while texts are ticked, keeping what was typed, and takes it without", async () => {
    const { bookingId, cookie } = await customerBooking();
    const refused = await post(bookingId, cookie, { customerPhone: "020 7946 0018", textUpdates: "on" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ customerPhone: [CHECKOUT_MESSAGES.landline] });
    expect(refused.body.initialValue).toMatchObject({ customerPhone: "020 7946 0018", textUpdates: "on" });
    expect((await booking(bookingId)).customerPhone).toBeNull();

    expect((await post(bookingId, cookie, { customerPhone: "020 7946 0018" })).status).toBe(303);
    expect(await booking(bookingId)).toMatchObject({ customerPhone: "+442079460018", textUpdates: false });
  });

  it("refuses a number that is not one, with the product's message", async () => {
    const { bookingId, cookie } = await customerBooking();
    const refused = await post(bookingId, cookie, { customerPhone: "0790 0000" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ customerPhone: [CHECKOUT_MESSAGES.invalidPhone] });
  });

  it("the JSON API texts unless told not to, and refuses a landline for texts", async () => {
    const { user, bookingId } = await customerBooking();
    const token = await bearerFor(user);
    const ip = uniqueIp();
    const send = (body: Record<string, unknown>) =>
      call(checkoutSessionApi, jsonRequest("/api/create-stripe-checkout-session", body, { token, ip }));
    const landline = await send({ ...details(bookingId, uniqueEmail("api")), customerPhone: "020 7946 0018" });
    expect(landline.status).toBe(400);
    expect(landline.body).toMatchObject({
      error: CHECKOUT_MESSAGES.landline,
      fieldErrors: { customerPhone: [CHECKOUT_MESSAGES.landline] },
    });
    const off = await send({
      ...details(bookingId, uniqueEmail("api")),
      customerPhone: "020 7946 0018",
      textUpdates: false,
    });
    expect(off.status).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ customerPhone: "+442079460018", textUpdates: false });
    expect((await send(details(bookingId, uniqueEmail("api")))).status).toBe(200);
    expect(await booking(bookingId)).toMatchObject({ customerPhone: "+447400900123", textUpdates: true });
  });
});

// ------------------------------------------------------------------------- the hosted flow

describe("the sandbox's hosted payment page", () => {
  it("asks for the details with the product's message, keeping what was typed", async () => {
    const { bookingId, cookie } = await customerBooking();
    const outcome = await call(
      stripeCheckoutAction,
      formRequest(
        "/stripe-checkout",
        {
          bookingId,
          customerEmail: "",
          customerName: "Ann Example",
          customerPhone: "",
          specialRequirements: "Fragile piano",
        },
        { cookie },
      ),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error).toMatchObject({
      customerEmail: [CHECKOUT_MESSAGES.requiredFields],
      customerPhone: [CHECKOUT_MESSAGES.requiredFields],
    });
    expect(outcome.body.initialValue).toMatchObject({
      bookingId,
      customerName: "Ann Example",
      specialRequirements: "Fragile piano",
    });

    const badEmail = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, "not-an-email"), { cookie }),
    );
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.customerEmail).toEqual([CHECKOUT_MESSAGES.invalidEmail]);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);
  });

  it("declines 4000 0000 0000 0002, then takes 4242 …, confirms, and e-mails the receipt once", async () => {
    const email = uniqueEmail("hosted");
    const { user, bookingId, cookie } = await customerBooking();
    const { finalPrice, reference } = await booking(bookingId);

    // The JavaScript form gets the URL instead of a redirect.
    const withJs = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", { ...details(bookingId, email), redirect: "client" }, { cookie }),
    );
    expect(withJs.status).toBe(200);
    const hosted = await startHosted(bookingId, cookie, email);
    expect(withJs.body.checkoutUrl).toBe(hosted.path);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(1);
    expect(await booking(bookingId)).toMatchObject({
      customerId: user.id,
      customerEmail: email,
      customerName: "Ann Example",
      customerPhone: "+447400900123",
    });

    const page = await call(sandboxLoader, getRequest(hosted.path), { id: hosted.id });
    expect(page.body).toMatchObject({ id: hosted.id, amount: formatPounds(finalPrice), email });

    const declined = await paySandbox(hosted.id, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error[""]).toEqual([SANDBOX_DECLINES.declined]);
    expect(declined.body.initialValue).toMatchObject({ expiry: "12/34" });
    expect(await payments(bookingId)).toEqual([
      expect.objectContaining({ status: "failed", failureMessage: SANDBOX_DECLINES.declined, amountPence: finalPrice }),
    ]);
    expect((await booking(bookingId)).paymentState).toBe("unpaid");
    const notYet = await call(
      confirmationLoader,
      getRequest(`/booking-confirmation?booking=${bookingId}&session_id=${hosted.id}`, { cookie }),
    );
    expect(notYet.body.confirmation.state).toBe("unpaid");

    const paid = await paySandbox(hosted.id, CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${env.SITE_URL}/booking-confirmation?booking=${bookingId}&session_id=${hosted.id}`);
    expect((await booking(bookingId)).paymentState).toBe("paid");

    const confirmation = await call(
      confirmationLoader,
      getRequest(new URL(paid.location!).pathname + new URL(paid.location!).search, { cookie }),
    );
    expect(confirmation.body.confirmation).toMatchObject({
      state: "confirmed",
      booking: { id: bookingId, reference, paid: true, total: formatPounds(finalPrice) },
    });

    const rows = await payments(bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "sandbox",
      status: "succeeded",
      amountPence: finalPrice,
      failureMessage: null,
      customerEmail: email,
    });

    const mail = await readOutbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(reference);
    expect(mail[0]!.text).toContain(`Booking reference: ${reference}`);
    expect(mail[0]!.text).toContain(`Paid: ${formatPounds(finalPrice)}`);

    // The receipt page is there for a paid booking.
    expect(
      (await call(receiptLoader, getRequest(`/booking-receipt?booking=${bookingId}`, { cookie }))).body.booking,
    ).toMatchObject({ reference, paid: true });
  });

  it("says 'insufficient funds' for 4000 0000 0000 9995 and leaves the booking unpaid", async () => {
    const { bookingId, cookie } = await customerBooking();
    const hosted = await startHosted(bookingId, cookie, uniqueEmail("funds"));
    const outcome = await paySandbox(hosted.id, CARDS.insufficientFunds);
    expect(outcome.status).toBe(402);
    expect(outcome.body.error[""]).toEqual([SANDBOX_DECLINES.insufficientFunds]);
    expect((await booking(bookingId)).paymentState).toBe("unpaid");
    expect(await payments(bookingId)).toEqual([
      expect.objectContaining({ status: "failed", failureMessage: SANDBOX_DECLINES.insufficientFunds }),
    ]);
  });

  it("charges once for a double click, a double submit and a second confirmation visit", async () => {
    const email = uniqueEmail("twice");
    const { bookingId, cookie } = await customerBooking();
    const { finalPrice } = await booking(bookingId);

    // Double click on "Pay securely": one sandbox checkout.
    const [first, second] = await Promise.all([
      startHosted(bookingId, cookie, email),
      startHosted(bookingId, cookie, email),
    ]);
    expect(second.id).toBe(first.id);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(1);

    const submits = await Promise.all([paySandbox(first.id, CARDS.success), paySandbox(first.id, CARDS.success)]);
    for (const submit of submits) expect(submit.status).toBe(303);
    // Once paid, the page takes nothing more (not even a declined card back to unpaid).
    expect((await paySandbox(first.id, CARDS.declined)).status).toBe(303);
    expect((await booking(bookingId)).paymentState).toBe("paid");
    // The page of a paid checkout goes straight to the confirmation.
    const page = await call(sandboxLoader, getRequest(first.path), { id: first.id });
    expect(page.status).toBe(302);
    expect(page.location).toContain("/booking-confirmation?");

    const visit = () =>
      call(
        confirmationLoader,
        getRequest(`/booking-confirmation?booking=${bookingId}&session_id=${first.id}`, { cookie }),
      );
    expect((await visit()).body.confirmation.state).toBe("confirmed");
    expect((await visit()).body.confirmation.state).toBe("confirmed");
    expect(
      (await call(confirmationLoader, getRequest(`/booking-confirmation?booking=${bookingId}`, { cookie }))).body
        .confirmation.state,
    ).toBe("confirmed");

    const rows = await payments(bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", amountPence: finalPrice });
    expect(await readOutbox(email)).toHaveLength(1);

    // A paid booking starts no new payment.
    const again = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, email), { cookie }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error[""]).toEqual([PAYMENT_MESSAGES.alreadyPaid]);
  });

  it("refuses a price below £0.50 with the product's message", async () => {
    const { user, bookingId, cookie } = await customerBooking();
    await db.booking.update({ where: { id: bookingId }, data: { finalPrice: 49 } });
    const outcome = await call(
      stripeCheckoutAction,
      formRequest("/stripe-checkout", details(bookingId, uniqueEmail("cheap")), { cookie }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error[""]).toEqual([PAYMENT_MESSAGES.invalidAmount]);
    expect(outcome.body.initialValue).toMatchObject({ customerName: "Ann Example" });

    const embedded = await call(embeddedLoader, getRequest(`/embedded-checkout?booking=${bookingId}`, { cookie }));
    expect(embedded.body).toMatchObject({ card: null, refusal: PAYMENT_MESSAGES.invalidAmount });

    const token = await bearerFor(user);
    const api = await call(
      paymentIntentApi,
      jsonRequest("/api/create-payment-intent", { bookingId, amount: 100 }, { token, ip: uniqueIp() }),
    );
    expect(api.status).toBe(400);
    expect(api.body.error).toBe(PAYMENT_MESSAGES.invalidAmount);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);
  });

  it("takes the sandbox's card on /embedded-checkout, for the booking's price", async () => {
    const email = uniqueEmail("embedded");
    const { bookingId, cookie } = await customerBooking();
    const { finalPrice } = await booking(bookingId);
    const page = await call(embeddedLoader, getRequest(`/embedded-checkout?booking=${bookingId}`, { cookie }));
    // The card form of test mode, and no payment started by the page's GET.
    expect(page.body.card).toEqual({ provider: "sandbox", publishableKey: null });
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);

    const post = (cardNumber: string) =>
      call(
        embeddedAction,
        formRequest(
          "/embedded-checkout",
          { bookingId, customerEmail: email, customerName: "Ann Example", ...card(cardNumber), amount: "0.50" },
          { cookie },
        ),
      );
    const declined = await post(CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error[""]).toEqual([SANDBOX_DECLINES.declined]);
    const paid = await post(CARDS.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(
      new RegExp(`^/booking-confirmation\\?booking=${bookingId}&payment_intent=sbx_pi_\\w+$`),
    );
    const confirmation = await call(confirmationLoader, getRequest(paid.location!, { cookie }));
    expect(confirmation.body.confirmation.state).toBe("confirmed");
    expect(await payments(bookingId)).toEqual([
      expect.objectContaining({ status: "succeeded", amountPence: finalPrice }),
    ]);
    expect(await readOutbox(email)).toHaveLength(1);
  });
});

// ------------------------------------------------------------------------- the JSON API

describe("the JSON API", () => {
  it("wants a signed-in caller (token or cookie): 401 otherwise", async () => {
    const ip = uniqueIp();
    for (const [handler, path] of [
      [createBookingApi, "/api/bookings/create"],
      [paymentIntentApi, "/api/create-payment-intent"],
      [checkoutSessionApi, "/api/create-stripe-checkout-session"],
      [confirmApi, "/api/confirm-booking"],
    ] as const) {
      const anonymous = await call(handler, jsonRequest(path, { quoteId: "x", bookingId: "x" }, { ip }));
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toEqual({ error: "Authentication required", message: "Authentication required" });
      const badToken = await call(handler, jsonRequest(path, { bookingId: "x" }, { ip, token: "not-a-real-token" }));
      expect(badToken.status, path).toBe(401);
    }
  });

  it("books a quote once (bearer token), for the caller only", async () => {
    const { user } = await customer();
    const token = await bearerFor(user);
    const quoteId = await makeQuote();
    const ip = uniqueIp();
    const created = await call(createBookingApi, jsonRequest("/api/bookings/create", { quoteId }, { token, ip }));
    expect(created.status).toBe(201);
    const { price } = (await pricedQuote(quoteId))!;
    expect(created.body.booking).toMatchObject({
      status: "pending",
      paymentState: "unpaid",
      price: price.finalPrice / 100,
      currency: "GBP",
    });
    expect((await booking(created.body.booking.id)).customerId).toBe(user.id);

    const again = await call(createBookingApi, jsonRequest("/api/bookings/create", { quoteId }, { token, ip }));
    expect(again.body.booking.id).toBe(created.body.booking.id);

    const stranger = await customer();
    const theirs = await call(
      createBookingApi,
      jsonRequest("/api/bookings/create", { quoteId }, { cookie: stranger.cookie, ip }),
    );
    expect(theirs.status).toBe(404);
    const unknown = await call(
      createBookingApi,
      jsonRequest("/api/bookings/create", { quoteId: "nope" }, { token, ip }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("No quote found");
    expect(await db.booking.count({ where: { quoteId } })).toBe(1);
  });

  it("charges the booking's price whatever amount the body says, and confirms with the provider once", async () => {
    const email = uniqueEmail("api");
    const { user, bookingId, cookie } = await customerBooking();
    const { finalPrice } = await booking(bookingId);
    const token = await bearerFor(user);
    const ip = uniqueIp();

    const intent = await call(
      paymentIntentApi,
      jsonRequest(
        "/api/create-payment-intent",
        { bookingId, amount: 0.5, bookingDetails: { customerEmail: email } },
        { token, ip },
      ),
    );
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({
      provider: "sandbox",
      amount: finalPrice / 100,
      currency: "GBP",
      clientSecret: expect.stringContaining("_secret_"),
    });
    const paymentIntentId: string = intent.body.paymentIntentId;
    expect((await db.sandboxCheckout.findUniqueOrThrow({ where: { paymentIntentId } })).amountPence).toBe(finalPrice);

    // The same call again (a retry) makes nothing new.
    const retry = await call(
      paymentIntentApi,
      jsonRequest("/api/create-payment-intent", { bookingId, amount: 1 }, { cookie, ip }),
    );
    expect(retry.body.paymentIntentId).toBe(paymentIntentId);

    const session = await call(
      checkoutSessionApi,
      jsonRequest(
        "/api/create-stripe-checkout-session",
        { ...details(bookingId, email), finalPrice: 0.01, totalWithVAT: 0.01 },
        { token, ip },
      ),
    );
    expect(session.status).toBe(200);
    expect(session.body.url.startsWith(`${env.SITE_URL}/sandbox-checkout/sbx_cs_`)).toBe(true);
    expect((await db.sandboxCheckout.findUniqueOrThrow({ where: { id: session.body.sessionId } })).amountPence).toBe(
      finalPrice,
    );
    const missing = await call(
      checkoutSessionApi,
      jsonRequest("/api/create-stripe-checkout-session", { bookingId, customerEmail: email }, { token, ip }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(CHECKOUT_MESSAGES.requiredFields);

    // Not paid yet: the provider says so, whatever the client claims.
    const early = await call(
      confirmApi,
      jsonRequest("/api/confirm-booking", { paymentIntentId, bookingDetails: { status: "succeeded" } }, { token, ip }),
    );
    expect(early.status).toBe(402);
    expect((await booking(bookingId)).paymentState).toBe("unpaid");

    // The card is taken at the provider (the embedded form's card, in the sandbox) …
    expect((await payWithSandboxCard(paymentIntentId, CARDS.success))?.outcome).toEqual({ paid: true });
    expect((await booking(bookingId)).paymentState).toBe("unpaid");
    // … and confirming asks it.
    const confirmed = await call(confirmApi, jsonRequest("/api/confirm-booking", { paymentIntentId }, { token, ip }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      success: true,
      confirmed: true,
      bookingId,
      booking: { paymentState: "paid", price: finalPrice / 100 },
    });
    const twice = await call(
      confirmApi,
      jsonRequest("/api/confirm-booking", { paymentIntentId, bookingId }, { cookie, ip }),
    );
    expect(twice.status).toBe(200);
    expect(twice.body.confirmed).toBe(true);
    const byBooking = await call(confirmApi, jsonRequest("/api/confirm-booking", { bookingId }, { token, ip }));
    expect(byBooking.body.confirmed).toBe(true);

    expect(await payments(bookingId)).toEqual([
      expect.objectContaining({ status: "succeeded", amountPence: finalPrice }),
    ]);
    expect(await readOutbox(email)).toHaveLength(1);

    // Paid: no new payment starts.
    const late = await call(paymentIntentApi, jsonRequest("/api/create-payment-intent", { bookingId }, { token, ip }));
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it("answers 404 for another customer's booking, and confirms nothing of it", async () => {
    const { bookingId } = await customerBooking();
    const stranger = await customer();
    const token = await bearerFor(stranger.user);
    const ip = uniqueIp();
    const intent = await call(
      paymentIntentApi,
      jsonRequest("/api/create-payment-intent", { bookingId, amount: 10 }, { token, ip }),
    );
    expect(intent.status).toBe(404);
    const session = await call(
      checkoutSessionApi,
      jsonRequest("/api/create-stripe-checkout-session", details(bookingId, "x@example.com"), { token, ip }),
    );
    expect(session.status).toBe(404);
    const confirm = await call(
      confirmApi,
      jsonRequest("/api/confirm-booking", { bookingId }, { cookie: stranger.cookie, ip }),
    );
    expect(confirm.status).toBe(404);
    expect(await db.sandboxCheckout.count({ where: { bookingId } })).toBe(0);

    // Someone else's paid payment id says nothing about the stranger's request either.
    const owner = await customerBooking();
    const ownerToken = await bearerFor(owner.user);
    const theirIntent = await call(
      paymentIntentApi,
      jsonRequest("/api/create-payment-intent", { bookingId: owner.bookingId }, { token: ownerToken, ip }),
    );
    await payWithSandboxCard(theirIntent.body.paymentIntentId, CARDS.success);
    const peek = await call(
      confirmApi,
      jsonRequest("/api/confirm-booking", { paymentIntentId: theirIntent.body.paymentIntentId }, { token, ip }),
    );
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toContain(owner.bookingId);
  });
});
