// Open-loop load: requests start on a clock (a fixed rate), whatever the server is doing, and
// each is timed from the moment it was due, not from when it went out. A stall therefore
// counts against every request that was due during it, as customers feel it; a closed-loop
// client (autocannon's N connections) would wait politely and hide it.
import http from "node:http";

/** Sorted latencies' value at quantile q (0..1). */
function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * Sends `rate` requests a second for `duration` seconds, cycling through `requests`
 * ({ method, path, headers, body }). Returns p50, p90, p99 and max latency (ms, from when each
 * request was due), the rate achieved, errors (non-2xx, socket errors, timeouts) and the CPU
 * this process used meanwhile (% of one core), so the client's own share of the machine is known.
 */
export async function openLoop(baseUrl, { rate, duration, requests, timeoutMs = 10_000 }) {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const total = Math.round(rate * duration);
  /** [due (ms from the start), latency (ms)] of each answered request: when the slow ones were due. */
  const timeline = [];
  let errors = 0;
  const statuses = {};
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  const send = (index, due) =>
    new Promise((resolve) => {
      const spec = requests[index % requests.length];
      const done = (ok, status) => {
        if (status) statuses[status] = (statuses[status] ?? 0) + 1;
        if (ok) timeline.push([due - started, performance.now() - due]);
        else errors++;
        resolve();
      };
      const request = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path: spec.path,
          method: spec.method ?? "GET",
          headers: spec.headers,
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on("end", () => done(response.statusCode >= 200 && response.statusCode < 300, response.statusCode));
          response.on("error", () => done(false));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => done(false));
      request.end(spec.body);
    });

  const inFlight = [];
  let dispatchMs = 0;
  await new Promise((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      // Every request whose time has come goes now, each timed from its own due time.
      while (next < total && started + (next * 1000) / rate <= now) {
        inFlight.push(send(next, started + (next * 1000) / rate));
        next++;
      }
      if (next >= total) {
        dispatchMs = performance.now() - started;
        return resolve();
      }
      setTimeout(tick, Math.max(0, started + (next * 1000) / rate - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  timeline.sort((a, b) => a[1] - b[1]);
  const latencies = timeline.map(([, ms]) => ms);
  return {
    rate,
    // What the clock managed to send (below `rate` when this process itself fell behind).
    achievedRate: total > 1 && dispatchMs > 0 ? (total - 1) / (dispatchMs / 1000) : rate,
    total,
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    errors,
    statuses,
    slowest: timeline
      .slice(-Math.max(1, Math.ceil(timeline.length / 100)))
      .reverse()
      .map(([dueMs, ms]) => ({ dueS: Math.round(dueMs / 100) / 10, ms: Math.round(ms) })),
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
  };
}
