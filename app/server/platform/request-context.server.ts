// Each request's id, reachable from anywhere its handling goes (a log line, an e-mail, a call
// to Stripe or PayPal) without passing it down by hand. The id comes from the proxy in front
// (nginx's X-Request-Id) when it is well formed, else it is made here; the response carries it.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

type RequestContext = {
  requestId: string;
  /** The visitor's own origin, kept only where addresses may follow it (a local demo, siteUrl()). */
  visitorOrigin?: string;
  /**
   * A queued message's own site address: the origin its request followed (a local demo), so the
   * worker that sends it, on whichever instance, links there (server/message-delivery.server.ts).
   */
  messageOrigin?: string;
  /** Reads this request has made that its other loaders may share (see readOncePerRequest). */
  reads?: Map<string, Promise<unknown>>;
};

// One store for the server (server.ts) and the server build, which load this module apart.
const STORE_KEY = Symbol.for("easymove.request-context");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
const store = (holder[STORE_KEY] ??= new AsyncLocalStorage<RequestContext>());

const WELL_FORMED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The incoming id when it is well formed (never trusted to be anything but a label), else a new one. */
export function requestIdFrom(header: string | string[] | undefined) {
  const given = Array.isArray(header) ? header[0] : header;
  return given && WELL_FORMED_ID.test(given) ? given : randomUUID();
}

export function runWithRequestId<T>(requestId: string, work: () => T, visitorOrigin?: string): T {
  return store.run({ requestId, visitorOrigin }, work);
}

/** Runs a queued message's sending as part of the request that queued it. */
export function runAsQueuedBy<T>(requestId: string, work: () => T, messageOrigin?: string): T {
  return store.run({ requestId, messageOrigin }, work);
}

/** The origin a queued message's request followed, while it is being sent (see runAsQueuedBy). */
export function currentMessageOrigin(): string | undefined {
  return store.getStore()?.messageOrigin;
}

/** The id of the request being handled, or undefined outside one (a background job). */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/** The origin the visitor of this request used, when it was recorded (see server.ts). */
export function currentVisitorOrigin(): string | undefined {
  return store.getStore()?.visitorOrigin;
}

/**
 * A read done once for the request being handled: a page's loaders run side by side and each
 * may ask the same thing (who is signed in). Only for reads that cannot change while the
 * request lasts; outside a request it simply reads.
 */
export function readOncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const context = store.getStore();
  if (!context) return read();
  context.reads ??= new Map();
  let reading = context.reads.get(key) as Promise<T> | undefined;
  if (!reading) {
    reading = read();
    context.reads.set(key, reading);
  }
  return reading;
}

/** Headers that pass the request's id on to another service as its correlation id. */
export function correlationHeaders(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { "X-Request-Id": requestId } : {};
}
