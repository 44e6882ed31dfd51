// Shared plumbing of the JSON API routes: body parsing that never 500s on bad input, the
// spec's { error, fieldErrors } shape, the per-IP rate limit and method checks.
import type { ZodError, ZodTypeAny, z } from "zod";
import { env } from "./env.server";
import { clientIp, hitRateLimit, tooManyRequests, type RateLimitRule } from "./rate-limit.server";

export const API_RATE_LIMIT: RateLimitRule = { name: "api", limit: env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };

export function apiError(status: number, error: string, fieldErrors?: Record<string, string[]>) {
  return Response.json(fieldErrors ? { error, fieldErrors } : { error }, { status });
}

export function validationError(error: ZodError) {
  const { fieldErrors, formErrors } = error.flatten();
  const fields = Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
  const first = formErrors[0] ?? Object.values(fields)[0]?.[0] ?? "Invalid request";
  return apiError(400, first, fields);
}

/** Throws a 405 unless the request uses one of `methods`. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw Response.json({ error: `Method ${request.method} not allowed` }, { status: 405, headers: { Allow: methods.join(", ") } });
  }
}

/** Throws a 429 once this client has made too many API calls. */
export async function enforceRateLimit(request: Request, rule: RateLimitRule = API_RATE_LIMIT) {
  const result = await hitRateLimit(rule, clientIp(request));
  if (!result.allowed) throw tooManyRequests(result);
}

/** The JSON body parsed by `schema`; throws a 400 Response for anything else. */
export async function readJson<Schema extends ZodTypeAny>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().includes("application/json")) {
    throw apiError(400, "Send the request body as JSON with Content-Type: application/json");
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
