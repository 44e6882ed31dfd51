// Live events for the tracker and the driver's page, through PostgreSQL LISTEN/NOTIFY: a change
// made by any app instance is announced by the database to every instance (docs/ARCHITECTURE.md:
// scaling out). Each process keeps one listening connection and fans events out in memory.
import { EventEmitter } from "node:events";
import pg from "pg";
import { db } from "./db.server";
import { env } from "./env.server";
import { metrics } from "./metrics.server";

const CHANNEL = "easymove_live";

/** What changed on a booking; pages reload their data when they hear it. */
type LiveEventKind = "tracking" | "chat" | "read" | "booking" | "position";
export type LiveEvent = { bookingId: string; kind: LiveEventKind };

/**
 * What NOTIFY carries: the booking's id and what changed, nothing else, so a payload stays far
 * under PostgreSQL's 8,000-byte limit (pages load the data itself when they hear it).
 */
export function livePayload(event: LiveEvent) {
  return JSON.stringify({ bookingId: event.bookingId, kind: event.kind });
}

/** Announces a change to every instance (after the change is committed, so readers see it). */
export async function publishLiveEvent(event: LiveEvent) {
  try {
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${livePayload(event)})`;
  } catch (error) {
    // The change itself is saved; pages without the event catch up on their next load.
    console.error("Could not announce a live event:", error);
  }
}

const emitter = new EventEmitter();
emitter.setMaxListeners(0); // one listener per open tracker page
let listener: Promise<pg.Client> | null = null;

function parseEvent(payload: string | undefined): LiveEvent | null {
  try {
    const event = JSON.parse(payload ?? "");
    return typeof event?.bookingId === "string" && typeof event?.kind === "string" ? (event as LiveEvent) : null;
  } catch {
    return null;
  }
}

/** The process's one LISTEN connection, opened on first use and opened again after a failure. */
function ensureListening() {
  listener ??= (async () => {
    // A direct connection: LISTEN needs one session for its life, which a pooler in
    // transaction mode (PgBouncer) does not give (DIRECT_DATABASE_URL, docs/DEPLOY.md).
    const client = new pg.Client({ connectionString: env.DIRECT_DATABASE_URL });
    const reset = () => {
      listener = null;
      client.removeAllListeners();
      // A dying connection can report more than one error (the server's "terminating
      // connection", then the socket's reset): an 'error' with no listener would end the process.
      client.on("error", () => {});
      client.end().catch(() => {});
      // Pages that were listening reconnect (EventSource retries), which listens again.
      emitter.emit("reset");
    };
    client.on("error", reset);
    client.on("end", () => listener && reset());
    client.on("notification", (message) => {
      const event = parseEvent(message.payload);
      if (event) emitter.emit(event.bookingId, event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      reset();
      throw error;
    }
    return client;
  })();
  return listener;
}

/**
 * The drivers' open jobs are a topic of their own, told as if a booking of this id
 * changed: a job opened, taken or given by an admin.
 */
export const OPEN_JOBS_TOPIC = "open-jobs";

/** Every driver's page reloads its list when told, so one process tells them at most this often. */
const OPEN_JOBS_NOTICE_EVERY_MS = 1_000;
let lastOpenJobsNotice = 0;
let trailingOpenJobsNotice: ReturnType<typeof setTimeout> | null = null;

/**
 * Tells every driver's page that the open jobs changed: at once, unless this process told them
 * less than a second ago; then once more at the second's end for every change meanwhile, so a
 * burst of takes and drops reloads each page twice at most, and nothing is missed.
 */
export async function publishOpenJobsChanged() {
  const publish = () => {
    lastOpenJobsNotice = Date.now();
    return publishLiveEvent({ bookingId: OPEN_JOBS_TOPIC, kind: "booking" });
  };
  const wait = lastOpenJobsNotice + OPEN_JOBS_NOTICE_EVERY_MS - Date.now();
  if (wait <= 0) return publish();
  trailingOpenJobsNotice ??= setTimeout(() => {
    trailingOpenJobsNotice = null;
    void publish();
  }, wait);
}

/** Calls `onEvent` for each change to this booking (or topic) until the returned function is called. */
export async function subscribeToBooking(
  bookingId: string,
  onEvent: (event: LiveEvent) => void,
  onReset: () => void = () => {},
) {
  await ensureListening();
  emitter.on(bookingId, onEvent);
  emitter.on("reset", onReset);
  return () => {
    emitter.off(bookingId, onEvent);
    emitter.off("reset", onReset);
  };
}

/** Open event streams an account may hold at once on one instance, and the instance in all. */
export const LIVE_STREAM_LIMITS = { perUser: 10, perInstance: 2000 };
const openStreams = new Map<string, number>();
let openStreamsTotal = 0;

/**
 * Takes a place for one more event stream of this user, or null past a limit (the page then
 * polls instead). Call the returned release once, when the stream ends.
 */
export function reserveLiveStream(userId: string): (() => void) | null {
  const mine = openStreams.get(userId) ?? 0;
  if (mine >= LIVE_STREAM_LIMITS.perUser || openStreamsTotal >= LIVE_STREAM_LIMITS.perInstance) return null;
  openStreams.set(userId, mine + 1);
  openStreamsTotal++;
  metrics.eventStreamsOpen.inc();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openStreamsTotal--;
    metrics.eventStreamsOpen.dec();
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };
}

/**
 * At shutdown: every open event stream ends (its browser reconnects to another instance and
 * catches up), and the LISTEN connection closes.
 */
export async function endLiveStreams() {
  emitter.emit("reset");
  const current = listener;
  listener = null;
  if (!current) return;
  const client = await current.catch(() => null);
  if (!client) return;
  client.removeAllListeners();
  client.on("error", () => {});
  await client.end().catch(() => {});
}
