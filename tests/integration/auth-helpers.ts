// Helpers for the accounts-and-access tests: requests as a browser form or an API client
// would send them, route handlers called the way Remix calls them, and accounts of every role.
import type { ActionFunctionArgs } from "@remix-run/node";
import { createApiToken } from "~/server/auth/api-auth.server";
import { startUserSession } from "~/server/auth/auth.server";
import { hashPassword } from "~/server/auth/password.server";
import { db } from "~/server/platform/db.server";
import { takeToasts } from "~/server/platform/toast.server";

export const BASE = "http://localhost";
export const PASSWORD = "correct-horse-battery";

let counter = 0;
export const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A client address of its own, so one test's rate-limit buckets never touch another's. */
export function uniqueIp() {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

type RequestOptions = {
  ip?: string;
  cookie?: string | null;
  token?: string;
  headers?: Record<string, string>;
  method?: string;
  /** Sent by the page's JavaScript (a fetcher): the headers a browser gives a script's fetch. */
  enhanced?: boolean;
};

function baseHeaders({ ip, cookie, token, headers, enhanced }: RequestOptions) {
  const result = new Headers(headers);
  if (enhanced) {
    result.set("Sec-Fetch-Dest", "empty");
    result.set("Sec-Fetch-Mode", "cors");
  }
  if (ip) result.set("X-Forwarded-For", ip);
  if (cookie) result.set("Cookie", cookie.split(";")[0]!);
  if (token) result.set("Authorization", `Bearer ${token}`);
  return result;
}

export function formRequest(path: string, fields: Record<string, string>, options: RequestOptions = {}) {
  const headers = baseHeaders(options);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${BASE}${path}`, {
    method: options.method ?? "POST",
    body: new URLSearchParams(fields),
    headers,
  });
}

export function jsonRequest(path: string, body: unknown, options: RequestOptions = {}) {
  const headers = baseHeaders(options);
  headers.set("Content-Type", "application/json");
  return new Request(`${BASE}${path}`, { method: options.method ?? "POST", body: JSON.stringify(body), headers });
}

export function getRequest(path: string, options: RequestOptions = {}) {
  return new Request(`${BASE}${path}`, { method: "GET", headers: baseHeaders(options) });
}

export type Outcome = {
  status: number;
  headers: Headers;
  location: string | null;
  body: any;
  thrown: boolean;
};

type Handler = (args: ActionFunctionArgs) => unknown;

function isDataWithInit(
  value: unknown,
): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function outcomeOf(value: unknown, thrown: boolean): Promise<Outcome> {
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    const text = await value.text();
    return {
      status: value.status,
      headers: value.headers,
      location: value.headers.get("location"),
      body: type.includes("json") && text ? JSON.parse(text) : text,
      thrown,
    };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      headers: new Headers(value.init?.headers),
      location: null,
      body: value.data,
      thrown,
    };
  }
  return { status: 200, headers: new Headers(), location: null, body: value, thrown };
}

/**
 * The load context server.ts would give this request: the client's address, which these tests
 * send as X-Forwarded-For as if through one trusted proxy.
 */
export function contextOf(request: Request) {
  // A request sent without one is a client of its own, so rate limits it is not about stay apart.
  return { clientAddress: request.headers.get("X-Forwarded-For") ?? uniqueIp() };
}

/** Calls a loader or action as Remix would; a thrown Response is an outcome too. */
export async function call(
  handler: Handler | undefined,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  if (!handler) throw new Error(`No handler for ${request.method} ${request.url}`);
  try {
    return await outcomeOf(await handler({ request, params, context: contextOf(request) }), false);
  } catch (error) {
    if (error instanceof Response) return outcomeOf(error, true);
    throw error;
  }
}

let passwordHash: Promise<string> | null = null;

/** An account that can sign in with PASSWORD. */
export async function createAccount({
  role = "customer",
  isActive = true,
  email,
}: { role?: "customer" | "driver" | "admin"; isActive?: boolean; email?: string } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const id = unique();
  return db.user.create({
    data: {
      username: `${role[0]!.toUpperCase()}${role.slice(1)} ${id}`,
      email: email ?? `${role}-${id}@example.com`,
      passwordHash: await passwordHash,
      role,
      isActive,
    },
  });
}

/** The Cookie header value of a fresh session for this user, made as sign-in makes it. */
export async function sessionCookie(user: { id: string; role: "customer" | "driver" | "admin" }) {
  const setCookie = await startUserSession(new Request(BASE), user);
  return setCookie.split(";")[0]!;
}

export async function bearerFor(user: { id: string; role: "customer" | "driver" | "admin" }) {
  return (await createApiToken(user)).token;
}

/** The toasts an answer flashed into the session cookie, as the root loader will show them. */
export async function flashedToasts(outcome: Pick<Outcome, "headers">) {
  const cookie = outcome.headers.get("set-cookie");
  if (!cookie) return [];
  const { toasts } = await takeToasts(new Request(`${BASE}/`, { headers: { Cookie: cookie.split(";")[0]! } }));
  return toasts;
}
