// Expired rows are deleted on a schedule that exactly one instance performs each round (an
// advisory lock and a round mark): ended and idle sessions, expired or revoked API tokens,
// used or expired reset links, and rate-limit counts past their window. Live rows stay.
import { describe, expect, it } from "vitest";
import { runHousekeeping } from "~/server/housekeeping.server";
import { db } from "~/server/platform/db.server";
import { createAccount, unique } from "./auth-helpers";

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const DAY = 86_400_000;

describe("housekeeping", () => {
  it("deletes what has expired, keeps what lives, and runs once a round however many instances try", async () => {
    const user = await createAccount();
    const tag = unique();
    const sessions = {
      ended: await db.session.create({ data: { userId: user.id, expiresAt: ago(1000) } }),
      idle: await db.session.create({ data: { userId: user.id, expiresAt: ahead(DAY), lastSeenAt: ago(15 * DAY) } }),
      live: await db.session.create({ data: { userId: user.id, expiresAt: ahead(DAY) } }),
    };
    const tokens = {
      expired: await db.apiToken.create({
        data: { userId: user.id, tokenHash: `expired-${tag}`, expiresAt: ago(1000) },
      }),
      revoked: await db.apiToken.create({
        data: { userId: user.id, tokenHash: `revoked-${tag}`, expiresAt: ahead(DAY), revokedAt: new Date() },
      }),
      live: await db.apiToken.create({ data: { userId: user.id, tokenHash: `live-${tag}`, expiresAt: ahead(DAY) } }),
    };
    const resets = {
      used: await db.passwordResetToken.create({
        data: { userId: user.id, tokenHash: `used-${tag}`, expiresAt: ahead(DAY), usedAt: new Date() },
      }),
      expired: await db.passwordResetToken.create({
        data: { userId: user.id, tokenHash: `old-${tag}`, expiresAt: ago(1000) },
      }),
      live: await db.passwordResetToken.create({
        data: { userId: user.id, tokenHash: `new-${tag}`, expiresAt: ahead(DAY) },
      }),
    };
    await db.rateLimitBucket.createMany({
      data: [
        { key: `old:${tag}`, count: 3, resetAt: ago(1000) },
        { key: `live:${tag}`, count: 3, resetAt: ahead(60_000) },
      ],
    });
    await db.rateLimitBucket.deleteMany({ where: { key: "housekeeping:round" } });

    const rounds = await Promise.all(Array.from({ length: 5 }, () => runHousekeeping()));
    const ran = rounds.filter((round) => round !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.sessions).toBeGreaterThanOrEqual(2);
    expect(await runHousekeeping()).toBeNull(); // the round is done: the next instance waits for the next one

    expect(await db.session.findMany({ where: { userId: user.id }, select: { id: true } })).toEqual([
      { id: sessions.live.id },
    ]);
    expect(await db.apiToken.findMany({ where: { userId: user.id }, select: { id: true } })).toEqual([
      { id: tokens.live.id },
    ]);
    expect(await db.passwordResetToken.findMany({ where: { userId: user.id }, select: { id: true } })).toEqual([
      { id: resets.live.id },
    ]);
    expect(
      (await db.rateLimitBucket.findMany({ where: { key: { endsWith: tag } } })).map((bucket) => bucket.key),
    ).toEqual([`live:${tag}`]);
    expect(
      tokens.expired.id &&
        tokens.revoked.id &&
        resets.used.id &&
        resets.expired.id &&
        sessions.ended.id &&
        sessions.idle.id,
    ).toBeTruthy();
  });
});
