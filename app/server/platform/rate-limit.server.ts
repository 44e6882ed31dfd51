// Fixed-window rate limits kept in PostgreSQL, so every app instance shares the count.
import { db } from "./db.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitResult = {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** hits in this window, this one included */ count: number;
};

/**
 * Counts one hit for `key` under `rule`; one statement, safe under concurrency. A count is
 * not worth a disk flush: the statement commits asynchronously (synchronous_commit off for
 * its own transaction), so a crash could forget the last few hits, never a booking.
 */
export async function hitRateLimit(rule: RateLimitRule, key: string, amount = 1): Promise<RateLimitResult> {
  const bucket = `${rule.name}:${key}`;
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    with "asynchronousCommit" as (select set_config('synchronous_commit', 'off', true))
    insert into "RateLimitBucket" ("key", "count", "resetAt")
    select ${bucket}, ${amount}::int, now() + make_interval(secs => ${rule.windowSeconds}) from "asynchronousCommit"
    on conflict ("key") do update set
      "count" = case when "RateLimitBucket"."resetAt" <= now() then ${amount}::int else "RateLimitBucket"."count" + ${amount}::int end,
      "resetAt" = case when "RateLimitBucket"."resetAt" <= now() then excluded."resetAt" else "RateLimitBucket"."resetAt" end
    returning "count", "resetAt"`;
  const { count, resetAt } = rows[0]!;
  return {
    count,
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
  };
}

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests. Please wait a moment and try again.";
