// Shared plumbing of the JSON API routes: one body reader that never 500s on bad input, one
// error shape, the per-IP rate limit and method checks.
//
// Every API error is { error, message } (API clients read one or the other; both hold
// the same sentence), plus fieldErrors { field: [messages] } when particular fields are wrong.
import type { AppLoadContext } from "@remix-run/node";
import type { ZodError, ZodTypeAny, z } from "zod";
import { MAX_BODY_BYTES } from "./body-limits.server";
import { clientAddress } from "./client-address.server";
import { env } from "./env.server";
import { readBounded } from "./form-body.server";
import { hitRateLimit, TOO_MANY_REQUESTS_MESSAGE, type RateLimitResult, type RateLimitRule } from "./rate-limit.server";

export const API_RATE_LIMIT: RateLimitRule = { name: "api", limit: env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };

/** The largest request body an API route reads (file chunks have their own reader). */
export const MAX_API_BODY_BYTES = MAX_BODY_BYTES;

type ApiErrorOptions = {
  fieldErrors?: Partial<Record<string, string[]>>;
  headers?: HeadersInit;
  /** For a driver's queued action: it will never apply, so the phone stops sending it. */
  refused?: boolean;
};

/** The one JSON error shape of the API. */
export function apiError(status: number, message: string, { fieldErrors, headers, refused }: ApiErrorOptions = {}) {
  return Response.json(
    {
      error: message,
      message,
      ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
      ...(refused === undefined ? {} : { refused }),
    },
    { status, headers },
  );
}

/** A 400 naming the first problem, with every field's messages. */
export function validationError(error: ZodError) {
  const { fieldErrors } = error.flatten();
  const fields = Object.fromEntries(
    Object.entries(fieldErrors).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)),
  );
  const first = error.issues[0]?.message ?? "Invalid request";
  return apiError(400, first, Object.keys(fields).length > 0 ? { fieldErrors: fields } : {});
}

/** A 400 for a form (conform submission) that failed its schema: its first message first. */
export function submissionError(submission: { error?: Record<string, string[] | null> | null }) {
  const problems = Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] =>
    Boolean(entry[1]?.length),
  );
  const fieldErrors = Object.fromEntries(problems.filter(([name]) => name !== ""));
  return apiError(
    400,
    problems[0]?.[1][0] ?? "Invalid request",
    Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {},
  );
}

/** Throws a 405 unless the request uses one of `methods`. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw apiError(405, `Method ${request.method} not allowed`, { headers: { Allow: methods.join(", ") } });
  }
}

/** A 429 with Retry-After. */
export function tooManyRequests(
  result: Pick<RateLimitResult, "retryAfterSeconds">,
  message = TOO_MANY_REQUESTS_MESSAGE,
) {
  return apiError(429, message, { headers: { "Retry-After": String(result.retryAfterSeconds) } });
}

/** Throws a 429 once this client has made too many calls under `rule`. */
export async function enforceRateLimit(context: AppLoadContext, rule: RateLimitRule = API_RATE_LIMIT) {
  const result = await hitRateLimit(rule, clientAddress(context));
  if (!result.allowed) throw tooManyRequests(result);
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The request's body as a plain object: JSON (Content-Type: application/json), or a form
 * body too when `form` is set (its values are strings; the schemas decide what is valid).
 * Throws a 413 over MAX_API_BODY_BYTES and a 400 for anything that is not such an object.
 */
export async function readJsonBody(request: Request, { form = false } = {}): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const isForm = FORM_TYPES.some((formType) => type.startsWith(formType));
  const isJson = /^application\/([\w.-]+\+)?json\b/.test(type);
  if (!isJson && !(form && isForm))
    throw apiError(400, "Send the request body as JSON with Content-Type: application/json");

  const bytes = await readBytes(request, MAX_API_BODY_BYTES);
  if (isForm) {
    try {
      return Object.fromEntries(await new Response(bytes, { headers: { "Content-Type": type } }).formData());
    } catch {
      throw apiError(400, "The form body could not be read");
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw apiError(400, "The request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** The JSON body parsed by `schema`; throws a 400 with field errors when it does not fit. */
export async function parseJsonBody<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  options?: { form?: boolean },
): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await readJsonBody(request, options));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The body's bytes, counted as they arrive (Content-Length may be absent or wrong). Over the
 * limit, the rest is read and dropped (up to MAX_DRAINED_BYTES) before the 413, so that the
 * client, still sending, gets the answer rather than a reset connection.
 */
async function readBytes(request: Request, maxBytes: number) {
  const bytes = await readBounded(request, maxBytes);
  if (!bytes) throw apiError(413, `The request body is too large (the limit is ${maxBytes / 1024 / 1024} MB)`);
  return Buffer.from(bytes);
}

/** A webhook's raw body as text (Twilio's signed form), counted as it arrives, at most MAX_API_BODY_BYTES. */
export async function readTextBody(request: Request) {
  return (await readBytes(request, MAX_API_BODY_BYTES)).toString("utf8");
}
