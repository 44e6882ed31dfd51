// The payment providers' stand-ins (tests/support) behave like the real APIs where the app
// will lean on them: the real `stripe` SDK against the Stripe stand-in, plain fetch against
// the PayPal one. No database is needed; these run with the integration project because of
// the SDK. The last Stripe block shows how app tests will sign webhook events.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPayPalStandIn, type PayPalStandIn } from "../support/paypal-stand-in";
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

const SECRET_KEY = "sk_test_standin_0123456789";

describe("Stripe stand-in with the real stripe SDK", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    // Exactly how the app will point its client at the stand-in.
    stripe = new Stripe(SECRET_KEY, { host: standIn.host, port: standIn.port, protocol: standIn.protocol });
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.reset();
  });

  const createSession = (
    overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
    options?: Stripe.RequestOptions,
  ) =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            price_data: { currency: "gbp", unit_amount: 2499, product_data: { name: "Medium van move" } },
            quantity: 2,
          },
          { price_data: { currency: "gbp", unit_amount: 1001, product_data: { name: "Platform fee" } }, quantity: 1 },
        ],
        metadata: { bookingId: "bk_123", reference: "EM-2024-0001" },
        client_reference_id: "user_42",
        customer_email: "sam@example.com",
        success_url: "http://shop.test/booking-confirmation?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://shop.test/checkout?cancelled=1",
        ...overrides,
      },
      options,
    );

  describe("form encoding", () => {
    it("parses bracket nesting into objects and arrays, with brackets bare or percent-encoded", () => {
      const encoded =
        "metadata[bookingId]=bk%201&line_items[0][price_data][unit_amount]=2499&line_items[0][quantity]=1" +
        "&line_items%5B1%5D%5Bquantity%5D=3&expand[0]=payment_intent&expand[1]=line_items&tags[]=a&tags[]=b&metadata[0]=kept";
      expect(parseStripeForm(encoded)).toEqual({
        metadata: { bookingId: "bk 1", "0": "kept" },
        line_items: [{ price_data: { unit_amount: "2499" }, quantity: "1" }, { quantity: "3" }],
        expand: ["payment_intent", "line_items"],
        tags: ["a", "b"],
      });
    });

    it("ignores keys that would reach an object's prototype", () => {
      const parsed = parseStripeForm("__proto__[polluted]=yes&metadata[constructor]=x&safe=1");
      expect(parsed).toEqual({ safe: "1" });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe("Checkout Sessions", () => {
    it("creates an open, unpaid session whose total sums unit_amount × quantity, and records the parsed request", async () => {
      const session = await createSession();

      expect(session).toMatchObject({
        object: "checkout.session",
        amount_total: 2 * 2499 + 1001,
        currency: "gbp",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        mode: "payment",
        metadata: { bookingId: "bk_123", reference: "EM-2024-0001" },
        client_reference_id: "user_42",
        customer_email: "sam@example.com",
        success_url: "http://shop.test/booking-confirmation?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://shop.test/checkout?cancelled=1",
        payment_method_types: ["card"],
      });
      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
      expect(session.url).toBe(`${standIn.baseUrl}/pay/${session.id}`);

      expect(standIn.requests).toHaveLength(1);
      const [request] = standIn.requests;
      expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
      expect(request.idempotencyKey).toMatch(/^stripe-node-retry-/); // the SDK keys every POST
      expect(request.body).toMatchObject({
        mode: "payment",
        metadata: { bookingId: "bk_123" },
        line_items: [
          {
            price_data: { currency: "gbp", unit_amount: "2499", product_data: { name: "Medium van move" } },
            quantity: "2",
          },
          { price_data: { unit_amount: "1001" }, quantity: "1" },
        ],
      });
    });

    it("shows a hosted page whose Pay form completes the session and answers 303 to success_url", async () => {
      const session = await createSession();

      const page = await fetch(session.url!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("£59.99");
      expect(html).toContain(`<form method="post" action="/pay/${session.id}">`);
      expect(html).toContain(`<form method="post" action="/pay/${session.id}/cancel">`);

      const paid = await fetch(`${standIn.baseUrl}/pay/${session.id}`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`http://shop.test/booking-confirmation?session_id=${session.id}`);

      const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
      expect(expanded).toMatchObject({ status: "complete", payment_status: "paid", url: null });
      const intent = expanded.payment_intent as Stripe.PaymentIntent;
      expect(intent).toMatchObject({
        object: "payment_intent",
        status: "succeeded",
        amount: 5999,
        amount_received: 5999,
        currency: "gbp",
        metadata: { bookingId: "bk_123", reference: "EM-2024-0001" },
      });
      expect(intent.id).toMatch(/^pi_test_/);
      expect(intent.latest_charge).toMatch(/^ch_test_/);
      expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", body: { expand: ["payment_intent"] } });

      const plain = await stripe.checkout.sessions.retrieve(session.id);
      expect(plain.payment_intent).toBe(intent.id);

      // Paying twice (a double click, a reload) changes nothing and lands on the same page.
      const again = await fetch(`${standIn.baseUrl}/pay/${session.id}`, { method: "POST", redirect: "manual" });
      expect(again.headers.get("location")).toBe(paid.headers.get("location"));
      expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(intent.id);
    });

    it("sends Cancel back to cancel_url and leaves the session open", async () => {
      const session = await createSession();
      const cancelled = await fetch(`${standIn.baseUrl}/pay/${session.id}/cancel`, {
        method: "POST",
        redirect: "manual",
      });
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get("location")).toBe("http://shop.test/checkout?cancelled=1");
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
      });
    });

    it("completeCheckoutSession does what Pay does, for tests without a browser", async () => {
      const session = await createSession({ metadata: { bookingId: "bk_9" } });
      const completed = standIn.completeCheckoutSession(session.id);
      expect(completed).toMatchObject({ status: "complete", payment_status: "paid" });
      const intent = await stripe.paymentIntents.retrieve(completed.payment_intent!);
      expect(intent).toMatchObject({ status: "succeeded", amount: 5999, metadata: { bookingId: "bk_9" } });
      expect(() => standIn.completeCheckoutSession("cs_test_nope")).toThrow(/no checkout session/);
    });

    it("answers an unknown session with 404 resource_missing", async () => {
      const error = await stripe.checkout.sessions.retrieve("cs_test_missing").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 404,
        code: "resource_missing",
        message: "No such checkout.session: 'cs_test_missing'",
      });
      const page = await fetch(`${standIn.baseUrl}/pay/cs_test_missing`);
      expect(page.status).toBe(404);
    });

    it("refuses a session without line items or with a bad amount, naming the parameter", async () => {
      const missing = await createSession({ line_items: [] }).catch((e: unknown) => e);
      expect(missing).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "line_items" });
      // Pounds where pence belong: Stripe wants an integer in the minor unit.
      const pounds = await stripe.checkout.sessions
        .create({
          mode: "payment",
          success_url: "http://shop.test/ok",
          line_items: [
            { price_data: { currency: "gbp", unit_amount: 24.99, product_data: { name: "x" } }, quantity: 1 },
          ],
        })
        .catch((e: unknown) => e);
      expect(pounds).toMatchObject({
        statusCode: 400,
        code: "parameter_invalid_integer",
        param: "line_items[0][price_data][unit_amount]",
      });
      expect(standIn.requests.at(-1)!.body).toMatchObject({ line_items: [{ price_data: { unit_amount: "24.99" } }] });
    });
  });

  describe("PaymentIntents", () => {
    it("creates an intent awaiting a payment method, with a client secret, and moves it through setPaymentIntentStatus", async () => {
      const created = await stripe.paymentIntents.create({
        amount: 2499,
        currency: "gbp",
        metadata: { bookingId: "bk_7" },
        automatic_payment_methods: { enabled: true },
      });
      expect(created).toMatchObject({
        object: "payment_intent",
        amount: 2499,
        currency: "gbp",
        status: "requires_payment_method",
        metadata: { bookingId: "bk_7" },
        latest_charge: null,
      });
      expect(created.id).toMatch(/^pi_test_/);
      expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_[A-Za-z0-9]+$`));

      standIn.setPaymentIntentStatus(created.id, "processing");
      expect((await stripe.paymentIntents.retrieve(created.id)).status).toBe("processing");

      standIn.setPaymentIntentStatus(created.id, "succeeded");
      const succeeded = await stripe.paymentIntents.retrieve(created.id);
      expect(succeeded).toMatchObject({ status: "succeeded", amount_received: 2499 });
      expect(succeeded.latest_charge).toMatch(/^ch_test_/);

      const unknown = await stripe.paymentIntents.retrieve("pi_test_missing").catch((e: unknown) => e);
      expect(unknown).toMatchObject({ statusCode: 404, code: "resource_missing" });
    });

    it("refuses an amount under Stripe's minimum charge", async () => {
      const error = await stripe.paymentIntents.create({ amount: 20, currency: "gbp" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 400, code: "amount_too_small", param: "amount" });
    });
  });

  describe("Refunds", () => {
    it("refunds part, then by default all that is left, then refuses more", async () => {
      const intent = await stripe.paymentIntents.create({ amount: 5000, currency: "gbp" });
      const early = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
      expect(early).toMatchObject({
        statusCode: 400,
        message: "This PaymentIntent does not have a successful charge to refund.",
      });

      standIn.setPaymentIntentStatus(intent.id, "succeeded");
      const partial = await stripe.refunds.create({ payment_intent: intent.id, amount: 1200 });
      expect(partial).toMatchObject({
        object: "refund",
        amount: 1200,
        currency: "gbp",
        status: "succeeded",
        payment_intent: intent.id,
      });
      expect(partial.id).toMatch(/^re_test_/);

      const tooMuch = await stripe.refunds.create({ payment_intent: intent.id, amount: 3801 }).catch((e: unknown) => e);
      expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });

      const rest = await stripe.refunds.create({ payment_intent: intent.id });
      expect(rest.amount).toBe(3800);
      expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({ id: rest.id, amount: 3800 });

      const none = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
      expect(none).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });

      const unknown = await stripe.refunds.create({ payment_intent: "pi_test_missing" }).catch((e: unknown) => e);
      expect(unknown).toMatchObject({ statusCode: 400, code: "resource_missing", param: "payment_intent" });
    });
  });

  describe("Idempotency-Key", () => {
    it("replays the first answer for the same key and parameters, creating nothing new", async () => {
      const first = await createSession({}, { idempotencyKey: "booking-bk_123-checkout" });
      standIn.completeCheckoutSession(first.id); // the replay is the saved answer, not today's state
      const second = await createSession({}, { idempotencyKey: "booking-bk_123-checkout" });
      expect(second.id).toBe(first.id);
      expect(second.status).toBe("open");
      expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
      expect(standIn.requests.map((r) => r.idempotencyKey)).toEqual([
        "booking-bk_123-checkout",
        "booking-bk_123-checkout",
      ]);
    });

    it("answers 400 idempotency_error when the same key comes with other parameters", async () => {
      await stripe.paymentIntents.create({ amount: 2499, currency: "gbp" }, { idempotencyKey: "pay-once" });
      const error = await stripe.paymentIntents
        .create({ amount: 2500, currency: "gbp" }, { idempotencyKey: "pay-once" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error).toMatchObject({ statusCode: 400, type: "StripeIdempotencyError" });
    });

    it("saves nothing for a request that failed validation, so a corrected retry with the key goes through", async () => {
      const bad = await stripe.paymentIntents
        .create({ amount: 1, currency: "gbp" }, { idempotencyKey: "fix-me" })
        .catch((e: unknown) => e);
      expect(bad).toMatchObject({ statusCode: 400 });
      const good = await stripe.paymentIntents.create({ amount: 2499, currency: "gbp" }, { idempotencyKey: "fix-me" });
      expect(good.amount).toBe(2499);
    });
  });

  describe("authentication and failures", () => {
    it("answers 401 in Stripe's error shape without a secret key", async () => {
      const publishable = new Stripe("pk_test_not_secret", {
        host: standIn.host,
        port: standIn.port,
        protocol: standIn.protocol,
      });
      const error = await publishable.paymentIntents.create({ amount: 2499, currency: "gbp" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401 });

      const bare = await fetch(`${standIn.baseUrl}/v1/payment_intents`, {
        method: "POST",
        body: "amount=2499&currency=gbp",
      });
      expect(bare.status).toBe(401);
      expect(await bare.json()).toEqual({
        error: { type: "invalid_request_error", message: expect.stringContaining("did not provide an API key") },
      });
    });

    it("fails the next API call when told to, without the SDK retrying it, then recovers", async () => {
      standIn.failNext({ httpStatus: 500, message: "Stripe is down" });
      const error = await stripe.paymentIntents.create({ amount: 2499, currency: "gbp" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(error).toMatchObject({ statusCode: 500, message: "Stripe is down" });
      expect(standIn.requests).toHaveLength(1);

      standIn.failNext({ httpStatus: 402 });
      const declined = await stripe.paymentIntents.create({ amount: 2499, currency: "gbp" }).catch((e: unknown) => e);
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);

      const intent = await stripe.paymentIntents.create({ amount: 2499, currency: "gbp" });
      expect(intent.status).toBe("requires_payment_method");
    });

    it("accepts a hand-written form body as well as the SDK's", async () => {
      const response = await fetch(`${standIn.baseUrl}/v1/payment_intents`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ amount: "2499", currency: "GBP", "metadata[bookingId]": "bk 1" }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ amount: 2499, currency: "gbp", metadata: { bookingId: "bk 1" } });
    });
  });

  describe("webhook signatures (how app tests will sign events)", () => {
    const webhookSecret = "whsec_test_standin";

    it("round-trips generateTestHeaderString through constructEvent, and rejects a tampered body", async () => {
      const session = await createSession();
      const completed = standIn.completeCheckoutSession(session.id);
      const payload = JSON.stringify({
        id: "evt_test_1",
        object: "event",
        type: "checkout.session.completed",
        data: { object: completed },
      });
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

      const event = stripe.webhooks.constructEvent(payload, header, webhookSecret);
      expect(event.type).toBe("checkout.session.completed");
      expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);

      expect(() => stripe.webhooks.constructEvent(payload.replace("bk_123", "bk_999"), header, webhookSecret)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });
  });
});

describe("PayPal stand-in over fetch", () => {
  let standIn: PayPalStandIn;
  let accessToken: string;

  beforeAll(async () => {
    standIn = await startPayPalStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(async () => {
    standIn.reset();
    accessToken = await getToken();
    standIn.requests.length = 0;
  });

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

  async function getToken(): Promise<string> {
    const response = await fetch(`${standIn.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: basic(standIn.clientId, standIn.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${standIn.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const orderBody = (value = "24.99") => ({
    intent: "CAPTURE",
    purchase_units: [{ reference_id: "bk_123", custom_id: "booking:bk_123", amount: { currency_code: "GBP", value } }],
  });

  async function capturedOrder() {
    const order = await call("POST", "/v2/checkout/orders", orderBody());
    standIn.approveOrder(order.body.id);
    const captured = await call("POST", `/v2/checkout/orders/${order.body.id}/capture`);
    return captured.body.purchase_units[0].payments.captures[0] as { id: string };
  }

  it("issues a Bearer token for the right client credentials only, and every other route wants it", async () => {
    const wrong = await fetch(`${standIn.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: basic(standIn.clientId, "nope"), "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_client", error_description: "Client Authentication failed" });

    const right = await fetch(`${standIn.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: basic(standIn.clientId, standIn.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expect(await right.json()).toMatchObject({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 32400,
    });

    for (const authorization of [undefined, "Bearer not-a-token", basic(standIn.clientId, standIn.clientSecret)]) {
      const response = await fetch(`${standIn.baseUrl}/v2/checkout/orders`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(orderBody()),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ name: "AUTHENTICATION_FAILURE" });
    }
  });

  it("generates a client token for the JS SDK", async () => {
    const { status, body } = await call("POST", "/v1/identity/generate-token");
    expect(status).toBe(200);
    expect(body).toEqual({ client_token: expect.any(String), expires_in: 3600 });
  });

  it("creates an order, refuses to capture it before approval, captures it once after, and replays by PayPal-Request-Id", async () => {
    const created = await call("POST", "/v2/checkout/orders", orderBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "CREATED",
      intent: "CAPTURE",
      purchase_units: [
        { reference_id: "bk_123", custom_id: "booking:bk_123", amount: { currency_code: "GBP", value: "24.99" } },
      ],
    });
    const id: string = created.body.id;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);
    const approve = created.body.links.find((link: { rel: string }) => link.rel === "approve");
    expect(approve).toEqual({ href: `${standIn.baseUrl}/checkoutnow?token=${id}`, rel: "approve", method: "GET" });
    expect(standIn.requests[0]).toMatchObject({ method: "POST", path: "/v2/checkout/orders", body: orderBody() });

    expect((await call("GET", `/v2/checkout/orders/${id}`)).body).toMatchObject({ id, status: "CREATED" });

    const early = await call("POST", `/v2/checkout/orders/${id}/capture`);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] });

    standIn.approveOrder(id);
    expect((await call("GET", `/v2/checkout/orders/${id}`)).body.status).toBe("APPROVED");

    const captured = await call("POST", `/v2/checkout/orders/${id}/capture`, undefined, {
      "PayPal-Request-Id": "capture-bk_123",
    });
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      id,
      status: "COMPLETED",
      purchase_units: [
        {
          reference_id: "bk_123",
          payments: {
            captures: [
              { status: "COMPLETED", amount: { currency_code: "GBP", value: "24.99" }, custom_id: "booking:bk_123" },
            ],
          },
        },
      ],
    });

    const twice = await call("POST", `/v2/checkout/orders/${id}/capture`);
    expect(twice.status).toBe(422);
    expect(twice.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");

    // A retry after a lost answer, with the same request id, gets the same capture back.
    const retried = await call("POST", `/v2/checkout/orders/${id}/capture`, undefined, {
      "PayPal-Request-Id": "capture-bk_123",
    });
    expect(retried).toEqual(captured);
  });

  it("gives the same order for the same PayPal-Request-Id", async () => {
    const first = await call("POST", "/v2/checkout/orders", orderBody(), { "PayPal-Request-Id": "order-bk_123" });
    const second = await call("POST", "/v2/checkout/orders", orderBody(), { "PayPal-Request-Id": "order-bk_123" });
    const other = await call("POST", "/v2/checkout/orders", orderBody(), { "PayPal-Request-Id": "order-bk_124" });
    expect(second.body.id).toBe(first.body.id);
    expect(other.body.id).not.toBe(first.body.id);
    expect(standIn.requests.map((r) => r.paypalRequestId)).toEqual(["order-bk_123", "order-bk_123", "order-bk_124"]);
  });

  it("validates the amount's format in PayPal's error shape", async () => {
    const cases: [string, number, string][] = [
      ["24.999", 422, "DECIMAL_PRECISION"],
      ["24,99", 400, "INVALID_PARAMETER_SYNTAX"],
      ["£24.99", 400, "INVALID_PARAMETER_SYNTAX"],
      ["0.00", 422, "CANNOT_BE_ZERO_OR_NEGATIVE"],
      ["-5.00", 422, "CANNOT_BE_ZERO_OR_NEGATIVE"],
    ];
    for (const [value, status, issue] of cases) {
      const { status: got, body } = await call("POST", "/v2/checkout/orders", orderBody(value));
      expect({ value, got, issue: body.details?.[0]?.issue }).toEqual({ value, got: status, issue });
      expect(body).toMatchObject({
        name: expect.any(String),
        message: expect.any(String),
        debug_id: expect.any(String),
      });
      expect(body.details[0]).toMatchObject({ field: "/purchase_units/0/amount/value", location: "body" });
    }
    const noAmount = await call("POST", "/v2/checkout/orders", { intent: "CAPTURE", purchase_units: [{}] });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.details[0].issue).toBe("MISSING_REQUIRED_PARAMETER");
    const notJson = await fetch(`${standIn.baseUrl}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
      body: "{oops",
    });
    expect(notJson.status).toBe(400);
  });

  it("refunds part of a capture, then the rest by default, and refuses more", async () => {
    const capture = await capturedOrder();
    const partial = await call("POST", `/v2/payments/captures/${capture.id}/refund`, {
      amount: { value: "10.00", currency_code: "GBP" },
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ status: "COMPLETED", amount: { currency_code: "GBP", value: "10.00" } });

    const tooMuch = await call("POST", `/v2/payments/captures/${capture.id}/refund`, {
      amount: { value: "15.00", currency_code: "GBP" },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe("REFUND_AMOUNT_EXCEEDED");

    const rest = await call("POST", `/v2/payments/captures/${capture.id}/refund`, {});
    expect(rest.body.amount).toEqual({ currency_code: "GBP", value: "14.99" });
    expect((await call("GET", `/v2/payments/captures/${capture.id}`)).body.status).toBe("REFUNDED");

    const none = await call("POST", `/v2/payments/captures/${capture.id}/refund`);
    expect(none.status).toBe(422);
    expect(none.body.details[0].issue).toBe("CAPTURE_FULLY_REFUNDED");
  });

  it("answers unknown orders and captures with 404 RESOURCE_NOT_FOUND", async () => {
    for (const path of ["/v2/checkout/orders/NOPE", "/v2/payments/captures/NOPE"]) {
      const { status, body } = await call("GET", path);
      expect(status).toBe(404);
      expect(body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    }
    expect(() => standIn.approveOrder("NOPE")).toThrow(/no order/);
  });

  it("fails the next API call when told to (not the token call the client makes first), then recovers", async () => {
    standIn.failNext({ httpStatus: 503 });
    await getToken();
    const failed = await call("POST", "/v2/checkout/orders", orderBody());
    expect(failed).toMatchObject({ status: 503, body: { name: "SERVICE_UNAVAILABLE" } });
    expect((await call("POST", "/v2/checkout/orders", orderBody())).status).toBe(201);

    standIn.failNext({ httpStatus: 500, path: "/v1/oauth2/token" });
    const token = await fetch(`${standIn.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: basic(standIn.clientId, standIn.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    expect(token.status).toBe(500);
  });

  it("lets a buyer approve through the approve link's page and returns to the shop", async () => {
    const created = await call("POST", "/v2/checkout/orders", {
      ...orderBody(),
      payment_source: {
        paypal: {
          experience_context: { return_url: "http://shop.test/paypal/return", cancel_url: "http://shop.test/checkout" },
        },
      },
    });
    const id: string = created.body.id;
    const page = await fetch(`${standIn.baseUrl}/checkoutnow?token=${id}`);
    expect(await page.text()).toContain("24.99 GBP");

    const approved = await fetch(`${standIn.baseUrl}/checkoutnow?token=${id}`, { method: "POST", redirect: "manual" });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://shop.test/paypal/return");
    expect(location.searchParams.get("token")).toBe(id);
    expect(location.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]+$/);
    expect((await call("GET", `/v2/checkout/orders/${id}`)).body.status).toBe("APPROVED");
  });
});
