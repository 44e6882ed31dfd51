// Two app instances (production build, two ports) against one DATABASE_URL and one S3 bucket
// (a local s3rver), each with a local folder of its own, as on two machines behind a load
// balancer: a session started on one works on the other (and signing out on one ends it on
// both), rate limits count across both, a tracker's event stream open on one hears a driver's
// status change made on the other, a document uploaded through one is served by both, and each
// timed job (the queue's schedules, run every minute here) runs once a period, not once each.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type LocalS3Server } from "../support/s3-server";
import {
  ADMIN,
  DEMO_PASSWORD,
  TRACKED,
  get,
  openEventStream,
  postForm,
  postJson,
  quoteBody,
  randomIp,
  serveApp,
  signInCookie,
  signInToken,
  startDatabase,
  type App,
  type TestDatabase,
  trackedMoveToday,
} from "./harness";
import { record, saveLog } from "./report";

const PORTS = [4462, 4463] as const;
const DB_PORT = 4482;
/** Low, so that the shared API limit is reached in a few requests. */
const API_LIMIT = 10;

let database: TestDatabase;
let s3: LocalS3Server;
let a: App;
let b: App;
/** When both instances were up: the schedules' first whole period starts at the next minute. */
let bothUpAt = 0;
/** The timed jobs' queues (server/jobs/job-queue.server.ts). */
const TIMED_QUEUES = [
  "housekeeping",
  "day-before-reminders",
  "upload-cleanup",
  "credit-notes",
  "claim-refunds",
  "dispatch",
];

beforeAll(async () => {
  database = await startDatabase("scale-out", DB_PORT);
  s3 = await startS3Server(path.join(database.folder, "s3"));
  // Same database, same bucket, same secrets; each its own port and its own local folder.
  [a, b] = await Promise.all(
    PORTS.map((port) =>
      serveApp(database, port, {
        API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
        ...s3.env,
        UPLOAD_DIR: path.join(database.folder, `uploads-${port}`),
        // Every timed job every minute, so that a period passes within the test.
        JOB_SCHEDULE_CRON: "* * * * *",
      }),
    ),
  );
  bothUpAt = Date.now();
  timedJobsSeen = watchTimedJobs();
  // Read by the last test; a failure meanwhile is its failure, not an unhandled one.
  timedJobsSeen.catch(() => {});
});

/** The timed jobs' runs from the first whole period after both instances were up, once each has run in it. */
let timedJobsSeen: Promise<{ period: number; seen: { name: string; slot: Date; jobs: number; done: number }[] }>;
async function watchTimedJobs() {
  // Both instances run the schedules; the first minute that starts with both up is a whole period.
  const period = Math.ceil(bothUpAt / 60_000) * 60_000;
  const runs = () =>
    database.query<{ name: string; slot: Date; jobs: number; done: number }>(
      `select name, date_trunc('minute', created_on) as slot, count(*)::int as jobs,
              count(*) filter (where state = 'completed')::int as done
         from pgboss.job where name = any($1) and created_on >= $2 group by 1, 2 order by 2, 1`,
      [TIMED_QUEUES, new Date(period)],
    );
  const deadline = period + 120_000;
  let seen = await runs();
  // pg-boss looks at its schedules every 30 s; each queue's job of the period then runs.
  while (seen.filter((run) => run.slot.getTime() === period && run.done > 0).length < TIMED_QUEUES.length) {
    if (Date.now() > deadline) throw new Error(`the period's jobs did not all run: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    seen = await runs();
  }
  return { period, seen };
}

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (a) saveLog("scale-out-a.log", a.output());
  if (b) saveLog("scale-out-b.log", b.output());
  await s3?.close();
  await database?.remove();
});

describe("two instances, one database, one bucket", () => {
  it("a session started on one instance works on the other; signing out on either ends it on both", async () => {
    const cookie = await signInCookie(a, TRACKED.customer, DEMO_PASSWORD);
    const onB = await get(b, "/bookings", { cookie });
    const page = await onB.text();
    expect(onB.status).toBe(200);
    expect(page).toContain(TRACKED.customerName);
    expect(page).toContain(TRACKED.reference);
    // An API token from one works on the other too.
    const adminToken = await signInToken(b, ADMIN.email, ADMIN.password, { admin: true });
    expect((await get(a, "/api/admin/stats", { token: adminToken })).status).toBe(200);

    // Signing out on B deletes the Session row: the same cookie no longer works on A.
    const signedOut = await postForm(b, "/logout", {}, { cookie });
    expect(signedOut.status).toBe(302);
    const afterOnA = await get(a, "/bookings", { cookie });
    expect(afterOnA.status).toBe(302);
    expect(afterOnA.headers.get("location")).toMatch(/^\/signin/);
    record([
      `signed in on :${PORTS[0]}, GET /bookings on :${PORTS[1]}: ${onB.status} with the customer's name and booking`,
      `admin token from :${PORTS[1]} on :${PORTS[0]} GET /api/admin/stats: 200`,
      `signed out on :${PORTS[1]}, the same cookie on :${PORTS[0]}: ${afterOnA.status} to ${afterOnA.headers.get("location")}`,
    ]);
  });

  it("rate limits are shared: sign-in brute force and the API limit count across both instances", async () => {
    // Sign-in: 10 failed attempts per account and address in 15 minutes, whichever instance they reach.
    const ip = randomIp();
    const target = `brute-${Date.now().toString(36)}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await postJson(
        instance,
        "/api/auth/signin",
        { email: target, password: `guess-${attempt}` },
        { headers: { "X-Forwarded-For": ip } },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The sign-in form page shares the same count (per account and address).
    const formOnB = await postForm(
      b,
      "/signin",
      { email: target, password: "one-more" },
      { headers: { "X-Forwarded-For": ip } },
    );
    expect(formOnB.status).toBe(429);

    // The quote API: API_RATE_LIMIT_PER_MINUTE per client address, over both instances.
    const apiIp = randomIp();
    const apiStatuses: number[] = [];
    for (let index = 0; index < API_LIMIT + 2; index++) {
      const instance = index % 2 === 0 ? a : b;
      apiStatuses.push(
        (await postJson(instance, "/api/quotes/calculate", quoteBody(index), { headers: { "X-Forwarded-For": apiIp } }))
          .status,
      );
    }
    expect(apiStatuses.slice(0, API_LIMIT)).toEqual(Array(API_LIMIT).fill(200));
    expect(apiStatuses.slice(API_LIMIT)).toEqual([429, 429]);
    record([
      `sign-in, one account, alternating instances: ${statuses.join(" ")} (limit 10 per account and address per 15 min); the /signin form on the other instance then: ${formOnB.status}`,
      `quote API at ${API_LIMIT}/min, one address, alternating instances: ${apiStatuses.join(" ")}`,
    ]);
  });

  it("a tracker's event stream open on one instance hears a driver's status change made on the other", async () => {
    const [{ id: bookingId }] = await database.query<{ id: string }>(`select id from "Booking" where reference = $1`, [
      TRACKED.reference,
    ]);
    await trackedMoveToday(database);
    const customerToken = await signInToken(a, TRACKED.customer, DEMO_PASSWORD);
    const driverCookie = await signInCookie(b, TRACKED.driver, DEMO_PASSWORD);
    const stream = await openEventStream(a, `/api/bookings/${bookingId}/events`, { token: customerToken });
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      const sentAt = Date.now();
      const moved = await postForm(
        b,
        "/driver",
        { bookingId, status: "en_route", etaMinutes: "25" },
        { cookie: driverCookie },
      );
      expect(moved.status).toBe(303);
      const event = await stream.next("change", 5_000);
      const heardAfter = Date.now() - sentAt;
      expect(JSON.parse(event.data)).toMatchObject({ kind: "tracking" });
      // And the tracker page on A shows the new status.
      const page = await (
        await get(a, `/booking-tracker?booking=${bookingId}`, {
          cookie: await signInCookie(a, TRACKED.customer, DEMO_PASSWORD),
        })
      ).text();
      expect(page).toContain("Your driver is on the way to the pickup address.");
      record([
        `POST /driver (en route) on :${PORTS[1]} heard on the customer's stream on :${PORTS[0]} after ${heardAfter} ms`,
      ]);
    } finally {
      stream.close();
    }
  });

  it("a driver document uploaded through one instance is served by both (one S3 bucket, no shared folder)", async () => {
    const pdf = new Uint8Array(fs.readFileSync("tests/fixtures/document.pdf"));
    const ip = randomIp();
    // The registration page on A starts the browser's upload session.
    const page = await get(a, "/driver-registration");
    const uploadCookie = page.headers
      .getSetCookie()
      .find((line) => line.startsWith("__uploads="))
      ?.split(";")[0];
    expect(uploadCookie).toBeTruthy();
    const fileId = `reliability${Date.now()}`;
    const form = new FormData();
    form.append("chunk", new Blob([pdf]), "blob");
    for (const [name, value] of Object.entries({
      chunkIndex: "0",
      totalChunks: "1",
      fileId,
      fileName: "licence.pdf",
      fileType: "application/pdf",
      field: "licenseDocument",
    }))
      form.append(name, value);
    // The chunk goes to A; B assembles it (the chunk is in the bucket).
    const chunk = await fetch(`${a.url}/api/drivers/upload-chunk`, {
      method: "POST",
      body: form,
      headers: { Cookie: uploadCookie!, Origin: a.url, "X-Forwarded-For": ip },
    });
    expect(chunk.status, await chunk.clone().text()).toBe(200);
    const assembled = await postJson(
      b,
      "/api/drivers/assemble-chunks",
      { fileId, fileName: "licence.pdf", field: "licenseDocument" },
      { cookie: uploadCookie, headers: { "X-Forwarded-For": ip } },
    );
    const { filePath } = (await assembled.json()) as { filePath: string };
    expect(assembled.status).toBe(200);
    expect(filePath).toMatch(/^uploads\//);

    const adminToken = await signInToken(a, ADMIN.email, ADMIN.password, { admin: true });
    const served: string[] = [];
    for (const instance of [a, b]) {
      const response = await get(instance, `/${filePath}`, { token: adminToken });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
      served.push(`:${instance.port} 200`);
    }
    // Anyone else is still refused on either.
    expect((await get(b, `/${filePath}`)).status).toBe(401);
    // Nothing was written to either instance's own folder: the bucket holds it all.
    for (const port of PORTS) {
      const folder = path.join(database.folder, `uploads-${port}`);
      const files = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }) : [];
      expect(files).toEqual([]);
    }
    record([
      `chunk uploaded on :${PORTS[0]}, assembled on :${PORTS[1]}, stored in the S3 bucket; ${filePath.replace(/[0-9a-f]{16,}/, "…")} (${pdf.length} bytes) served byte for byte to an admin by ${served.join(", ")}`,
    ]);
  });

  it("each timed job runs once a period across both instances, not once on each", async () => {
    // Watched from the start (beforeAll), while the other checks ran: the minute's wait overlaps them.
    const { period, seen } = await timedJobsSeen;
    const inPeriod = seen.filter((run) => run.slot.getTime() === period);
    expect(inPeriod.map((run) => [run.name, run.jobs, run.done]).sort()).toEqual(
      TIMED_QUEUES.map((name) => [name, 1, 1]).sort(),
    );
    // Every period seen (a later one may have started meanwhile) has one job a queue, never two.
    expect(seen.every((run) => run.jobs === 1)).toBe(true);
    // Both instances were running their workers and schedules the whole time.
    for (const instance of [a, b]) expect((await get(instance, "/readyz")).status).toBe(200);
    record([
      `timed jobs on "* * * * *" with two instances: ${seen.length} runs over ${new Set(seen.map((run) => run.slot.getTime())).size} period(s), one a queue a period; the period's last ran ${((Date.now() - period) / 1000).toFixed(0)} s after it began`,
    ]);
  });
});
