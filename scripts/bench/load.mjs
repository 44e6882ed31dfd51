// Server throughput and latency with autocannon on 127.0.0.1.
import autocannon from "autocannon";

export const QUOTE_ROUTES = [
  ["1 Grey Street, Newcastle NE1 6EE", "40 Osborne Road, Newcastle NE2 2AL"],
  ["22 Kensington Church Street, London W8 4EP", "5 Portobello Road, London W11 3DA"],
  ["14 Duke Street, Chelmsford CM1 1HL", "3 Newland Street, Witham CM8 2AF"],
  ["2 Colmore Row, Birmingham B3 2BJ", "12 Hertford Street, Coventry CV1 1LF"],
  ["London EC2V 7JD", "Birmingham B1 1BB"],
];

export const moveDate = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** A POST /api/quotes/calculate body for one of QUOTE_ROUTES, with `items` items. */
export function quoteBody(index, items = 0) {
  const [from, to] = QUOTE_ROUTES[index % QUOTE_ROUTES.length];
  return JSON.stringify({
    collectionAddress: from,
    deliveryAddress: to,
    moveDate: moveDate(),
    vanSize: "medium",
    helpers: index % 3,
    items: Array.from({ length: items }, (_, n) => ({
      name: `Box ${n + 1}`,
      quantity: 1 + (n % 3),
      size: "small",
      fragile: n % 5 === 0,
    })),
  });
}

/** The quote API requests autocannon cycles through (each route once, a cached distance after the first). */
export function quoteRequests(items = 0) {
  return QUOTE_ROUTES.map((_, index) => ({
    method: "POST",
    path: "/api/quotes/calculate",
    headers: { "content-type": "application/json" },
    body: quoteBody(index, items),
  }));
}

/**
 * One autocannon run (closed loop: `connections` clients, each sending its next request when
 * the last one is answered): req/s, p50, p99 (ms), errors (socket errors, timeouts and non-2xx)
 * and this process's own CPU meanwhile (% of one core).
 */
export async function hammer(baseUrl, { path = "/", requests, connections = 50, duration = 10, headers } = {}) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration,
    headers,
    requests,
    timeout: 10,
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - started)) * 100,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
  };
}

/** Warms the server (JIT, distance cache, pools) before a measured run. */
export async function warm(baseUrl, requests) {
  await autocannon({ url: baseUrl, connections: 10, amount: 300, requests });
}
