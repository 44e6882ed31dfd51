// Fixed-window rate limits kept in PostgreSQL, so every app instance shares the count.
import { db } from "./db.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts one hit for `key` under `rule`; one statement, safe under concurrency. */
export async function hitRateLimit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const bucket = `${rule.name}:${key}`;
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    insert into "RateLimitBucket" ("key", "count", "resetAt")
    values (${bucket}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict ("key") do update set
      "count" = case when "RateLimitBucket"."resetAt" <= now() then 1 else "RateLimitBucket"."count" + 1 end,
      "resetAt" = case when "RateLimitBucket"."resetAt" <= now() then excluded."resetAt" else "RateLimitBucket"."resetAt" end
    returning "count", "resetAt"`;
  const { count, resetAt } = rows[0]!;
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
  };
}

/**
 * The client's address as our load balancer saw it: the last X-Forwarded-For hop, which
 * the proxy appends itself (earlier hops are whatever the client sent, so they could be
 * forged to dodge a limit). remix-serve does not expose the socket address; without a
 * proxy every client shares one bucket.
 */
export function clientIp(request: Request) {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded || request.headers.get("x-real-ip") || "direct";
}

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a moment and try again.";

/** A 429 JSON response with Retry-After, for API routes. */
export function tooManyRequests(result: RateLimitResult, message = TOO_MANY_REQUESTS_MESSAGE) {
  return Response.json(
    { error: message },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}
