// The move day against a real PostgreSQL and the real document storage:
// completing a job with its proof of delivery (photos resized on the server, a drawn or a
// typed signature, refusals that keep what was typed and store nothing), who may see the
// proof's files, the customer's problem report for 48 hours, and the e-mails of the day:
// driver assigned, the day before (once, whatever the number of runs), on the way, completed.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trackerRoute from "~/routes/_bookings+/booking-tracker";
import * as helpRoute from "~/routes/_bookings+/bookings_.$id.help";
import * as proofFileRoute from "~/routes/delivery-proof.$proofId.$file";
import * as completeRoute from "~/routes/driver+/jobs.$id.complete";
import * as positionRoute from "~/routes/driver+/jobs.$id.position";
import { DELIVERY_PROOF_MESSAGES } from "~/schemas/delivery-proof";
import { HELP_MESSAGES } from "~/schemas/help-request-messages";
import { POSITION_MESSAGES } from "~/schemas/position-messages";
import { assignDriver } from "~/server/admin/booking-commands.server";
import { queueDayBeforeReminders } from "~/server/bookings/move-day-emails.server";
import { deleteOldTracks, POSITION_RATE_LIMIT } from "~/server/bookings/positions.server";
import { advanceTracking } from "~/server/bookings/tracking.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { getStorage } from "~/server/uploads/storage.server";
import { BASE, call, createAccount, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver, createBooking } from "./factories";
import { readOutbox } from "./messages";

type Account = Awaited<ReturnType<typeof createAccount>>;

const BIG_PHOTO = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3b82f6" } })
  .jpeg()
  .toBuffer();
const SIGNATURE = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#00000000" } })
  .png()
  .toBuffer();
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A booking whose driver has arrived at the delivery, with its customer's and driver's cookies. */
async function arrivedJob() {
  const customer = await createAccount();
  const driverUser = await createAccount({ role: "driver" });
  const driver = await createApprovedDriver();
  await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
  const created = await createBooking("in_progress");
  const booking = await db.booking.update({
    where: { id: created.id },
    data: {
      customerId: customer.id,
      customerEmail: customer.email,
      driverId: driver.id,
      trackingStatus: "arrived",
      paymentState: "paid",
    },
  });
  return {
    booking,
    customer,
    driverUser,
    driver,
    customerCookie: await sessionCookie(customer),
    driverCookie: await sessionCookie(driverUser),
  };
}

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };

function proofRequest(bookingId: string, parts: Part[], cookie: string) {
  const form = new FormData();
  for (const part of parts) {
    if ("file" in part)
      form.append(part.name, new File([new Uint8Array(part.file)], part.filename, { type: part.type }));
    else form.append(part.name, part.value);
  }
  return new Request(`${BASE}/driver/jobs/${bookingId}/complete`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie.split(";")[0]! },
  });
}

const photo = (file = BIG_PHOTO, filename = "delivery.jpg", type = "image/jpeg"): Part => ({
  name: "photos",
  file,
  filename,
  type,
});

async function storedUnder(bookingId: string) {
  return (await getStorage().list(`proofs/${bookingId}`)).length;
}

let admin: Account;
let adminCookie: string;
let strangerCookie: string;

beforeAll(async () => {
  admin = await createAccount({ role: "admin" });
  adminCookie = await sessionCookie(admin);
  strangerCookie = await sessionCookie(await createAccount());
});

describe("completing a job with its proof of delivery", () => {
  it("stores resized photos and the drawn signature, completes the job, and e-mails the customer the proof", async () => {
    const { booking, customer, driverCookie, driver } = await arrivedJob();
    const page = await call(
      completeRoute.loader,
      getRequest(`/driver/jobs/${booking.id}/complete`, { cookie: driverCookie }),
      {
        id: booking.id,
      },
    );
    expect(page.body.job).toMatchObject({ reference: booking.reference, blocker: null });

    const done = await call(
      completeRoute.action,
      proofRequest(
        booking.id,
        [
          photo(),
          photo(BIG_PHOTO, "second.jpg"),
          { name: "recipientName", value: "Robin Recipient" },
          { name: "damageNotes", value: "Small scuff on the table leg" },
          { name: "signature", file: SIGNATURE, filename: "signature.png", type: "image/png" },
        ],
        driverCookie,
      ),
      { id: booking.id },
    );
    expect(done).toMatchObject({ status: 302, location: "/driver" });

    const saved = await db.booking.findUniqueOrThrow({
      where: { id: booking.id },
      include: { deliveryProofs: { include: { photos: true } } },
    });
    expect(saved).toMatchObject({ status: "completed", trackingStatus: "completed", completedAt: expect.any(Date) });
    const [proof] = saved.deliveryProofs;
    expect(proof).toMatchObject({
      recipientName: "Robin Recipient",
      signedName: null,
      damageNotes: "Small scuff on the table leg",
      signatureKey: expect.stringMatching(/^proofs\/.+\.png$/),
    });
    // Resized on the server to 1600 px at most, kept as JPEG.
    expect(proof!.photos).toHaveLength(2);
    for (const stored of proof!.photos)
      expect(stored).toMatchObject({ width: 1600, height: 1067, mimeType: "image/jpeg" });
    expect((await db.driver.findUniqueOrThrow({ where: { id: driver.id } })).completedJobs).toBe(1);

    const mail = (await readOutbox(customer.email)).find((message) =>
      message.subject.startsWith("Your move is complete"),
    );
    expect(mail?.text).toContain("Received by: Robin Recipient");
    expect(mail?.text).toContain("Damage noted: Small scuff on the table leg");
    expect(mail?.text).toContain("report a problem from the tracker for 48 hours");
    expect(mail?.text).toContain(`${env.SITE_URL}/booking-tracker?booking=${booking.id}`);
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(["delivery-photo-1.jpg", "delivery-photo-2.jpg"]);
  });

  it("refuses a form without a photo, with a file that is not an image, or without a signature: the reason, the text as typed, nothing stored", async () => {
    const { booking, driverCookie } = await arrivedJob();
    const send = (parts: Part[]) =>
      call(completeRoute.action, proofRequest(booking.id, parts, driverCookie), { id: booking.id });

    const noPhoto = await send([
      { name: "recipientName", value: "Robin <Recipient>" },
      { name: "signedName", value: "Robin R" },
      { name: "damageNotes", value: "none" },
    ]);
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.errors.photos).toEqual([DELIVERY_PROOF_MESSAGES.photosRequired]);
    expect(noPhoto.body.fields).toEqual({
      recipientName: "Robin <Recipient>",
      signedName: "Robin R",
      damageNotes: "none",
    });

    const pdf = await send([
      photo(PDF, "photo.jpg"),
      { name: "recipientName", value: "Robin" },
      { name: "signedName", value: "Robin" },
    ]);
    expect(pdf.status).toBe(400);
    expect(pdf.body.errors.photos).toEqual(["Each photo must be a JPEG, PNG or WebP image."]);

    const unsigned = await send([photo(), { name: "recipientName", value: "" }]);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toMatchObject({
      recipientName: [DELIVERY_PROOF_MESSAGES.recipientRequired],
      signedName: [DELIVERY_PROOF_MESSAGES.signatureRequired],
    });

    expect(await storedUnder(booking.id)).toBe(0);
    expect(await db.deliveryProof.count({ where: { bookingId: booking.id } })).toBe(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).trackingStatus).toBe("arrived");
  });

  it("takes a typed signature without JavaScript", async () => {
    const { booking, driverCookie } = await arrivedJob();
    const done = await call(
      completeRoute.action,
      proofRequest(
        booking.id,
        [photo(), { name: "recipientName", value: "Sam" }, { name: "signedName", value: "Sam Smith" }],
        driverCookie,
      ),
      { id: booking.id },
    );
    expect(done.status).toBe(302);
    expect(await db.deliveryProof.findFirstOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
      signatureKey: null,
      signedName: "Sam Smith",
    });
  });

  it("is only for the job's driver (or an admin), and only once the driver has arrived", async () => {
    const { booking, customerCookie, driverCookie } = await arrivedJob();
    const otherDriver = await createAccount({ role: "driver" });
    for (const cookie of [customerCookie, strangerCookie, await sessionCookie(otherDriver)]) {
      const refused = await call(completeRoute.action, proofRequest(booking.id, [photo()], cookie), { id: booking.id });
      expect(refused).toMatchObject({ status: 404, thrown: true });
    }
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "nearby" } });
    const early = await call(
      completeRoute.action,
      proofRequest(
        booking.id,
        [photo(), { name: "recipientName", value: "Sam" }, { name: "signedName", value: "Sam" }],
        driverCookie,
      ),
      { id: booking.id },
    );
    expect(early.status).toBe(409);
    expect(early.body.errors[""]).toEqual([DELIVERY_PROOF_MESSAGES.notArrived]);
    expect(await storedUnder(booking.id)).toBe(0);
    const visitor = await call(completeRoute.loader, getRequest(`/driver/jobs/${booking.id}/complete`), {
      id: booking.id,
    });
    expect(visitor).toMatchObject({ status: 302, thrown: true });
  });
});

describe("the proof on the tracker, and its files", () => {
  it("the customer, the driver and admins see the proof and its photos; anyone else gets a 404", async () => {
    const { booking, customerCookie, driverCookie } = await arrivedJob();
    await call(
      completeRoute.action,
      proofRequest(
        booking.id,
        [
          photo(),
          { name: "recipientName", value: "Robin" },
          { name: "signature", file: SIGNATURE, filename: "s.png", type: "image/png" },
        ],
        driverCookie,
      ),
      { id: booking.id },
    );
    const tracker = await call(
      trackerRoute.loader,
      getRequest(`/booking-tracker?booking=${booking.id}`, { cookie: customerCookie }),
    );
    const [proof] = tracker.body.sections.proofs;
    expect(proof).toMatchObject({ recipientName: "Robin", signature: { kind: "drawn" }, damageNotes: null });
    expect(proof.photos).toHaveLength(1);
    expect(tracker.body.sections.canReportProblem).toBe(true);

    const [, , proofId, photoId] = proof.photos[0].url.split("/");
    for (const cookie of [customerCookie, driverCookie, adminCookie]) {
      for (const file of [photoId, "signature"]) {
        const served = await proofFileRoute.loader({
          request: getRequest(`/delivery-proof/${proofId}/${file}`, { cookie }),
          params: { proofId, file },
          context: {},
        });
        expect(served.status).toBe(200);
        expect(served.headers.get("Content-Type")).toBe(file === "signature" ? "image/png" : "image/jpeg");
        expect(served.headers.get("Cache-Control")).toContain("private");
        const bytes = Buffer.from(await served.arrayBuffer());
        expect((await sharp(bytes).metadata()).width).toBe(file === "signature" ? 600 : 1600);
      }
    }
    const refused = await proofFileRoute.loader({
      request: getRequest(`/delivery-proof/${proofId}/${photoId}`, { cookie: strangerCookie }),
      params: { proofId, file: photoId },
      context: {},
    });
    expect(refused.status).toBe(404);
    const visitor = await call(proofFileRoute.loader, getRequest(`/delivery-proof/${proofId}/${photoId}`), {
      proofId,
      file: photoId,
    });
    expect(visitor).toMatchObject({ status: 302, thrown: true });
  });
});

describe("a problem report after delivery", () => {
  it("is the customer's for 48 hours after completion, becomes an open complaint and reaches the support inbox", async () => {
    const { booking, customerCookie, driverCookie } = await arrivedJob();
    await db.booking.update({
      where: { id: booking.id },
      data: { status: "completed", trackingStatus: "completed", completedAt: new Date(Date.now() - 47 * 3_600_000) },
    });
    const report = (cookie: string) =>
      call(
        helpRoute.action,
        formRequest(
          `/bookings/${booking.id}/help`,
          { kind: "complaint", message: "The mirror arrived cracked." },
          { cookie },
        ),
        { id: booking.id },
      );
    expect(await report(customerCookie)).toMatchObject({ status: 303 });
    expect(await db.supportRequest.findFirstOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
      kind: "complaint",
      status: "open",
      message: "The mirror arrived cracked.",
    });
    const support = (await readOutbox(env.SUPPORT_EMAIL)).filter((mail) => mail.subject.includes(booking.reference));
    expect(support.at(-1)).toMatchObject({ subject: `Problem report: ${booking.reference}` });
    expect(support.at(-1)!.text).toContain("The mirror arrived cracked.");

    // The driver cannot file one; and after 48 hours, neither can the customer.
    const driverReport = await report(driverCookie);
    expect(driverReport.status).toBe(409);
    expect(driverReport.body.error[""]).toEqual([HELP_MESSAGES.problemWindowClosed]);
    await db.booking.update({
      where: { id: booking.id },
      data: { completedAt: new Date(Date.now() - 49 * 3_600_000) },
    });
    expect((await report(customerCookie)).status).toBe(409);
    const tracker = await call(
      trackerRoute.loader,
      getRequest(`/booking-tracker?booking=${booking.id}`, { cookie: customerCookie }),
    );
    expect(tracker.body.sections.canReportProblem).toBe(false);
  });
});

describe("the move day's e-mails", () => {
  it("a driver assigned: name, van and phone; on the way: who and when", async () => {
    const booking = await createBooking("pending");
    const driver = await createApprovedDriver();
    const driverUser = await createAccount({ role: "driver" });
    await db.driver.update({ where: { id: driver.id }, data: { userId: driverUser.id } });
    await db.booking.update({
      where: { id: booking.id },
      data: { moveDate: new Date(new Date().toISOString().slice(0, 10)), moveTime: "00:00" },
    });
    expect((await assignDriver(admin.id, booking.id, driver.id)).status).toBe("assigned");
    const [assigned] = await readOutbox(booking.customerEmail!);
    expect(assigned).toMatchObject({ subject: `Your driver: ${booking.reference}` });
    expect(assigned!.text).toContain(`Driver: ${driver.name}`);
    expect(assigned!.text).toContain("Van: Medium Van");
    expect(assigned!.text).toContain("Driver's phone: 07700900123");

    const moved = await advanceTracking({
      bookingId: booking.id,
      user: { id: driverUser.id, username: driverUser.username, email: driverUser.email, role: "driver" },
      to: "en_route",
      etaMinutes: 25,
      now: new Date(),
    });
    expect(moved.ok).toBe(true);
    const onTheWay = (await readOutbox(booking.customerEmail!)).at(-1)!;
    expect(onTheWay.subject).toBe(`Your driver is on the way: ${booking.reference}`);
    expect(onTheWay.text).toContain(`${driver.name} is on the way to ${booking.pickupAddress}`);
    expect(onTheWay.text).toContain("about 25 minutes");
  });

  it("the day before: once per paid move, from 10:00 UK time, however many runs at once", async () => {
    const moveDate = new Date("2031-06-18T00:00:00Z");
    const paid = await createBooking("assigned");
    const unpaid = await createBooking("pending");
    const cancelled = await createBooking("cancelled");
    await db.booking.update({ where: { id: paid.id }, data: { moveDate, paymentState: "paid" } });
    await db.booking.update({ where: { id: unpaid.id }, data: { moveDate } });
    await db.booking.update({ where: { id: cancelled.id }, data: { moveDate, paymentState: "paid" } });

    // 09:30 BST on the eve: too early.
    expect(await queueDayBeforeReminders(new Date("2031-06-17T08:30:00Z"))).toBe(0);
    // 10:05 BST: ten instances at once queue one reminder.
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => queueDayBeforeReminders(new Date("2031-06-17T09:05:00Z"))),
    );
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mail = await readOutbox(paid.customerEmail!);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: `Your move is tomorrow: ${paid.reference}` });
    expect(mail[0]!.text).toContain("Moving date: Wednesday 18 June 2031 at 09:00");
    expect(await readOutbox(unpaid.customerEmail!)).toEqual([]);
    expect(await readOutbox(cancelled.customerEmail!)).toEqual([]);
    expect(await queueDayBeforeReminders(new Date("2031-06-17T15:00:00Z"))).toBe(0);
  });
});

describe("the driver's live position", () => {
  const share = (bookingId: string, fields: Record<string, string>, cookie: string, enhanced = true) =>
    call(positionRoute.action, formRequest(`/driver/jobs/${bookingId}/position`, fields, { cookie, enhanced }), {
      id: bookingId,
    });
  const trackerOf = (bookingId: string, cookie: string) =>
    call(trackerRoute.loader, getRequest(`/booking-tracker?booking=${bookingId}`, { cookie }));

  it("is shared by the job's driver while it is under way: the latest point per job, every point on its track", async () => {
    const { booking, driverCookie } = await arrivedJob();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route" } });
    // Near Newcastle's Central Station; the pickup is 1 Grey Street, NE1 6EE.
    expect(
      await share(booking.id, { latitude: "54.968", longitude: "-1.617", accuracy: "12" }, driverCookie),
    ).toMatchObject({
      status: 200,
      body: { status: "success" },
    });
    expect(await share(booking.id, { latitude: "54.9695", longitude: "-1.6135" }, driverCookie)).toMatchObject({
      status: 200,
    });
    expect(await db.driverPosition.findUniqueOrThrow({ where: { bookingId: booking.id } })).toMatchObject({
      latitude: 54.9695,
      longitude: -1.6135,
      accuracyMetres: null,
    });
    expect(await db.positionPoint.count({ where: { bookingId: booking.id } })).toBe(2);

    // Without JavaScript: the postcode or town typed; a plain post goes back to /driver.
    const typed = await share(booking.id, { place: "NE2 2AA" }, driverCookie, false);
    expect(typed).toMatchObject({ status: 303, location: "/driver" });
    expect((await db.driverPosition.findUniqueOrThrow({ where: { bookingId: booking.id } })).accuracyMetres).toBe(2000);
    const unknown = await share(booking.id, { place: "Atlantis" }, driverCookie, false);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.place).toEqual([POSITION_MESSAGES.placeNotFound]);
    expect(unknown.body.initialValue).toMatchObject({ place: "Atlantis" });
    const empty = await share(booking.id, {}, driverCookie, false);
    expect(empty.body.error.place).toEqual([POSITION_MESSAGES.placeRequired]);
    expect(await db.positionPoint.count({ where: { bookingId: booking.id } })).toBe(3);
  });

  it("is refused before the job is under way, after it, and from anyone but its driver", async () => {
    const { booking, customerCookie, driverCookie } = await arrivedJob();
    const point = { latitude: "54.97", longitude: "-1.61" };
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "assigned", status: "assigned" } });
    const early = await share(booking.id, point, driverCookie);
    expect(early.status).toBe(409);
    expect(early.body.error[""]).toEqual([POSITION_MESSAGES.notActive]);
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "completed", status: "completed" } });
    expect((await share(booking.id, point, driverCookie)).status).toBe(409);
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route", status: "in_progress" } });
    const otherDriver = await createAccount({ role: "driver" });
    expect(await share(booking.id, point, await sessionCookie(otherDriver))).toMatchObject({
      status: 404,
      thrown: true,
    });
    // Customers and admins are not drivers: the driver pages send them home.
    for (const cookie of [customerCookie, adminCookie])
      expect(await share(booking.id, point, cookie)).toMatchObject({ status: 302, location: "/", thrown: true });
    expect(await db.positionPoint.count({ where: { bookingId: booking.id } })).toBe(0);
  });

  it(`is rate limited (${POSITION_RATE_LIMIT.limit} a minute per driver)`, async () => {
    const { booking, driverCookie } = await arrivedJob();
    const answers = [];
    for (let index = 0; index <= POSITION_RATE_LIMIT.limit; index++)
      answers.push((await share(booking.id, { latitude: "54.97", longitude: "-1.61" }, driverCookie)).status);
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it("reaches the tracker of the booking's customer, its driver and admins only: distance, arrival estimate, last seen", async () => {
    const { booking, customerCookie, driverCookie } = await arrivedJob();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "nearby" } });
    await db.driverPosition.create({
      data: { bookingId: booking.id, latitude: 54.9, longitude: -1.5, recordedAt: new Date(Date.now() - 3.5 * 60_000) },
    });
    for (const cookie of [customerCookie, driverCookie, adminCookie]) {
      const { body } = await trackerOf(booking.id, cookie);
      expect(body.position).toMatchObject({
        stop: { label: "the pickup address", address: booking.pickupAddress },
        lastSeen: "last seen 3 min ago",
      });
      expect(body.position.miles).toBeGreaterThan(4);
      expect(body.position.minutes).toBeGreaterThan(10);
    }
    const otherDriver = await createAccount({ role: "driver" });
    for (const cookie of [strangerCookie, await sessionCookie(otherDriver)])
      expect(await trackerOf(booking.id, cookie)).toMatchObject({ status: 404, thrown: true });

    // Once arrived at the pickup, the next stop is the delivery; once completed, no position is shown.
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "arrived" } });
    expect((await trackerOf(booking.id, customerCookie)).body.position.stop.label).toBe("the delivery address");
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "completed", status: "completed" } });
    expect((await trackerOf(booking.id, customerCookie)).body.position).toBeNull();
  });

  it("is deleted 30 days after the job ends", async () => {
    const old = await arrivedJob();
    const recent = await arrivedJob();
    for (const [job, daysAgo] of [
      [old, 31],
      [recent, 29],
    ] as const) {
      await db.booking.update({
        where: { id: job.booking.id },
        data: { status: "completed", completedAt: new Date(Date.now() - daysAgo * 86_400_000) },
      });
      await db.driverPosition.create({
        data: { bookingId: job.booking.id, latitude: 54.9, longitude: -1.6, recordedAt: new Date() },
      });
      await db.positionPoint.create({
        data: { bookingId: job.booking.id, latitude: 54.9, longitude: -1.6, recordedAt: new Date() },
      });
    }
    expect(await deleteOldTracks()).toBeGreaterThanOrEqual(2);
    expect(await db.positionPoint.count({ where: { bookingId: old.booking.id } })).toBe(0);
    expect(await db.driverPosition.count({ where: { bookingId: old.booking.id } })).toBe(0);
    expect(await db.positionPoint.count({ where: { bookingId: recent.booking.id } })).toBe(1);
    expect(await db.driverPosition.count({ where: { bookingId: recent.booking.id } })).toBe(1);
  });
});

afterAll(async () => {
  await db.$disconnect();
});
