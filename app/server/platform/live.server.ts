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
emitter.setMaxListeners(0); // one listener per open tracker or driver's page
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
      if (message.channel === OFFERS_CHANNEL) return emitOfferNotice(message.payload);
      const event = parseEvent(message.payload);
      if (event) emitter.emit(event.bookingId, event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${OFFERS_CHANNEL}`);
    } catch (error) {
      reset();
      throw error;
    }
    return client;
  })();
  return listener;
}

// ---------------------------------------------------------------- drivers' offers

const OFFERS_CHANNEL = "easymove_offers";

/** How a driver's list changed: an offer added, or one gone (taken by another driver, or closed). */
type OfferChange = "added" | "taken" | "closed";
export type OfferEvent = { bookingId: string; change: OfferChange };

/** The topic a driver's page follows: their own offers only. */
export const offersTopic = (driverId: string) => `offers:${driverId}`;

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; an id is about 25 bytes, so a
 * change for thousands of drivers goes as several notices of this many ids each.
 */
const DRIVERS_PER_NOTICE = 250;

/** The notices of one change: the booking, the change, and a slice of the drivers it concerns. */
function offerNotices(event: OfferEvent, driverIds: readonly string[]) {
  const notices: string[] = [];
  for (let start = 0; start < driverIds.length; start += DRIVERS_PER_NOTICE)
    notices.push(
      JSON.stringify({ b: event.bookingId, c: event.change, d: driverIds.slice(start, start + DRIVERS_PER_NOTICE) }),
    );
  return notices;
}

/**
 * Tells only these drivers' pages, on every instance, that their list changed: one statement
 * however many notices (after the change is committed, so their pages read it).
 */
export async function publishOfferChange(event: OfferEvent, driverIds: readonly string[]) {
  if (driverIds.length === 0) return;
  try {
    await db.$executeRaw`SELECT pg_notify(${OFFERS_CHANNEL}, notice) FROM unnest(${offerNotices(event, driverIds)}::text[]) AS notice`;
  } catch (error) {
    console.error("Could not announce an offer change:", error);
  }
}

function emitOfferNotice(payload: string | undefined) {
  try {
    const notice = JSON.parse(payload ?? "");
    if (typeof notice?.b !== "string" || !Array.isArray(notice.d)) return;
    const event: OfferEvent = { bookingId: notice.b, change: notice.c };
    // Work per driver named, not per page open: a driver with no page here costs a lookup.
    for (const driverId of notice.d) emitter.emit(offersTopic(String(driverId)), event);
  } catch {
    // Not ours: ignored.
  }
}

/**
 * Calls `onEvent` for each event of a topic (a booking's id, or a driver's offersTopic) until
 * the returned function is called.
 */
export async function subscribeToTopic<Event extends LiveEvent | OfferEvent>(
  topic: string,
  onEvent: (event: Event) => void,
  onReset: () => void = () => {},
) {
  await ensureListening();
  emitter.on(topic, onEvent);
  emitter.on("reset", onReset);
  return () => {
    emitter.off(topic, onEvent);
    emitter.off("reset", onReset);
  };
}

/**
 * Open event streams an account may hold at once on one instance, and the instance in all
 * (docs/SCALE.md: what one instance was measured to carry). Past them a page polls.
 */
export const LIVE_STREAM_LIMITS = { perUser: 10, perInstance: 4000 };
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
