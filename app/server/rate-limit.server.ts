// Fixed-window rate limits kept in PostgreSQL, so every app instance shares the count.
import { db } from "./db.server";
import { env } from "./env.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit for `key` under `rule`; one statement, safe under concurrency. A count is
 * not worth a disk flush: the statement commits asynchronously (synchronous_commit off for
 * its own transaction), so a crash could forget the last few hits, never a booking.
 */
export async function hitRateLimit(rule: RateLimitRule, key: string): Promise<RateLimitResult> {
  const bucket = `${rule.name}:${key}`;
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    with "asynchronousCommit" as (select set_config('synchronous_commit', 'off', true))
    insert into "RateLimitBucket" ("key", "count", "resetAt")
    select ${bucket}, 1, now() + make_interval(secs => ${rule.windowSeconds}) from "asynchronousCommit"
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
 * The client's address, for rate limits and logs. Each proxy in front of the app appends the
 * address it received the request from to X-Forwarded-For, so with `trustedHops` proxies the
 * client is the hop that many entries from the end; anything before it is whatever the client
 * sent, which could be forged to dodge a limit. Fewer entries than proxies means the request
 * skipped the outer ones: the first entry is then the best there is.
 *
 * With 0 (the app faces the internet itself) the header is ignored. remix-serve does not hand
 * the socket's address to loaders and actions, so every caller then shares one key, "direct",
 * and the limits count for all clients together. A request without the header gets it too.
 */
export function clientIp(request: Request, trustedHops = env.TRUSTED_PROXY_HOPS) {
  if (trustedHops < 1) return "direct";
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return "direct";
  return hops[Math.max(0, hops.length - trustedHops)]!.slice(0, 100);
}

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a moment and try again.";
