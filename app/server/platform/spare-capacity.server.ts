// Pages first. Work that may wait a moment (a burst's payment confirmations, the queue's
// messages) starts when this process has room: its event loop was busy for less than
// BUSY_SHARE of the last sample, or the work has waited its longest. In a rush such work is
// slowed, never starved, and the pages asked for meanwhile keep their time.
import { performance } from "node:perf_hooks";

const SAMPLE_MS = 50;
/** Above this share of the last sample spent working, the process has no room to spare. */
const BUSY_SHARE = 0.6;

let previous = performance.eventLoopUtilization();
let busyShare = 0;
let sampler: NodeJS.Timeout | null = null;

function sample() {
  const now = performance.eventLoopUtilization();
  busyShare = performance.eventLoopUtilization(now, previous).utilization;
  previous = now;
}

/** Resolves once this process has room to spare, or after `longestWaitMs` whatever its load. */
export async function waitForSpareCapacity(longestWaitMs: number) {
  sampler ??= setInterval(sample, SAMPLE_MS).unref();
  const deadline = performance.now() + longestWaitMs;
  while (busyShare > BUSY_SHARE && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS / 2));
}
