// Pages first (server/platform/spare-capacity.server.ts): work that may wait starts at once in
// a quiet process, waits while the event loop is busy, and never longer than its longest wait.
import { describe, expect, it } from "vitest";
import { waitForSpareCapacity } from "~/server/platform/spare-capacity.server";

/**
 * Keeps this process's event loop busy, as a burst of requests would, until stopped: 20 ms
 * slices one after another, with timers let through between them. (Slices on an interval left
 * idle gaps that a loaded machine stretched past the busy share, and the test flaked.)
 */
function keepBusy() {
  let running = true;
  const slice = () => {
    if (!running) return;
    const until = performance.now() + 20;
    while (performance.now() < until) {
      // busy
    }
    setImmediate(slice);
  };
  slice();
  return () => {
    running = false;
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("waitForSpareCapacity", () => {
  it("lets work start at once when the process is quiet", async () => {
    await waitForSpareCapacity(0); // the sampler starts
    await settle(150);
    const started = performance.now();
    await waitForSpareCapacity(2_000);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("holds work while the event loop is busy, for no longer than its longest wait", async () => {
    await waitForSpareCapacity(0);
    const stop = keepBusy();
    try {
      await settle(300); // a few busy samples
      const started = performance.now();
      await waitForSpareCapacity(600);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(550);
      expect(waited).toBeLessThan(1_500);
    } finally {
      stop();
    }
    await settle(150);
    const started = performance.now();
    await waitForSpareCapacity(2_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
