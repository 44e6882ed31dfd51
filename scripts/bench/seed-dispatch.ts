// The national dispatch data set for `npm run bench -- --only dispatch-scale`, made with the
// app's own dispatch code against the bench's database, and the time its offers take:
//   - drivers spread over real postcode districts (an area at a time, then a district in it, so
//     London's many small districts do not crowd the rest), approved, with accounts, working
//     within 5 to 15 miles of their base;
//   - a burst of jobs opening at once, offered at 2,000 drivers and again at 20,000 (then removed);
//   - the open jobs of a busy moment, offered to their drivers (the steady state the pages read);
//   - session cookies of the drivers whose pages stay connected, and API tokens of the drivers
//     who take jobs during the fan-out.
// Prints one JSON line. Offer messages the seeding queued are cleared afterwards: the bench
// measures the pages and the live updates, not a backlog of e-mails to 20,000 made-up drivers.
//   tsx scripts/bench/seed-dispatch.ts <base url> <drivers> <open jobs> <burst> <connected> <takes>
import { AREA_CENTROIDS, DISTRICT_CENTROIDS } from "../../app/domain/postcode-districts";
import { createApiToken } from "../../app/server/auth/api-auth.server";
import { startUserSession } from "../../app/server/auth/auth.server";
import { offerOpenJobs } from "../../app/server/drivers/offers.server";
import { db } from "../../app/server/platform/db.server";
import { foldRunningTotals } from "../../app/server/platform/running-totals.server";

const [baseUrl = "http://127.0.0.1", ...counts] = process.argv.slice(2);
const [DRIVERS, OPEN_JOBS, BURST, CONNECTED, TAKES] = counts.map(Number) as [number, number, number, number, number];
const log = (text: string) => console.error(`  [dispatch-scale] ${text}`);

/**
 * Great Britain's postcode areas with their districts: where our table has an area's districts
 * (the regions we serve first), those; elsewhere the area's first district at the area's middle.
 * A place is an area picked in turn, then a district of it.
 */
const centres: Record<string, readonly [number, number]> = { ...DISTRICT_CENTROIDS };
const districtsByArea = Object.keys(DISTRICT_CENTROIDS).reduce<Record<string, string[]>>((byArea, district) => {
  (byArea[district.match(/^[A-Z]+/)![0]] ??= []).push(district);
  return byArea;
}, {});
for (const [area, point] of Object.entries(AREA_CENTROIDS))
  if (!districtsByArea[area] && area !== "BT") {
    districtsByArea[area] = [`${area}1`];
    centres[`${area}1`] = point;
  }
const areas = Object.entries(districtsByArea).sort(([a], [b]) => a.localeCompare(b));
/**
 * The nth place: spread evenly over the areas, and over each area's districts, at a point near
 * the district's centre (within a mile or two; within ten where one district stands for a whole
 * area), so that people are not all stacked on one spot. Repeatable: the same n, the same place.
 */
function placeOf(n: number) {
  const [, districts] = areas[n % areas.length]!;
  const district = districts[Math.floor(n / areas.length) % districts.length]!;
  const [lat, lng] = centres[district]!;
  const spreadMiles = districts.length === 1 ? 10 : 1.5;
  const unit = (k: number) => (((Math.sin(n * 12.9898 + k * 78.233) * 43758.5453) % 1) + 1) % 1; // 0..1
  const dLat = ((unit(1) * 2 - 1) * spreadMiles) / 69;
  const dLng = ((unit(2) * 2 - 1) * spreadMiles) / (69 * Math.cos((lat * Math.PI) / 180));
  return { district, point: [lat + dLat, lng + dLng] as const };
}
const VANS = ["small", "medium", "large", "luton"] as const;

/** Drivers number `from` to `to` (1-based), each with an account, based in the nth place. */
async function seedDrivers(from: number, to: number) {
  if (to < from) return;
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const places = numbers.map((n) => placeOf(n * 7)); // 7: the drivers and the jobs fall differently
  await db.$executeRaw`
    INSERT INTO "User" (id, username, email, role, "isActive", "createdAt", "updatedAt")
    SELECT 'ds-u' || n, 'Scale Driver ' || n, 'scale-driver' || n || '@example.com', 'driver', true, now(), now()
    FROM unnest(${numbers}::int[]) AS n`;
  await db.$executeRaw`
    INSERT INTO "Driver" (id, name, email, phone, experience, "vanType", location, "approvalStatus",
      "agreementAcceptedAt", "userId", "basePostcode", "baseLat", "baseLng", "workingRadiusMiles", "jobsPerDay",
      "completedJobs", "offersStale", "createdAt", "updatedAt")
    SELECT 'ds-d' || n, 'Scale Driver ' || n, 'scale-driver' || n || '@example.com',
      '+447400' || lpad((n % 1000000)::text, 6, '0'), '3-5',
      (${VANS as unknown as string[]}::text[])[1 + n % 4]::"VanSize", p.district, 'approved', now(), 'ds-u' || n,
      p.district, p.lat, p.lng, 5 + (n * 13) % 11, 3, n % 40, false, now(), now()
    FROM unnest(${numbers}::int[], ${places.map((place) => place.district)}::text[],
                ${places.map((place) => place.point[0])}::float8[], ${places.map((place) => place.point[1])}::float8[])
      AS p(n, district, lat, lng)`;
  await db.$executeRaw`ANALYZE "Driver"`;
}

/** `count` paid jobs opened `openedMinutesAgo`, numbered from `first`, each in the nth place. */
async function openJobs(prefix: string, first: number, count: number, openedMinutesAgo: number) {
  const numbers = Array.from({ length: count }, (_, index) => first + index);
  const places = numbers.map((n) => placeOf(n));
  await db.$executeRaw`
    INSERT INTO "Booking" (id, reference, status, "paymentState", "pickupAddress", "deliveryAddress", "moveDate",
      "moveTime", "vanSize", helpers, "distanceTenths", "estimatedHours", "customerName", "customerEmail",
      "subTotal", "platformFee", "driverShare", "vatAmount", "originalPrice", "finalPrice", "openedAt",
      "pickupLat", "pickupLng", "createdAt", "updatedAt")
    SELECT ${prefix} || n, upper(${prefix}) || lpad(to_hex(n), 6, '0'), 'pending', 'paid',
      n || ' High Street, ' || p.district || ' 1AA', n || ' Station Road, ' || p.district || ' 2BB',
      current_date + 3 + n % 25, lpad((8 + n % 9)::text, 2, '0') || ':00',
      (${VANS as unknown as string[]}::text[])[1 + n % 4]::"VanSize", n % 3, 50, 2 + n % 4,
      'Scale Customer', 'scale-customer' || n || '@example.com', 9000, 1500, 7000, 2100, 12600, 12600,
      now() - make_interval(mins => ${openedMinutesAgo}), p.lat, p.lng, now(), now()
    FROM unnest(${numbers}::int[], ${places.map((place) => place.district)}::text[],
                ${places.map((place) => place.point[0])}::float8[], ${places.map((place) => place.point[1])}::float8[])
      AS p(n, district, lat, lng)`;
}

/**
 * The offer messages the seeding queued, and their jobs, cleared (see the top of this file):
 * once the app's own dispatch runs for the jobs opened here are done, or they would queue more
 * after the clearing, and the bench would measure pages beside a backlog being delivered.
 */
async function clearQueuedMessages() {
  for (let waited = 0; waited < 120; waited++) {
    const [pending] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'dispatch' AND state IN ('created', 'retry', 'active')`;
    if (pending!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'messages'`;
  await db.$executeRaw`DELETE FROM "Message" WHERE kind IN ('job-offer', 'text-job-offer')`;
}

/** A burst of `BURST` jobs opening at once, offered by dispatch; timed, then removed. */
async function burst(drivers: number) {
  await openJobs("ds-burst-", 1, BURST, 1); // opened a minute ago: their first wave
  const candidates = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Driver"`;
  const started = performance.now();
  const offers = await offerOpenJobs();
  const ms = performance.now() - started;
  await db.booking.deleteMany({ where: { id: { startsWith: "ds-burst-" } } });
  await clearQueuedMessages();
  log(`burst of ${BURST} jobs at ${drivers} drivers: ${Math.round(ms)} ms, ${offers} offers`);
  return { drivers: Number(candidates[0]!.n), jobs: BURST, ms, offers };
}

const bursts = [];
await seedDrivers(1, Math.min(2000, DRIVERS));
bursts.push(await burst(Math.min(2000, DRIVERS)));
await seedDrivers(2001, DRIVERS);
bursts.push(await burst(DRIVERS));

// The busy moment: jobs open for two hours (their second wave), offered to their drivers.
await openJobs("ds-job-", 1, OPEN_JOBS, 120);
const offerStarted = performance.now();
// A run offers a few thousand jobs at most; the next run goes on, until none is left to offer.
let openOffers = 0;
let made: number;
do {
  made = await offerOpenJobs();
  openOffers += made;
} while (made > 0);
const openOffersMs = performance.now() - offerStarted;
await clearQueuedMessages();
// As a live database is kept (autovacuum; housekeeping folds the running totals every 15
// minutes), so the pages are measured on it and not beside the first pass over the bulk load.
await db.$executeRaw`VACUUM ANALYZE`;
await foldRunningTotals();
log(`${OPEN_JOBS} open jobs: ${openOffers} offers in ${Math.round(openOffersMs)} ms`);

// The driver whose page and API are read: the one with offers nearest 40.
const [reader] = await db.$queryRaw<{ driverId: string; offers: number }[]>`
  SELECT "driverId", count(*)::int AS offers FROM "DispatchOffer" GROUP BY "driverId"
  ORDER BY abs(count(*) - 40), "driverId" LIMIT 1`;
const readerUser = await db.driver.findUniqueOrThrow({ where: { id: reader!.driverId }, select: { userId: true } });
const cookieOf = async (userId: string) =>
  (await startUserSession(new Request(baseUrl), { id: userId, role: "driver" })).split(";")[0]!;

// The drivers whose pages stay connected: those with offers first (a take concerns them).
const connected = await db.$queryRaw<{ driverId: string; userId: string }[]>`
  SELECT d.id AS "driverId", d."userId" FROM "Driver" d
  WHERE d.id LIKE 'ds-d%'
  ORDER BY (SELECT count(*) FROM "DispatchOffer" o WHERE o."driverId" = d.id) > 0 DESC, md5(d.id)
  LIMIT ${CONNECTED}`;
const connectedCookies = [];
for (const driver of connected)
  connectedCookies.push({ driverId: driver.driverId, cookie: await cookieOf(driver.userId) });

// The takes: jobs with the most connected drivers offered first, each by a driver offered it who
// takes no other (a second job the same day could clash, and be refused).
const takeJobs = await db.$queryRaw<{ bookingId: string; drivers: string[] }[]>`
  WITH listening AS (SELECT unnest(${connected.map((driver) => driver.driverId)}::text[]) AS id)
  SELECT o."bookingId", array_agg(o."driverId" ORDER BY md5(o."driverId")) AS drivers
  FROM "DispatchOffer" o GROUP BY o."bookingId"
  ORDER BY count(*) FILTER (WHERE o."driverId" IN (SELECT id FROM listening)) DESC, o."bookingId"
  LIMIT ${TAKES * 2}`;
const taking = new Set<string>();
const takes: { bookingId: string; driverId: string }[] = [];
for (const job of takeJobs) {
  const taker = job.drivers.find((driverId) => !taking.has(driverId));
  if (!taker || takes.length >= TAKES) continue;
  taking.add(taker);
  takes.push({ bookingId: job.bookingId, driverId: taker });
}
const takerUsers = await db.driver.findMany({ where: { id: { in: [...taking] } }, select: { id: true, userId: true } });
const tokens = new Map<string, string>();
for (const driver of takerUsers)
  tokens.set(driver.id, (await createApiToken({ id: driver.userId!, role: "driver" })).token);

const tableSize = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "DispatchOffer"`;
const answer = JSON.stringify({
  bursts,
  openJobs: OPEN_JOBS,
  openOffers,
  openOffersMs,
  offerRows: tableSize[0]!.n,
  reader: { offers: reader!.offers, cookie: await cookieOf(readerUser.userId!) },
  connected: connectedCookies,
  takes: takes.map((take) => ({ ...take, token: tokens.get(take.driverId) })),
});
await db.$disconnect();
// Exits once the answer is written (a pipe takes it in parts); the job queue's pool would keep
// the process alive.
process.stdout.write(`${answer}\n`, () => process.exit(0));
