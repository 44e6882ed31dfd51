// A local stand-in for the part of Stripe's API that EasyMove uses (Checkout Sessions with a
// tiny hosted page, PaymentIntents, Refunds, the balance, and Connect's accounts, account
// links and transfers), so tests drive the real `stripe` SDK without a
// key or the network: `new Stripe("sk_test_…", { host, port, protocol })`. It listens on
// 127.0.0.1 on a free port, speaks Stripe's wire format (form-encoded bodies with bracket
// nesting, JSON answers, `{ error: { type, code, message } }` failures), honours
// Idempotency-Key as Stripe does, records every request and can be told to fail.
// It sends no webhooks: tests sign their own events with stripe.webhooks.generateTestHeaderString.
import { randomInt } from "node:crypto";
import type http from "node:http";
import { BodyTooLargeError, escapeHtml, headerOf, sendPage, startStandInServer } from "./stand-in-server";

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export interface StripeStandInRequest {
  method: string;
  /** Path without the query string, e.g. /v1/checkout/sessions. */
  path: string;
  /** The form body (or, for GET, the query) parsed into nested objects and arrays. */
  body: FormObject;
  idempotencyKey: string | null;
  /** The caller's X-Request-Id: the app's correlation id. */
  requestId: string | null;
}

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface StandInPaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  canceled_at: number | null;
  client_secret: string;
  created: number;
  currency: string;
  description: string | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

export interface StandInCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  success_url: string;
  /** The hosted page while the session is open; null once complete, as on Stripe. */
  url: string | null;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface StandInAccount {
  id: string;
  object: "account";
  type: "express";
  country: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: { transfers: "inactive" | "active" };
  metadata: Record<string, string>;
  created: number;
}

export interface StandInTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
}

export interface StripeStandInFailure {
  httpStatus: number;
  message?: string;
  /** Fail only the next request whose path starts with this (default: the next /v1 request). */
  path?: string;
  /** Fail only a request of this method (default: any). */
  method?: string;
  /** Carry the request out first, then answer the failure: the answer lost on the way back. */
  afterDoing?: boolean;
}

export interface StripeStandIn {
  host: "127.0.0.1";
  port: number;
  protocol: "http";
  baseUrl: string;
  /** Every request received (API and hosted page), oldest first. */
  requests: StripeStandInRequest[];
  /** What the hosted page's Pay button does, for tests without a browser. */
  completeCheckoutSession(id: string): StandInCheckoutSession;
  setPaymentIntentStatus(id: string, status: PaymentIntentStatus): StandInPaymentIntent;
  /** The next API request answers this error (without Stripe-Should-Retry, so the SDK gives up). */
  failNext(failure: StripeStandInFailure): void;
  /** Stripe's onboarding finished for this Express account: it may receive transfers. */
  finishOnboarding(accountId: string): StandInAccount;
  accounts: Map<string, StandInAccount>;
  transfers: Map<string, StandInTransfer>;
  /** Forget the idempotency keys only, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void;
  /** Forget requests, objects, idempotency keys and a pending failure. */
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------
// Stripe's form encoding: `metadata[bookingId]=x&line_items[0][price_data][unit_amount]=2499`
// ---------------------------------------------------------------------------------------

interface Tree {
  [key: string]: string | Tree;
}
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * Parses Stripe's bracket-nested form encoding into objects and arrays: numeric keys make
 * arrays (`expand[0]`), `[]` appends, everything else makes objects; values stay strings, as
 * on the wire. Brackets may come percent-encoded or bare (the SDK sends them bare).
 */
export function parseStripeForm(encoded: string): FormObject {
  const root: Tree = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = KEY_PATTERN.exec(rawKey);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [rawKey];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node = root;
    path.forEach((segment, index) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const child = node[key];
      node = typeof child === "object" ? child : (node[key] = Object.create(null) as Tree);
    });
  }
  return toFormObject(root);
}

function toFormValue(tree: string | Tree, key: string): FormValue {
  if (typeof tree === "string") return tree;
  const keys = Object.keys(tree);
  // metadata keys are the caller's own, so `metadata[0]` stays an object key.
  if (key !== "metadata" && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => toFormValue(tree[k], k));
  }
  return toFormObject(tree);
}

function toFormObject(tree: Tree): FormObject {
  return Object.fromEntries(Object.keys(tree).map((k) => [k, toFormValue(tree[k], k)]));
}

/** JSON with sorted keys, so two parameter sets compare equal whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------
// Errors in Stripe's shape
// ---------------------------------------------------------------------------------------

interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
  decline_code?: string;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

function invalidRequest(status: number, message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(status, {
    type: "invalid_request_error",
    message,
    ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}` } : {}),
    ...(param ? { param } : {}),
  });
}

const missingParam = (param: string) =>
  invalidRequest(400, `Missing required param: ${param}.`, "parameter_missing", param);
const noSuch = (objectName: string, id: string, param: string, status = 404) =>
  invalidRequest(status, `No such ${objectName}: '${id}'`, "resource_missing", param);

function failureBody(failure: StripeStandInFailure): StripeErrorBody {
  const message = failure.message ?? `Stand-in failure (HTTP ${failure.httpStatus})`;
  if (failure.httpStatus === 402)
    return { type: "card_error", code: "card_declined", decline_code: "generic_decline", message };
  if (failure.httpStatus === 429) return { type: "invalid_request_error", code: "rate_limit", message };
  if (failure.httpStatus >= 500) return { type: "api_error", message };
  return { type: "invalid_request_error", message };
}

// ---------------------------------------------------------------------------------------
// Parameter helpers (every value arrives as a string)
// ---------------------------------------------------------------------------------------

function stringParam(params: FormObject, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") throw invalidRequest(400, `Invalid string: ${name}`, "parameter_invalid_string", name);
  return value;
}

function integerParam(value: FormValue | undefined, param: string): number | null {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) {
    throw invalidRequest(
      400,
      `Invalid integer: ${typeof value === "string" ? value : param}`,
      "parameter_invalid_integer",
      param,
    );
  }
  return Number(value);
}

function metadataParam(params: FormObject): Record<string, string> {
  const value = params.metadata;
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw invalidRequest(400, "Invalid object", "parameter_invalid_object", "metadata");
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string")
      throw invalidRequest(400, "Invalid object", "parameter_invalid_object", `metadata[${key}]`);
    if (entry !== "") metadata[key] = entry; // Stripe drops keys set to ""
  }
  return metadata;
}

function expandParam(params: FormObject): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry !== "string") throw invalidRequest(400, "Invalid array", "parameter_invalid_array", "expand");
    return entry;
  });
}

function onlyExpandable(expand: string[], allowed: string[]) {
  const other = expand.find((field) => !allowed.includes(field));
  if (other) throw invalidRequest(400, `This property cannot be expanded (${other}).`, undefined, "expand");
}

// Stripe's smallest charge per currency, in the currency's minor unit.
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, usd: 50, eur: 50 };

function currencyParam(value: FormValue | undefined, param: string): string {
  if (value === undefined || value === "") throw missingParam(param);
  if (typeof value !== "string" || !/^[a-zA-Z]{3}$/.test(value)) {
    throw invalidRequest(
      400,
      `Invalid currency: ${typeof value === "string" ? value : ""}`,
      "parameter_invalid_string",
      param,
    );
  }
  return value.toLowerCase();
}

// ---------------------------------------------------------------------------------------

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const randomId = (length: number) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
const now = () => Math.floor(Date.now() / 1000);

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** The secret key from `Authorization: Bearer sk_…` (or Basic with the key as user name). */
function apiKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ""] = header.split(" ", 2);
  if (scheme.toLowerCase() === "bearer") return value.trim() || null;
  if (scheme.toLowerCase() === "basic") return Buffer.from(value, "base64").toString("utf8").split(":")[0] || null;
  return null;
}

const redactKey = (key: string) =>
  key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "****";

interface ApiResult {
  status: number;
  body: unknown;
}

/** `port` 0 (the default) takes a free one; the e2e run gives a fixed one its app server knows. */
export async function startStripeStandIn({ port: wantedPort = 0 }: { port?: number } = {}): Promise<StripeStandIn> {
  const requests: StripeStandInRequest[] = [];
  const sessions = new Map<string, StandInCheckoutSession>();
  const intents = new Map<string, StandInPaymentIntent>();
  const refunds = new Map<string, StandInRefund>();
  // Stripe Connect: Express accounts, onboarding links, transfers and their reversals.
  const accounts = new Map<string, StandInAccount>();
  const transfers = new Map<string, StandInTransfer>();
  // Stripe saves the first answer per key and replays it; the parameters must match.
  const idempotent = new Map<string, { fingerprint: string; status: number; json: string }>();
  let failure: StripeStandInFailure | null = null;
  let baseUrl = "";

  function newPaymentIntent(
    fields: Pick<StandInPaymentIntent, "amount" | "currency" | "metadata"> & Partial<StandInPaymentIntent>,
  ) {
    const id = `pi_test_${randomId(24)}`;
    const intent: StandInPaymentIntent = {
      id,
      object: "payment_intent",
      amount_received: 0,
      canceled_at: null,
      client_secret: `${id}_secret_${randomId(25)}`,
      created: now(),
      description: null,
      latest_charge: null,
      livemode: false,
      payment_method_types: ["card"],
      receipt_email: null,
      status: "requires_payment_method",
      ...fields,
    };
    intents.set(id, intent);
    return intent;
  }

  function setIntentStatus(intent: StandInPaymentIntent, status: PaymentIntentStatus) {
    intent.status = status;
    if (status === "succeeded") {
      intent.latest_charge ??= `ch_test_${randomId(24)}`;
      intent.amount_received = intent.amount;
    }
    if (status === "canceled") intent.canceled_at ??= now();
  }

  function completeSession(session: StandInCheckoutSession) {
    if (session.status === "complete") return session;
    const intent = newPaymentIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata: { ...session.metadata },
      receipt_email: session.customer_email,
    });
    setIntentStatus(intent, "succeeded");
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id, url: null });
    return session;
  }

  function sessionJson(session: StandInCheckoutSession, expand: string[]) {
    onlyExpandable(expand, ["payment_intent"]);
    if (expand.includes("payment_intent") && session.payment_intent) {
      return { ...session, payment_intent: intents.get(session.payment_intent) ?? null };
    }
    return session;
  }

  function createCheckoutSession(params: FormObject): ApiResult {
    const mode = stringParam(params, "mode");
    if (!mode) throw missingParam("mode");
    if (mode !== "payment")
      throw invalidRequest(
        400,
        `The stand-in supports mode "payment" only, not "${mode}".`,
        "parameter_invalid_string",
        "mode",
      );
    const successUrl = stringParam(params, "success_url");
    if (!successUrl) throw missingParam("success_url");
    const lineItems = params.line_items;
    if (!Array.isArray(lineItems) || lineItems.length === 0) throw missingParam("line_items");
    let currency: string | null = null;
    let total = 0;
    lineItems.forEach((item, index) => {
      const at = `line_items[${index}]`;
      if (typeof item !== "object" || Array.isArray(item))
        throw invalidRequest(400, "Invalid object", "parameter_invalid_object", at);
      const priceData = item.price_data;
      if (typeof priceData !== "object" || Array.isArray(priceData)) {
        throw invalidRequest(
          400,
          "The stand-in supports line items with price_data only.",
          "parameter_missing",
          `${at}[price_data]`,
        );
      }
      const itemCurrency = currencyParam(priceData.currency, `${at}[price_data][currency]`);
      if (currency && itemCurrency !== currency) {
        throw invalidRequest(
          400,
          "All line items must be in the same currency.",
          "parameter_invalid_string",
          `${at}[price_data][currency]`,
        );
      }
      currency = itemCurrency;
      const unitAmount = integerParam(priceData.unit_amount, `${at}[price_data][unit_amount]`);
      if (unitAmount === null) throw missingParam(`${at}[price_data][unit_amount]`);
      if (unitAmount < 0)
        throw invalidRequest(
          400,
          "This value must be greater than or equal to 0.",
          "parameter_invalid_integer",
          `${at}[price_data][unit_amount]`,
        );
      const quantity = integerParam(item.quantity, `${at}[quantity]`);
      if (quantity === null) throw missingParam(`${at}[quantity]`);
      if (quantity < 1)
        throw invalidRequest(
          400,
          "This value must be greater than or equal to 1.",
          "parameter_invalid_integer",
          `${at}[quantity]`,
        );
      total += unitAmount * quantity;
    });
    const types = params.payment_method_types;
    const id = `cs_test_${randomId(58)}`;
    const created = now();
    const session: StandInCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: stringParam(params, "cancel_url"),
      client_reference_id: stringParam(params, "client_reference_id"),
      created,
      currency: currency!,
      customer_email: stringParam(params, "customer_email"),
      expires_at: created + 24 * 60 * 60,
      livemode: false,
      metadata: metadataParam(params),
      mode: "payment",
      payment_intent: null,
      payment_method_types: Array.isArray(types) ? types.filter((t): t is string => typeof t === "string") : ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      url: `${baseUrl}/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: sessionJson(session, expandParam(params)) };
  }

  function createPaymentIntent(params: FormObject): ApiResult {
    onlyExpandable(expandParam(params), []);
    const amount = integerParam(params.amount, "amount");
    if (amount === null) throw missingParam("amount");
    const currency = currencyParam(params.currency, "currency");
    const minimum = MINIMUM_CHARGE[currency] ?? 1;
    if (amount < minimum) {
      throw invalidRequest(
        400,
        `Amount must be at least ${formatAmount(minimum, currency)} ${currency}`,
        "amount_too_small",
        "amount",
      );
    }
    const intent = newPaymentIntent({
      amount,
      currency,
      metadata: metadataParam(params),
      description: stringParam(params, "description"),
      receipt_email: stringParam(params, "receipt_email"),
    });
    return { status: 200, body: intent };
  }

  function createRefund(params: FormObject): ApiResult {
    onlyExpandable(expandParam(params), []);
    const intentId = stringParam(params, "payment_intent");
    const chargeId = stringParam(params, "charge");
    if (!intentId && !chargeId) throw missingParam("payment_intent");
    const intent = intentId ? intents.get(intentId) : [...intents.values()].find((i) => i.latest_charge === chargeId);
    // An unknown id in the parameters is a 400 on Stripe (a 404 is for the URL's own id).
    if (!intent)
      throw intentId
        ? noSuch("payment_intent", intentId, "payment_intent", 400)
        : noSuch("charge", chargeId!, "charge", 400);
    if (intent.status !== "succeeded") {
      throw invalidRequest(
        400,
        "This PaymentIntent does not have a successful charge to refund.",
        "payment_intent_unexpected_state",
        "payment_intent",
      );
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0)
      throw invalidRequest(400, `Charge ${intent.latest_charge} has already been refunded.`, "charge_already_refunded");
    const amount = integerParam(params.amount, "amount") ?? left;
    if (amount < 1)
      throw invalidRequest(
        400,
        "This value must be greater than or equal to 1.",
        "parameter_invalid_integer",
        "amount",
      );
    if (amount > left) {
      throw invalidRequest(
        400,
        `Refund amount (${formatAmount(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatAmount(
          left,
          intent.currency,
        )})`,
        "amount_too_large",
        "amount",
      );
    }
    const refund: StandInRefund = {
      id: `re_test_${randomId(24)}`,
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: metadataParam(params),
      payment_intent: intent.id,
      reason: stringParam(params, "reason"),
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function createAccount(params: FormObject): ApiResult {
    if (stringParam(params, "type") !== "express")
      throw invalidRequest(400, "The stand-in makes Express accounts only.", "parameter_invalid", "type");
    const account: StandInAccount = {
      id: `acct_${randomId(16)}`,
      object: "account",
      type: "express",
      country: stringParam(params, "country") ?? "GB",
      email: stringParam(params, "email"),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { transfers: "inactive" },
      metadata: metadataParam(params),
      created: now(),
    };
    accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  function finishOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`Stripe stand-in: no account ${accountId}`);
    Object.assign(account, { details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } });
    return account;
  }

  function createTransfer(params: FormObject): ApiResult {
    const amount = Number(stringParam(params, "amount"));
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalidRequest(400, "Invalid integer: amount", "parameter_invalid_integer", "amount");
    const destination = stringParam(params, "destination");
    if (!destination) throw missingParam("destination");
    const account = accounts.get(destination);
    if (!account) throw noSuch("destination", destination, "destination", 400);
    if (account.capabilities.transfers !== "active")
      throw invalidRequest(
        400,
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        "insufficient_capabilities_for_transfer",
      );
    const sourceTransaction = stringParam(params, "source_transaction");
    if (sourceTransaction) {
      const intent = [...intents.values()].find((candidate) => candidate.latest_charge === sourceTransaction);
      if (!intent) throw noSuch("charge", sourceTransaction, "source_transaction", 400);
      const transferred = [...transfers.values()]
        .filter((transfer) => transfer.source_transaction === sourceTransaction)
        .reduce((sum, transfer) => sum + transfer.amount, 0);
      if (transferred + amount > intent.amount_received)
        throw invalidRequest(
          400,
          `The amount ${amount} exceeds what is left of the source transaction ${sourceTransaction}.`,
          "transfer_source_balance_parameters_mismatch",
        );
    }
    const transfer: StandInTransfer = {
      id: `tr_${randomId(24)}`,
      object: "transfer",
      amount,
      amount_reversed: 0,
      currency: stringParam(params, "currency") ?? "gbp",
      destination,
      source_transaction: sourceTransaction,
      transfer_group: stringParam(params, "transfer_group"),
      metadata: metadataParam(params),
      reversed: false,
      created: now(),
    };
    transfers.set(transfer.id, transfer);
    return { status: 200, body: transfer };
  }

  function reverseTransfer(transferId: string, params: FormObject): ApiResult {
    const transfer = transfers.get(transferId);
    if (!transfer) throw noSuch("transfer", transferId, "id");
    const amount =
      stringParam(params, "amount") === null
        ? transfer.amount - transfer.amount_reversed
        : Number(stringParam(params, "amount"));
    if (!Number.isInteger(amount) || amount <= 0 || amount > transfer.amount - transfer.amount_reversed)
      throw invalidRequest(
        400,
        `Amount ${amount} is more than what is left of transfer ${transferId}.`,
        "parameter_invalid_integer",
        "amount",
      );
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    return {
      status: 200,
      body: {
        id: `trr_${randomId(24)}`,
        object: "transfer_reversal",
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        created: now(),
      },
    };
  }

  function route(method: string, path: string, params: FormObject): ApiResult {
    const [, , resource, ...rest] = path.split("/"); // "", "v1", resource, …
    const id = rest.join("/");
    if (resource === "checkout" && rest[0] === "sessions") {
      const sessionId = rest.slice(1).join("/");
      if (method === "POST" && !sessionId) return createCheckoutSession(params);
      if (method === "GET" && sessionId && !sessionId.includes("/")) {
        const session = sessions.get(sessionId);
        if (!session) throw noSuch("checkout.session", sessionId, "session");
        return { status: 200, body: sessionJson(session, expandParam(params)) };
      }
    }
    if (resource === "payment_intents") {
      if (method === "POST" && !id) return createPaymentIntent(params);
      if (method === "GET" && id && !id.includes("/")) {
        onlyExpandable(expandParam(params), []);
        const intent = intents.get(id);
        if (!intent) throw noSuch("payment_intent", id, "intent");
        return { status: 200, body: intent };
      }
    }
    if (resource === "accounts") {
      if (method === "POST" && !id) return createAccount(params);
      if (method === "GET" && id && !id.includes("/")) {
        const account = accounts.get(id);
        if (!account) throw noSuch("account", id, "account");
        return { status: 200, body: account };
      }
    }
    if (resource === "account_links" && method === "POST" && !id) {
      const accountId = stringParam(params, "account");
      if (!accountId) throw missingParam("account");
      if (!accounts.has(accountId)) throw noSuch("account", accountId, "account", 400);
      for (const name of ["refresh_url", "return_url", "type"])
        if (!stringParam(params, name)) throw missingParam(name);
      return {
        status: 200,
        body: {
          object: "account_link",
          created: now(),
          expires_at: now() + 300,
          // The stand-in's own onboarding page: it finishes at once and goes to return_url.
          url: `${baseUrl}/connect/onboard/${accountId}?return_url=${encodeURIComponent(stringParam(params, "return_url")!)}`,
        },
      };
    }
    if (resource === "transfers") {
      const [transferId, sub] = rest;
      if (method === "POST" && !transferId) return createTransfer(params);
      if (method === "POST" && transferId && sub === "reversals") return reverseTransfer(transferId, params);
      if (method === "GET" && transferId && !sub) {
        const transfer = transfers.get(transferId);
        if (!transfer) throw noSuch("transfer", transferId, "id");
        return { status: 200, body: transfer };
      }
    }
    if (resource === "balance" && method === "GET" && !id) {
      // The cheapest authenticated call: how the app checks a key before saving it.
      return {
        status: 200,
        body: {
          object: "balance",
          livemode: false,
          available: [{ amount: 0, currency: "gbp", source_types: { card: 0 } }],
          pending: [{ amount: 0, currency: "gbp", source_types: { card: 0 } }],
        },
      };
    }
    if (resource === "refunds") {
      if (method === "POST" && !id) return createRefund(params);
      if (method === "GET" && !id) {
        // A list, newest first, of one payment intent's refunds (`payment_intent`), or of all.
        const intentId = stringParam(params, "payment_intent");
        const data = [...refunds.values()]
          .filter((refund) => !intentId || refund.payment_intent === intentId)
          .sort((a, b) => b.created - a.created);
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
      }
      if (method === "GET" && id && !id.includes("/")) {
        const refund = refunds.get(id);
        if (!refund) throw noSuch("refund", id, "refund");
        return { status: 200, body: refund };
      }
    }
    throw invalidRequest(
      404,
      `Unrecognized request URL (${method}: ${path}). The stand-in answers checkout sessions, payment intents, refunds, the balance, accounts, account links and transfers only.`,
    );
  }

  function api(request: http.IncomingMessage, path: string, params: FormObject, send: Send) {
    const method = request.method ?? "GET";
    let lostAnswer: StripeStandInFailure | null = null;
    if (failure && path.startsWith(failure.path ?? "/v1/") && (!failure.method || failure.method === method)) {
      const current = failure;
      failure = null;
      if (current.afterDoing) lostAnswer = current;
      else return send(current.httpStatus, { error: failureBody(current) }, { "Stripe-Should-Retry": "false" });
    }
    const key = apiKeyOf(request.headers.authorization);
    if (!key) {
      return send(401, {
        error: {
          type: "invalid_request_error",
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
    }
    // A key with "revoked" in it stands for one Stripe no longer takes (tests of saving keys).
    if (!/^(sk|rk)_/.test(key) || key.includes("revoked"))
      return send(401, {
        error: { type: "invalid_request_error", message: `Invalid API Key provided: ${redactKey(key)}` },
      });

    const idempotencyKey = method === "POST" ? headerOf(request, "idempotency-key") : null;
    const fingerprint = `${method} ${path} ${canonical(params)}`;
    if (idempotencyKey) {
      const saved = idempotent.get(idempotencyKey);
      if (saved && saved.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (saved)
        return send(saved.status, JSON.parse(saved.json), {
          "Idempotency-Key": idempotencyKey,
          "Idempotent-Replayed": "true",
        });
    }
    let result: ApiResult;
    try {
      result = route(method, path, params);
    } catch (error) {
      // A 4xx means the parameters failed validation, when Stripe saves nothing for the key.
      if (error instanceof StripeApiError && error.status < 500) return send(error.status, { error: error.error });
      throw error;
    }
    // A snapshot: the replay answers what the first request saw, not the object as it is now.
    if (idempotencyKey)
      idempotent.set(idempotencyKey, { fingerprint, status: result.status, json: JSON.stringify(result.body) });
    if (lostAnswer)
      return send(lostAnswer.httpStatus, { error: failureBody(lostAnswer) }, { "Stripe-Should-Retry": "false" });
    return send(result.status, result.body, idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {});
  }

  function hostedPage(method: string, path: string, response: http.ServerResponse) {
    const [, , id, action] = path.split("/"); // "", "pay", id, action?
    const session = id ? sessions.get(id) : undefined;
    const page = (status: number, title: string, body: string) => sendPage(response, status, title, body);
    const redirect = (location: string) => {
      response.writeHead(303, { location, "cache-control": "no-store" });
      response.end();
    };
    if (!session) return page(404, "Checkout session not found", "<p>This payment link is not valid.</p>");
    const successUrl = session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
    if (method === "GET" && !action) {
      if (session.status === "complete") {
        return page(
          200,
          "Payment complete",
          `<p>This checkout session has been paid.</p><p><a href="${escapeHtml(successUrl)}">Continue</a></p>`,
        );
      }
      const email = session.customer_email ? `<p>Receipt to ${escapeHtml(session.customer_email)}</p>` : "";
      return page(
        200,
        "Stripe Checkout (stand-in)",
        `<p>Amount due: <strong>${escapeHtml(formatAmount(session.amount_total, session.currency))}</strong></p>${email}` +
          `<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>` +
          `<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel</button></form>`,
      );
    }
    if (method === "POST" && !action) {
      completeSession(session);
      return redirect(successUrl);
    }
    if (method === "POST" && action === "cancel") {
      // The session stays open, as on Stripe, so the customer may come back and pay.
      if (session.cancel_url) return redirect(session.cancel_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id));
      return page(200, "Payment cancelled", "<p>You have cancelled this payment.</p>");
    }
    return page(405, "Method not allowed", "");
  }

  type Send = (status: number, body: unknown, headers?: Record<string, string>) => void;

  const jsonSender =
    (request: http.IncomingMessage, response: http.ServerResponse): Send =>
    (status, body, headers = {}) => {
      response.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomId(14)}`,
        "stripe-version": headerOf(request, "stripe-version") ?? "2025-01-01",
        ...headers,
      });
      response.end(JSON.stringify(body));
    };

  const server = await startStandInServer({
    port: wantedPort,
    handle({ request, response, url, method, raw }) {
      const send = jsonSender(request, response);
      const params = method === "POST" ? parseStripeForm(raw) : parseStripeForm(url.search.slice(1));
      requests.push({
        method,
        path: url.pathname,
        body: params,
        idempotencyKey: headerOf(request, "idempotency-key"),
        requestId: headerOf(request, "x-request-id"),
      });
      if (url.pathname.startsWith("/pay/")) return hostedPage(method, url.pathname, response);
      if (url.pathname.startsWith("/connect/onboard/")) {
        // Stripe's onboarding, done at once: the account may receive transfers, back to return_url.
        const accountId = url.pathname.split("/")[3] ?? "";
        if (!accounts.has(accountId))
          return send(404, { error: { type: "invalid_request_error", message: "No such account" } });
        finishOnboarding(accountId);
        response.writeHead(303, { Location: url.searchParams.get("return_url") ?? "/" });
        return response.end();
      }
      if (url.pathname.startsWith("/v1/")) return api(request, url.pathname, params, send);
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname}).` },
      });
    },
    crashed(error, response) {
      const send = jsonSender(response.req, response);
      if (error instanceof StripeApiError) return send(error.status, { error: error.error });
      if (error instanceof BodyTooLargeError) return send(413, { error: invalidRequest(413, error.message).error });
      send(500, {
        error: {
          type: "api_error",
          message: `Stand-in crashed: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
    },
  });
  const { port } = server;
  baseUrl = server.baseUrl;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    baseUrl,
    requests,
    completeCheckoutSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`Stripe stand-in: no checkout session ${id}`);
      return { ...completeSession(session) };
    },
    setPaymentIntentStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`Stripe stand-in: no payment intent ${id}`);
      setIntentStatus(intent, status);
      return { ...intent };
    },
    failNext(next) {
      failure = next;
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
    finishOnboarding: (accountId) => ({ ...finishOnboarding(accountId) }),
    accounts,
    transfers,
    reset() {
      requests.length = 0;
      sessions.clear();
      intents.clear();
      refunds.clear();
      accounts.clear();
      transfers.clear();
      idempotent.clear();
      failure = null;
    },
    close: server.close,
  };
}
