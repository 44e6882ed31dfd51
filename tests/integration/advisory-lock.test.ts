// withAdvisoryLock (server/platform/advisory-lock.server.ts) against PostgreSQL: one holder at
// a time per name, others wait their turn, and a wait past its limit is a LockBusyError.
import { describe, expect, it } from "vitest";
import { LockBusyError, withAdvisoryLock } from "~/server/platform/advisory-lock.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withAdvisoryLock", () => {
  it("runs the holders of one name in turn, and of two names side by side", async () => {
    const order: string[] = [];
    const hold = (name: string, label: string) =>
      withAdvisoryLock(name, async () => {
        order.push(`${label} in`);
        await sleep(150);
        order.push(`${label} out`);
        return label;
      });
    const started = Date.now();
    expect(await Promise.all([hold("lock-test:a", "first"), hold("lock-test:a", "second")])).toEqual([
      "first",
      "second",
    ]);
    // In turn: one is out before the other is in.
    expect(order.indexOf(order.find((step) => step.endsWith("out"))!)).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    const parallel = Date.now();
    await Promise.all([hold("lock-test:b", "b"), hold("lock-test:c", "c")]);
    expect(Date.now() - parallel).toBeLessThan(300);
  });

  it("gives up with LockBusyError once its wait is over, and runs nothing", async () => {
    let release!: () => void;
    const held = withAdvisoryLock("lock-test:busy", () => new Promise<void>((resolve) => (release = resolve)));
    await sleep(100); // the first holder has it
    let ran = false;
    await expect(
      withAdvisoryLock("lock-test:busy", async () => void (ran = true), { waitMs: 200 }),
    ).rejects.toBeInstanceOf(LockBusyError);
    expect(ran).toBe(false);
    release();
    await held;
    // Released: the next one gets it at once.
    expect(await withAdvisoryLock("lock-test:busy", async () => "free", { waitMs: 200 })).toBe("free");
  });

  it("releases the lock when the work throws", async () => {
    await expect(
      withAdvisoryLock("lock-test:throws", async () => {
        throw new Error("the provider said no");
      }),
    ).rejects.toThrow("the provider said no");
    expect(await withAdvisoryLock("lock-test:throws", async () => "again", { waitMs: 200 })).toBe("again");
  });
});
