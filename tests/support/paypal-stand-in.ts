// A local stand-in for the part of PayPal's REST API that EasyMove uses: OAuth client
// credentials, client tokens for the JS SDK, Orders v2 (create, show, capture) and refunds of
// captures, so tests exercise the real HTTP code path without sandbox credentials or the
// network. It listens on 127.0.0.1 on a free port, answers in PayPal's JSON and error shapes
// (`{ name, message, debug_id, details: [{ issue, description }] }`), honours PayPal-Request-Id,
// records every request and can be told to fail. The buyer's approval happens through
// approveOrder(id), or through the small page behind the order's "approve" link.
//
// Answers carry the full representation unless the request asks `Prefer: return=minimal`
// (PayPal's own default is minimal for some calls: send `Prefer: return=representation`).
import { randomBytes, randomInt } from "node:crypto";
import type http from "node:http";
import { BodyTooLargeError, escapeHtml, headerOf, sendPage, startStandInServer } from "./stand-in-server";

export interface PayPalStandInRequest {
  method: string;
  /** Path without the query string, e.g. /v2/checkout/orders. */
  path: string;
  /** The parsed JSON (or form) body; undefined when there was none. */
  body: unknown;
  paypalRequestId: string | null;
}

export interface PayPalStandInFailure {
  httpStatus: number;
  /**
   * Fail only the next request whose path starts with this. By default any API request but
   * the OAuth token call, which clients make on their own before the call under test.
   */
  path?: string;
}

export interface PayPalStandIn {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every request received, oldest first. */
  requests: PayPalStandInRequest[];
  /** What the buyer does on PayPal's approval page: CREATED becomes APPROVED. */
  approveOrder(id: string): void;
  failNext(failure: PayPalStandInFailure): void;
  /** Forget requests, orders, captures, refunds, request ids and a pending failure (tokens stay valid). */
  reset(): void;
  close(): Promise<void>;
}

interface Money {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method: string;
}
interface Capture {
  id: string;
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  seller_protection: { status: string; dispute_categories: string[] };
  create_time: string;
  update_time: string;
  links: Link[];
}
interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  payments?: { captures: Capture[]; refunds?: Refund[] };
}
interface Order {
  id: string;
  intent: "CAPTURE";
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchase_units: PurchaseUnit[];
  payer?: { name: { given_name: string; surname: string }; email_address: string; payer_id: string };
  create_time: string;
  update_time?: string;
}
interface Refund {
  id: string;
  status: "COMPLETED";
  amount: Money;
  custom_id?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

const ERROR_NAMES: Record<number, { name: string; message: string }> = {
  400: { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." },
  401: {
    name: "AUTHENTICATION_FAILURE",
    message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  },
  403: { name: "NOT_AUTHORIZED", message: "Authorization failed due to insufficient permissions." },
  404: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." },
  422: {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  },
  500: { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred." },
  503: { name: "SERVICE_UNAVAILABLE", message: "Service Unavailable." },
};

interface Issue {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: "body" | "path" | "header";
}

class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly details: Issue[] = [],
  ) {
    super(details[0]?.description ?? `HTTP ${status}`);
  }
}

const debugId = () => randomBytes(7).toString("hex").slice(0, 13);

function errorBody(status: number, details: Issue[]) {
  const { name, message } = ERROR_NAMES[status] ?? {
    name: "STAND_IN_FAILURE",
    message: `Stand-in failure (HTTP ${status}).`,
  };
  return {
    name,
    message,
    debug_id: debugId(),
    ...(details.length ? { details } : {}),
    links: details.length
      ? [
          {
            href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${details[0].issue}`,
            rel: "information_link",
            method: "GET",
          },
        ]
      : [],
  };
}

// PayPal's pattern for money values, then its business checks on decimals and sign.
const VALUE_SYNTAX = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const ZERO_DECIMAL_CURRENCIES = new Set(["HUF", "JPY", "TWD"]);
const decimalsOf = (currency: string) => (ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2);

/** Validates a money object and gives its value in minor units (pence). */
function parseMoney(input: unknown, field: string): { money: Money; minor: number } {
  if (!input || typeof input !== "object") {
    throw new PayPalError(400, [
      {
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
        field,
        location: "body",
      },
    ]);
  }
  const { currency_code: currency, value } = input as Record<string, unknown>;
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) {
    throw new PayPalError(400, [
      {
        issue: typeof currency === "string" ? "INVALID_PARAMETER_SYNTAX" : "MISSING_REQUIRED_PARAMETER",
        description: "The currency_code must be a three-character ISO-4217 code.",
        field: `${field}/currency_code`,
        ...(typeof currency === "string" ? { value: currency } : {}),
        location: "body",
      },
    ]);
  }
  if (typeof value !== "string" || !VALUE_SYNTAX.test(value)) {
    throw new PayPalError(400, [
      {
        issue: typeof value === "string" ? "INVALID_PARAMETER_SYNTAX" : "MISSING_REQUIRED_PARAMETER",
        description: "The value of a field does not conform to the expected format.",
        field: `${field}/value`,
        ...(typeof value === "string" ? { value } : {}),
        location: "body",
      },
    ]);
  }
  const [whole, fraction = ""] = value.replace(/^-/, "").split(".");
  const decimals = decimalsOf(currency);
  if (fraction.length > decimals) {
    throw new PayPalError(422, [
      decimals === 0
        ? {
            issue: "DECIMALS_NOT_SUPPORTED",
            description: "Currency does not support decimals.",
            field: `${field}/value`,
            value,
            location: "body",
          }
        : {
            issue: "DECIMAL_PRECISION",
            description: "If the currency supports decimals, only two decimal place precision is supported.",
            field: `${field}/value`,
            value,
            location: "body",
          },
    ]);
  }
  const minor = Number(whole || "0") * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  if (value.startsWith("-") || minor === 0) {
    throw new PayPalError(422, [
      {
        issue: "CANNOT_BE_ZERO_OR_NEGATIVE",
        description:
          "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
        field: `${field}/value`,
        value,
        location: "body",
      },
    ]);
  }
  return { money: { currency_code: currency, value: formatMinor(minor, currency) }, minor };
}

function formatMinor(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

const toMinor = (money: Money) => parseMoney(money, "").minor;

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const paypalId = () => Array.from({ length: 17 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join("");
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

interface Answer {
  status: number;
  body: unknown;
}

export async function startPayPalStandIn({ port = 0 }: { port?: number } = {}): Promise<PayPalStandIn> {
  const clientId = "stand-in-client-id";
  const clientSecret = "stand-in-client-secret";
  const requests: PayPalStandInRequest[] = [];
  const tokens = new Set<string>();
  const orders = new Map<string, Order & { returnUrl?: string; cancelUrl?: string }>();
  const captures = new Map<string, { capture: Capture; orderId: string; refundedMinor: number }>();
  const refunds = new Map<string, Refund>();
  // PayPal-Request-Id: a retried call with the same id answers what the first one did.
  const replays = new Map<string, { status: number; json: string }>();
  let failure: PayPalStandInFailure | null = null;
  let baseUrl = "";

  const orderLinks = (order: Order): Link[] => {
    const self = `${baseUrl}/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "CREATED")
      links.push({ href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" });
    if (order.status !== "COMPLETED") {
      links.push(
        { href: self, rel: "update", method: "PATCH" },
        { href: `${self}/capture`, rel: "capture", method: "POST" },
      );
    }
    return links;
  };

  function orderJson(order: Order & { returnUrl?: string; cancelUrl?: string }, minimal: boolean) {
    if (minimal) return { id: order.id, status: order.status, links: orderLinks(order) };
    const { returnUrl: _returnUrl, cancelUrl: _cancelUrl, ...visible } = order;
    return {
      ...structuredClone(visible),
      ...(order.payer
        ? {
            payment_source: {
              paypal: {
                email_address: order.payer.email_address,
                account_id: order.payer.payer_id,
                name: order.payer.name,
              },
            },
          }
        : {}),
      links: orderLinks(order),
    };
  }

  function findOrder(id: string) {
    const order = orders.get(id);
    if (!order) {
      throw new PayPalError(404, [
        {
          issue: "INVALID_RESOURCE_ID",
          description: "Specified resource ID does not exist. Please check the resource ID and try again.",
          field: "order_id",
          value: id,
          location: "path",
        },
      ]);
    }
    return order;
  }

  function approve(order: Order) {
    if (order.status === "COMPLETED") throw new Error(`PayPal stand-in: order ${order.id} is already captured`);
    if (order.status === "APPROVED") return;
    order.status = "APPROVED";
    order.update_time = timestamp();
    order.payer = {
      name: { given_name: "Test", surname: "Buyer" },
      email_address: "buyer@example.com",
      payer_id: paypalId().slice(0, 13),
    };
  }

  function createOrder(body: unknown): Answer {
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw new PayPalError(400, [
        { issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." },
      ]);
    }
    const input = body as Record<string, unknown>;
    if (input.intent === undefined) {
      throw new PayPalError(400, [
        {
          issue: "MISSING_REQUIRED_PARAMETER",
          description: "A required field / parameter is missing.",
          field: "/intent",
          location: "body",
        },
      ]);
    }
    if (input.intent !== "CAPTURE") {
      throw new PayPalError(400, [
        {
          issue: "INVALID_PARAMETER_VALUE",
          description: "The stand-in supports intent CAPTURE only.",
          field: "/intent",
          value: String(input.intent),
          location: "body",
        },
      ]);
    }
    const units = input.purchase_units;
    if (!Array.isArray(units) || units.length === 0) {
      throw new PayPalError(400, [
        {
          issue: "MISSING_REQUIRED_PARAMETER",
          description: "A required field / parameter is missing.",
          field: "/purchase_units",
          location: "body",
        },
      ]);
    }
    if (units.length > 10) {
      throw new PayPalError(400, [
        {
          issue: "INVALID_ARRAY_MAX_ITEMS",
          description: "The number of items in an array parameter is too large.",
          field: "/purchase_units",
          location: "body",
        },
      ]);
    }
    const purchaseUnits = units.map((unit: unknown, index): PurchaseUnit => {
      const fields = (unit && typeof unit === "object" ? unit : {}) as Record<string, unknown>;
      const { money } = parseMoney(fields.amount, `/purchase_units/${index}/amount`);
      const text = (name: string) => (typeof fields[name] === "string" ? { [name]: fields[name] as string } : {});
      return {
        reference_id: typeof fields.reference_id === "string" ? fields.reference_id : "default",
        amount: money,
        ...text("custom_id"),
        ...text("invoice_id"),
        ...text("description"),
      };
    });
    const referenceIds = purchaseUnits.map((unit) => unit.reference_id);
    if (new Set(referenceIds).size !== referenceIds.length) {
      throw new PayPalError(422, [
        {
          issue: "DUPLICATE_REFERENCE_ID",
          description: "`reference_id` must be unique if multiple `purchase_unit` are provided.",
          field: "/purchase_units",
          location: "body",
        },
      ]);
    }
    // Where the buyer returns after the approval page (either place PayPal accepts it).
    const context = (input.application_context ??
      (input.payment_source as { paypal?: { experience_context?: unknown } } | undefined)?.paypal
        ?.experience_context) as { return_url?: unknown; cancel_url?: unknown } | undefined;
    const order = {
      id: paypalId(),
      intent: "CAPTURE" as const,
      status: "CREATED" as const,
      purchase_units: purchaseUnits,
      create_time: timestamp(),
      returnUrl: typeof context?.return_url === "string" ? context.return_url : undefined,
      cancelUrl: typeof context?.cancel_url === "string" ? context.cancel_url : undefined,
    };
    orders.set(order.id, order);
    return { status: 201, body: order };
  }

  function captureOrder(id: string): Answer {
    const order = findOrder(id);
    if (order.status === "COMPLETED") {
      throw new PayPalError(422, [
        {
          issue: "ORDER_ALREADY_CAPTURED",
          description: "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
        },
      ]);
    }
    if (order.status !== "APPROVED") {
      throw new PayPalError(422, [
        {
          issue: "ORDER_NOT_APPROVED",
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        },
      ]);
    }
    const time = timestamp();
    for (const unit of order.purchase_units) {
      const captureId = paypalId();
      const capture: Capture = {
        id: captureId,
        status: "COMPLETED",
        amount: { ...unit.amount },
        final_capture: true,
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        seller_protection: {
          status: "ELIGIBLE",
          dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"],
        },
        create_time: time,
        update_time: time,
        links: [
          { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
          { href: `${baseUrl}/v2/payments/captures/${captureId}/refund`, rel: "refund", method: "POST" },
          { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
        ],
      };
      unit.payments = { captures: [capture] };
      captures.set(captureId, { capture, orderId: order.id, refundedMinor: 0 });
    }
    order.status = "COMPLETED";
    order.update_time = time;
    return { status: 201, body: order };
  }

  function findCapture(id: string) {
    const entry = captures.get(id);
    if (!entry) {
      throw new PayPalError(404, [
        {
          issue: "INVALID_RESOURCE_ID",
          description: "Specified resource ID does not exist. Please check the resource ID and try again.",
          field: "capture_id",
          value: id,
          location: "path",
        },
      ]);
    }
    return entry;
  }

  function refundCapture(id: string, body: unknown): Answer {
    const entry = findCapture(id);
    const { capture } = entry;
    const captured = toMinor(capture.amount);
    const left = captured - entry.refundedMinor;
    if (left <= 0)
      throw new PayPalError(422, [
        { issue: "CAPTURE_FULLY_REFUNDED", description: "The capture has already been fully refunded." },
      ]);
    const requested = body && typeof body === "object" ? (body as { amount?: unknown }).amount : undefined;
    let minor = left;
    if (requested !== undefined) {
      const parsed = parseMoney(requested, "/amount");
      if (parsed.money.currency_code !== capture.amount.currency_code) {
        throw new PayPalError(422, [
          {
            issue: "REFUND_CAPTURE_CURRENCY_MISMATCH",
            description: "Refund must be in the same currency as the capture.",
            field: "/amount/currency_code",
            value: parsed.money.currency_code,
            location: "body",
          },
        ]);
      }
      minor = parsed.minor;
    }
    if (minor > left) {
      throw new PayPalError(422, [
        {
          issue: "REFUND_AMOUNT_EXCEEDED",
          description:
            "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        },
      ]);
    }
    entry.refundedMinor += minor;
    const time = timestamp();
    capture.status = entry.refundedMinor === captured ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.update_time = time;
    const refundId = paypalId();
    const customId = body && typeof body === "object" ? (body as { custom_id?: unknown }).custom_id : undefined;
    const refund: Refund = {
      id: refundId,
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: formatMinor(minor, capture.amount.currency_code) },
      ...(typeof customId === "string" ? { custom_id: customId } : {}),
      create_time: time,
      update_time: time,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" },
      ],
    };
    refunds.set(refundId, refund);
    // The order lists its refunds beside its captures, as PayPal's does.
    const unit = orders
      .get(entry.orderId)
      ?.purchase_units.find((each) => each.payments?.captures.some((each) => each.id === capture.id));
    if (unit?.payments) unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
    return { status: 201, body: refund };
  }

  function route(method: string, path: string, body: unknown, minimal: boolean): Answer {
    const parts = path.split("/").slice(1); // v2, checkout, orders, id, capture
    if (
      parts[0] === "v1" &&
      parts[1] === "identity" &&
      parts[2] === "generate-token" &&
      parts.length === 3 &&
      method === "POST"
    ) {
      return { status: 200, body: { client_token: randomBytes(48).toString("base64"), expires_in: 3600 } };
    }
    if (parts[0] === "v2" && parts[1] === "checkout" && parts[2] === "orders") {
      const [, , , id, action] = parts;
      if (method === "POST" && !id) {
        const answer = createOrder(body);
        return { status: answer.status, body: orderJson(answer.body as Order, minimal) };
      }
      if (method === "GET" && id && parts.length === 4) return { status: 200, body: orderJson(findOrder(id), minimal) };
      if (method === "POST" && id && action === "capture" && parts.length === 5) {
        const answer = captureOrder(id);
        return { status: answer.status, body: orderJson(answer.body as Order, minimal) };
      }
    }
    if (parts[0] === "v2" && parts[1] === "payments") {
      const [, , kind, id, action] = parts;
      if (kind === "captures" && id && method === "GET" && parts.length === 4)
        return { status: 200, body: findCapture(id).capture };
      if (kind === "captures" && id && method === "POST" && action === "refund" && parts.length === 5)
        return refundCapture(id, body);
      if (kind === "refunds" && id && method === "GET" && parts.length === 4) {
        const refund = refunds.get(id);
        if (refund) return { status: 200, body: refund };
        throw new PayPalError(404, [
          {
            issue: "INVALID_RESOURCE_ID",
            description: "Specified resource ID does not exist.",
            field: "refund_id",
            value: id,
            location: "path",
          },
        ]);
      }
    }
    throw new PayPalError(404, [
      { issue: "INVALID_RESOURCE_ID", description: `The stand-in has no ${method} ${path}.` },
    ]);
  }

  function token(request: http.IncomingMessage, body: unknown, send: Send) {
    const [scheme, encoded = ""] = (request.headers.authorization ?? "").split(" ", 2);
    const [id, ...secret] =
      scheme.toLowerCase() === "basic" ? Buffer.from(encoded, "base64").toString("utf8").split(":") : [];
    if (id !== clientId || secret.join(":") !== clientSecret) {
      return send(401, { error: "invalid_client", error_description: "Client Authentication failed" });
    }
    const grantType = body && typeof body === "object" ? (body as Record<string, unknown>).grant_type : undefined;
    if (grantType !== "client_credentials") {
      return send(400, {
        error: "unsupported_grant_type",
        error_description: grantType ? `Grant Type ${String(grantType)} is not supported` : "Grant Type is NULL",
      });
    }
    const accessToken = `A21AA${randomBytes(40).toString("base64url")}`;
    tokens.add(accessToken);
    send(200, {
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: accessToken,
      token_type: "Bearer",
      app_id: "APP-80W284485P519543T",
      expires_in: 32400,
      nonce: `${timestamp()}${randomBytes(16).toString("base64url")}`,
    });
  }

  function api(
    request: http.IncomingMessage,
    method: string,
    path: string,
    body: unknown,
    bodyError: boolean,
    send: Send,
  ) {
    const isToken = path === "/v1/oauth2/token";
    if (failure && (failure.path ? path.startsWith(failure.path) : !isToken)) {
      const { httpStatus } = failure;
      failure = null;
      return send(httpStatus, errorBody(httpStatus, []));
    }
    if (isToken) return method === "POST" ? token(request, body, send) : send(404, errorBody(404, []));
    const [scheme, value] = (request.headers.authorization ?? "").split(" ", 2);
    if (scheme?.toLowerCase() !== "bearer" || !value || !tokens.has(value)) return send(401, errorBody(401, []));
    if (bodyError)
      return send(
        400,
        errorBody(400, [{ issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." }]),
      );

    const requestId = headerOf(request, "paypal-request-id");
    const replayKey = requestId && method === "POST" ? `${method} ${path} ${requestId}` : null;
    const saved = replayKey ? replays.get(replayKey) : undefined;
    if (saved) return send(saved.status, JSON.parse(saved.json));
    const minimal = /return=minimal/i.test(headerOf(request, "prefer") ?? "");
    let answer: Answer;
    try {
      answer = route(method, path, body, minimal);
    } catch (error) {
      if (error instanceof PayPalError) return send(error.status, errorBody(error.status, error.details));
      throw error;
    }
    if (replayKey) replays.set(replayKey, { status: answer.status, json: JSON.stringify(answer.body) });
    send(answer.status, answer.body);
  }

  // The buyer's side: GET shows the order, POST approves (or cancels) and returns to the shop.
  function approvalPage(method: string, url: URL, response: http.ServerResponse) {
    const order = orders.get(url.searchParams.get("token") ?? "");
    const page = (status: number, title: string, body: string) => sendPage(response, status, title, body);
    const back = (target: string | undefined, extra: Record<string, string>) => {
      if (!target) return false;
      const location = new URL(target);
      for (const [key, value] of Object.entries(extra)) location.searchParams.set(key, value);
      response.writeHead(303, { location: location.toString(), "cache-control": "no-store" });
      response.end();
      return true;
    };
    if (!order) return page(404, "Order not found", "<p>This PayPal link is not valid.</p>");
    const action = `/checkoutnow?token=${encodeURIComponent(order.id)}`;
    if (method === "GET") {
      const total = order.purchase_units.map((unit) => `${unit.amount.value} ${unit.amount.currency_code}`).join(", ");
      return page(
        200,
        "PayPal (stand-in)",
        `<p>Order ${escapeHtml(order.id)}: <strong>${escapeHtml(total)}</strong> (${escapeHtml(order.status)})</p>` +
          `<form method="post" action="${escapeHtml(action)}"><button type="submit">Approve</button></form>` +
          `<form method="post" action="${escapeHtml(`${action}&cancel=1`)}"><button type="submit">Cancel</button></form>`,
      );
    }
    if (method !== "POST") return page(405, "Method not allowed", "");
    if (url.searchParams.get("cancel")) {
      return (
        back(order.cancelUrl, { token: order.id }) ||
        page(200, "Payment cancelled", "<p>You have cancelled this payment.</p>")
      );
    }
    if (order.status === "CREATED") approve(order);
    return (
      back(order.returnUrl, { token: order.id, PayerID: order.payer?.payer_id ?? "" }) ||
      page(200, "Payment approved", "<p>You can return to the shop.</p>")
    );
  }

  type Send = (status: number, body: unknown) => void;

  const jsonSender =
    (response: http.ServerResponse): Send =>
    (status, body) => {
      response.writeHead(status, { "content-type": "application/json", "paypal-debug-id": debugId() });
      response.end(JSON.stringify(body));
    };

  const server = await startStandInServer({
    port,
    handle({ request, response, url, method, raw }) {
      let body: unknown;
      let bodyError = false;
      if (raw.trim()) {
        if ((headerOf(request, "content-type") ?? "").includes("application/x-www-form-urlencoded")) {
          body = Object.fromEntries(new URLSearchParams(raw));
        } else {
          try {
            body = JSON.parse(raw);
          } catch {
            bodyError = true;
            body = raw;
          }
        }
      }
      requests.push({ method, path: url.pathname, body, paypalRequestId: headerOf(request, "paypal-request-id") });
      if (url.pathname === "/checkoutnow") return approvalPage(method, url, response);
      api(request, method, url.pathname, body, bodyError, jsonSender(response));
    },
    crashed(error, response) {
      const send = jsonSender(response);
      if (error instanceof PayPalError) return send(error.status, errorBody(error.status, error.details));
      if (error instanceof BodyTooLargeError)
        return send(400, errorBody(400, [{ issue: "MALFORMED_REQUEST", description: error.message }]));
      send(500, {
        ...errorBody(500, []),
        message: `Stand-in crashed: ${error instanceof Error ? error.message : String(error)}`,
      });
    },
  });
  baseUrl = server.baseUrl;

  return {
    baseUrl,
    clientId,
    clientSecret,
    requests,
    approveOrder(id) {
      const order = orders.get(id);
      if (!order) throw new Error(`PayPal stand-in: no order ${id}`);
      approve(order);
    },
    failNext(next) {
      failure = next;
    },
    reset() {
      requests.length = 0;
      orders.clear();
      captures.clear();
      refunds.clear();
      replays.clear();
      failure = null;
    },
    close: server.close,
  };
}
