// The quote API's cost per call in-process, with no HTTP server in between: wall and CPU time
// of the route's action and of its parts, one call at a time. Steadier than a load test on a
// busy machine (CPU time hardly depends on what else runs).
//   API_RATE_LIMIT_PER_MINUTE=100000000 node scripts/with-test-db.mjs npx tsx scripts/bench/quote-micro.ts
export {};
const { action } = await import("../../app/routes/api+/quotes.calculate");
const { loader: healthz } = await import("../../app/routes/healthz");
const { calculatePrice } = await import("../../app/domain/pricing");
const { apiQuoteRequestSchema } = await import("../../app/schemas/quote");
const { getDistance } = await import("../../app/server/quotes/distance.server");
const { hitRateLimit } = await import("../../app/server/platform/rate-limit.server");
const { createQuote } = await import("../../app/server/quotes/quotes.server");

const raw = {
  collectionAddress: "1 Grey Street, Newcastle NE1 6EE",
  deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
  moveDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  vanSize: "medium",
};
const body = JSON.stringify(raw);
const request = () =>
  new Request("http://127.0.0.1/api/quotes/calculate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
const input = apiQuoteRequestSchema.parse(raw);

async function time(name: string, fn: () => unknown, calls = 1000) {
  for (let i = 0; i < 50; i++) await fn();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  const wall = (performance.now() - started) / calls;
  const used = process.cpuUsage(cpu);
  console.log(
    `${name.padEnd(24)} wall ${wall.toFixed(2).padStart(6)} ms   cpu ${((used.user + used.system) / 1000 / calls).toFixed(2).padStart(5)} ms`,
  );
}

await time("GET /healthz loader", () => healthz());
await time(
  "quote API action",
  async () => (await action({ request: request(), params: {}, context: {} } as never)).text(),
  500,
);
await time("  rate limit", () => hitRateLimit({ name: "micro", limit: 1e9, windowSeconds: 60 }, "bench"));
await time("  zod parse", () => apiQuoteRequestSchema.parse(raw));
await time("  distance (cached)", () => getDistance(input.pickupAddress, input.deliveryAddress));
await time("  price", () => calculatePrice({ ...input, distanceMiles: 3.2 }));
await time("  createQuote", () => createQuote(input), 500);
process.exit(0);
