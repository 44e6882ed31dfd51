// Pages first (server/platform/spare-capacity.server.ts): work that may wait starts at once in
// a quiet process, waits while the event loop is busy, and never longer than its longest wait.
import { describe, expect, it } from "vitest";
import { whenSpare } from "~/server/platform/spare-capacity.server";

/** Keeps this process's event loop about 80 % busy (40 ms of work in every 50) until stopped. */
function keepBusy() {
  const timer = setInterval(() => {
    const until = performance.now() + 40;
    while (performance.now() < until) {
      // busy, as a burst of requests would keep it
    }
  }, 50);
  return () => clearInterval(timer);
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("whenSpare", () => {
  it("lets work start at once when the process is quiet", async () => {
    await whenSpare(0); // the sampler starts
    await settle(150);
    const started = performance.now();
    await whenSpare(2_000);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("holds work while the event loop is busy, for no longer than its longest wait", async () => {
    await whenSpare(0);
    const stop = keepBusy();
    try {
      await settle(300); // a few busy samples
      const started = performance.now();
      await whenSpare(600);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(550);
      expect(waited).toBeLessThan(1_500);
    } finally {
      stop();
    }
    await settle(150);
    const started = performance.now();
    await whenSpare(2_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
