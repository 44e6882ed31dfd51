// What the app counts for Prometheus (prom-client), served at /metrics behind METRICS_TOKEN
// (server.ts). With several worker processes, the primary adds up every worker's counts.
//   easymove_http_request_duration_seconds{method,route,status}  each request, by route pattern
//   easymove_event_streams_open                                  live tracker/driver streams
//   easymove_db_pool_connections{state}, easymove_db_errors_total  the database pool
//   easymove_payments_total{provider,outcome}                    each payment answer recorded
//   easymove_emails_in_flight, easymove_emails_total{outcome}    e-mails being handed to SMTP, and how it went
//   easymove_messages_total{channel,outcome}                     messages sent, failed (to be retried), dead
//   easymove_message_queue_depth{channel}, easymove_message_queue_oldest_seconds
//                                                                 messages waiting to be sent, and the oldest's age
// Plus Node's own process metrics (memory, event-loop lag, CPU).
import client from "prom-client";

/** A database pool's counts, read when metrics are collected. */
type PoolCounts = () => { total: number; idle: number; waiting: number } | null;
/** The messages waiting to be sent, read from the database when metrics are collected. */
type MessageQueueCounts = () => Promise<{ waiting: { channel: string; count: number }[]; oldestSeconds: number }>;

function createMetrics() {
  client.collectDefaultMetrics();
  const pools: PoolCounts[] = [];
  let messageQueue: MessageQueueCounts | null = null;
  const readMessageQueue = async () => (messageQueue ? await messageQueue().catch(() => null) : null);
  return {
    registry: client.register,
    requestDuration: new client.Histogram({
      name: "easymove_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    eventStreamsOpen: new client.Gauge({
      name: "easymove_event_streams_open",
      help: "Live event streams (trackers, driver pages) open now.",
    }),
    dbPool: new client.Gauge({
      name: "easymove_db_pool_connections",
      help: "The database pool's connections: total, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      collect() {
        this.reset();
        for (const counts of pools.map((read) => read()).filter((found) => found !== null)) {
          this.inc({ state: "total" }, counts.total);
          this.inc({ state: "idle" }, counts.idle);
          this.inc({ state: "waiting" }, counts.waiting);
        }
      },
    }),
    dbErrors: new client.Counter({
      name: "easymove_db_errors_total",
      help: "Database errors: connection failures and outages seen by requests.",
      labelNames: ["kind"] as const,
    }),
    payments: new client.Counter({
      name: "easymove_payments_total",
      help: "Payment answers recorded, by provider and outcome.",
      labelNames: ["provider", "outcome"] as const,
    }),
    emailsInFlight: new client.Gauge({
      name: "easymove_emails_in_flight",
      help: "E-mails being handed to SMTP (or the outbox) now: the e-mail queue.",
    }),
    emails: new client.Counter({
      name: "easymove_emails_total",
      help: "E-mails sent or failed.",
      labelNames: ["outcome"] as const,
    }),
    messages: new client.Counter({
      name: "easymove_messages_total",
      help: "Messages (e-mails and texts) sent, failed (to be tried again) and dead, by channel.",
      labelNames: ["channel", "outcome"] as const,
    }),
    messageQueueDepth: new client.Gauge({
      name: "easymove_message_queue_depth",
      help: "Messages waiting to be sent (queued or retrying), by channel.",
      labelNames: ["channel"] as const,
      async collect() {
        this.reset();
        for (const { channel, count } of (await readMessageQueue())?.waiting ?? []) this.set({ channel }, count);
      },
    }),
    messageQueueOldest: new client.Gauge({
      name: "easymove_message_queue_oldest_seconds",
      help: "How long the oldest message waiting to be sent has waited.",
      async collect() {
        this.set((await readMessageQueue())?.oldestSeconds ?? 0);
      },
    }),
    watchPool(counts: PoolCounts) {
      pools.push(counts);
    },
    watchMessageQueue(counts: MessageQueueCounts) {
      messageQueue = counts;
    },
  };
}

// One set for the server (server.ts) and the server build, which load this module apart.
const METRICS_KEY = Symbol.for("easymove.metrics");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createMetrics> | undefined>;
export const metrics = (holder[METRICS_KEY] ??= createMetrics());

const ID_SEGMENT = /^(\d+|[0-9a-f]{8,}(-[0-9a-f]{4,})*|c[a-z0-9]{20,}|[A-Za-z0-9_-]{24,})$/i;

/**
 * A request's path as a route pattern for the metrics' labels, so that ids do not make a
 * label each: "/bookings/clx…/invoice" → "/bookings/:id/invoice". Static assets are one label;
 * paths that matched nothing (404) are another, whatever a scanner asks for.
 */
export function routeLabel(path: string, status: number) {
  if (path.startsWith("/assets/")) return "/assets/*";
  if (status === 404) return "(no route)";
  const segments = path.split("/").slice(1, 5);
  const pattern = `/${segments.map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment)).join("/")}`;
  return pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
}
