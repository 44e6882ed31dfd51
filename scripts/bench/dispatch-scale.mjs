// The national dispatch figures (`npm run bench -- --only dispatch-scale`): on the data set of
// seed-dispatch.ts, drivers' pages held open as server-sent event streams while jobs are taken
// on a clock, and what each page hears. A taken job must reach every connected driver who was
// offered it, within 2 s (p99, timed from when its take was sent), and nobody else; the server's
// CPU time per take is read from /proc beside the number of pages connected.
import fs from "node:fs";
import http from "node:http";
import pg from "pg";

/** A driver's page: its event stream, and each change it hears with when. */
function connect(baseUrl, { driverId, cookie }, heard) {
  const origin = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path: "/api/driver/offers/events",
        headers: { cookie, accept: "text/event-stream" },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`the event stream answered ${response.statusCode}`));
        }
        response.setEncoding("utf8");
        let buffer = "";
        let ready = false;
        response.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            const data = /^data: ?(.*)$/m.exec(block)?.[1];
            if (event === "ready" && !ready) {
              ready = true;
              resolve(() => request.destroy());
            }
            if (event === "change") heard.push({ driverId, at: performance.now(), data: JSON.parse(data) });
          }
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** A process's CPU time so far, all its threads, in ms (utime + stime from /proc). */
export function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/**
 * Connects pages up to each of `levels` in turn and, at each, takes `rate` jobs a second for
 * `seconds`: the delivery latency (p50, p99, max), the deliveries missed and the ones that went
 * where they should not, and the server's CPU time per take.
 */
export async function measureFanOut({ baseUrl, databaseUrl, serverPid, connected, takes, levels, rate, seconds }) {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const heard = [];
  const closers = [];
  const results = [];
  let nextTake = 0;
  try {
    for (const level of levels) {
      while (closers.length < Math.min(level, connected.length)) {
        const batch = connected.slice(closers.length, Math.min(level, connected.length));
        // A hundred at a time: as pages open over a morning, not all in one instant.
        for (let start = 0; start < batch.length; start += 100)
          closers.push(
            ...(await Promise.all(batch.slice(start, start + 100).map((page) => connect(baseUrl, page, heard)))),
          );
      }
      const listening = new Set(connected.slice(0, closers.length).map((page) => page.driverId));
      const planned = takes.slice(nextTake, nextTake + rate * seconds);
      nextTake += planned.length;
      // Who should hear each take: the connected drivers offered the job, but its taker.
      const { rows } = await database.query(
        `SELECT "bookingId", array_agg("driverId") AS drivers FROM "DispatchOffer" WHERE "bookingId" = ANY($1) GROUP BY "bookingId"`,
        [planned.map((take) => take.bookingId)],
      );
      const offeredTo = new Map(rows.map((row) => [row.bookingId, row.drivers]));
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the streams settle
      heard.length = 0;
      const cpuBefore = cpuMsOf(serverPid);
      const started = performance.now();
      const sent = [];
      await Promise.all(
        planned.map(
          (take, index) =>
            new Promise((resolve) =>
              setTimeout(
                async () => {
                  const at = performance.now();
                  const response = await fetch(`${baseUrl}/api/driver/offers/${take.bookingId}/take`, {
                    method: "POST",
                    headers: { authorization: `Bearer ${take.token}`, "content-type": "application/json" },
                    body: "{}",
                  }).catch(() => null);
                  sent.push({ ...take, at, status: response?.status ?? 0 });
                  await response?.arrayBuffer().catch(() => {});
                  resolve();
                },
                (index * 1000) / rate,
              ),
            ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 3000)); // late deliveries still count (and show)
      const cpuMs = cpuMsOf(serverPid) - cpuBefore;
      const wallMs = performance.now() - started;

      const won = sent.filter((take) => take.status === 200);
      const expected = new Map(); // "driver:booking" -> take time
      for (const take of won)
        for (const driverId of offeredTo.get(take.bookingId) ?? [])
          if (listening.has(driverId) && driverId !== take.driverId)
            expected.set(`${driverId}:${take.bookingId}`, take.at);
      const latencies = [];
      let stray = 0;
      for (const event of heard) {
        if (event.data.change !== "taken") continue;
        const due = expected.get(`${event.driverId}:${event.data.bookingId}`);
        if (due === undefined) stray++;
        else {
          latencies.push(event.at - due);
          expected.delete(`${event.driverId}:${event.data.bookingId}`);
        }
      }
      latencies.sort((a, b) => a - b);
      results.push({
        connected: closers.length,
        takesSent: sent.length,
        takesWon: won.length,
        takesRefused: sent.length - won.length,
        deliveries: latencies.length,
        missed: expected.size,
        stray,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        max: latencies.at(-1) ?? NaN,
        serverCpuMsPerTake: won.length ? cpuMs / won.length : NaN,
        serverCpuPercent: (cpuMs / wallMs) * 100,
      });
    }
  } finally {
    for (const close of closers) close();
    await database.end();
  }
  return results;
}
