// Rating the driver: the driver's rating is the average of their ratings, one per
// completed booking, given only by the booking's customer; a second rating, or two at once,
// make one; the admin pages and the tracker read the average.
import { beforeAll, describe, expect, it } from "vitest";
import * as ratePage from "~/routes/_bookings+/bookings_.$id.rate";
import { trackerSections } from "~/routes/_bookings+/tracker-sections.server";
import { RATING_MESSAGES } from "~/schemas/rating";
import { listDrivers } from "~/server/admin/drivers.server";
import { rateDriver, ratingFor } from "~/server/bookings/ratings.server";
import { findTrackedBooking, trackerView } from "~/server/bookings/tracking.server";
import { db } from "~/server/platform/db.server";
import { takeToasts } from "~/server/platform/toast.server";
import { call, createAccount, flashedToasts, formRequest, getRequest, sessionCookie } from "./auth-helpers";
import { createApprovedDriver, createBooking, requestWithCookie } from "./factories";

type Account = Awaited<ReturnType<typeof createAccount>>;
type Status = "pending" | "assigned" | "in_progress" | "completed" | "cancelled";

let customer: Account;
let customerCookie: string;

beforeAll(async () => {
  customer = await createAccount();
  customerCookie = await sessionCookie(customer);
});

async function bookingOf(owner: { id: string }, driverId: string | null, status: Status = "completed") {
  const booking = await createBooking(status);
  return db.booking.update({ where: { id: booking.id }, data: { customerId: owner.id, driverId } });
}

const rate = (
  bookingId: string,
  fields: Record<string, string>,
  cookie: string | null = customerCookie,
  { enhanced = false } = {},
) => call(ratePage.action, formRequest(`/bookings/${bookingId}/rate`, fields, { cookie, enhanced }), { id: bookingId });

const figures = (driverId: string) =>
  db.driver.findUniqueOrThrow({ where: { id: driverId }, select: { ratingTenths: true, ratingCount: true } });

describe("the driver's rating", () => {
  it("is the average of the stars over their completed bookings (5, 4, 4 → 4.3), shown by the admin list and the tracker", async () => {
    const driver = await createApprovedDriver();
    const bookings = [
      await bookingOf(customer, driver.id),
      await bookingOf(customer, driver.id),
      await bookingOf(customer, driver.id),
    ];
    expect(await figures(driver.id)).toEqual({ ratingTenths: null, ratingCount: 0 });

    for (const [booking, stars] of [
      [bookings[0]!, "5"],
      [bookings[1]!, "4"],
      [bookings[2]!, "4"],
    ] as const) {
      const answer = await rate(booking.id, { stars, comment: "Careful and on time" });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/booking-tracker?booking=${booking.id}`);
      const { toasts } = await takeToasts(requestWithCookie("http://localhost/", answer.headers.get("set-cookie")));
      expect(toasts.map((toast) => toast.title)).toEqual([RATING_MESSAGES.thanks]);
    }
    expect(await figures(driver.id)).toEqual({ ratingTenths: 43, ratingCount: 3 });
    expect(await ratingFor(bookings[0]!.id)).toMatchObject({ stars: 5, comment: "Careful and on time" });

    const { drivers } = await listDrivers({ page: 1, take: 200 });
    expect(drivers.find((row) => row.id === driver.id)?.rating).toBe("4.3");
    const found = await findTrackedBooking(bookings[0]!.id, { ...customer, role: "customer" });
    const view = await trackerView(found!.booking, found!.viewer);
    expect(JSON.stringify(view)).toContain("4.3");
  });

  it("rounds the average to one decimal (5, 5, 4 → 4.7) and only counts this driver's ratings", async () => {
    const driver = await createApprovedDriver();
    const other = await createApprovedDriver();
    for (const stars of [5, 5, 4]) {
      const result = await rateDriver({ bookingId: (await bookingOf(customer, driver.id)).id, user: customer, stars });
      expect(result.ok).toBe(true);
    }
    await rateDriver({ bookingId: (await bookingOf(customer, other.id)).id, user: customer, stars: 1 });
    expect(await figures(driver.id)).toEqual({ ratingTenths: 47, ratingCount: 3 });
    expect(await figures(other.id)).toEqual({ ratingTenths: 10, ratingCount: 1 });
  });

  it("answers a fetcher with data and flashes the toast, and the tracker's extras then hold the rating", async () => {
    const driver = await createApprovedDriver();
    const booking = await bookingOf(customer, driver.id);
    const found = await findTrackedBooking(booking.id, { ...customer, role: "customer" });
    expect(await trackerSections(found!)).toMatchObject({ canRate: true, rating: null });

    const answer = await rate(booking.id, { stars: "3" }, customerCookie, { enhanced: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "success" });
    expect(await flashedToasts(answer)).toMatchObject([{ title: RATING_MESSAGES.thanks }]);
    expect(await trackerSections(found!)).toMatchObject({ canRate: true, rating: { stars: 3, comment: null } });
  });
});

describe("once per booking", () => {
  it("refuses a second rating with a clear message and leaves the average alone", async () => {
    const driver = await createApprovedDriver();
    const booking = await bookingOf(customer, driver.id);
    expect((await rate(booking.id, { stars: "5" })).status).toBe(303);

    const again = await rate(booking.id, { stars: "1", comment: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.error[""]).toEqual([RATING_MESSAGES.alreadyRated]);
    expect(again.body.initialValue).toMatchObject({ stars: "1", comment: "Changed my mind" });
    expect(await figures(driver.id)).toEqual({ ratingTenths: 50, ratingCount: 1 });
    expect(await ratingFor(booking.id)).toMatchObject({ stars: 5 });

    // The page then shows the rating given, not the form.
    const page = await call(ratePage.loader, getRequest(`/bookings/${booking.id}/rate`, { cookie: customerCookie }), {
      id: booking.id,
    });
    expect(page.body.booking).toMatchObject({ rating: { stars: 5 }, refusal: RATING_MESSAGES.alreadyRated });
  });

  it("makes one rating of two posted at once", async () => {
    const driver = await createApprovedDriver();
    const booking = await bookingOf(customer, driver.id);
    const answers = await Promise.all([
      rate(booking.id, { stars: "5" }),
      rate(booking.id, { stars: "2" }),
      rate(booking.id, { stars: "4" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409]);
    expect(await db.driverRating.count({ where: { bookingId: booking.id } })).toBe(1);
    const { stars } = (await ratingFor(booking.id))!;
    expect(await figures(driver.id)).toEqual({ ratingTenths: stars * 10, ratingCount: 1 });
  });

  it("counts ratings of two bookings of one driver given at once", async () => {
    const driver = await createApprovedDriver();
    const [first, second] = [await bookingOf(customer, driver.id), await bookingOf(customer, driver.id)];
    await Promise.all([
      rateDriver({ bookingId: first.id, user: customer, stars: 5 }),
      rateDriver({ bookingId: second.id, user: customer, stars: 2 }),
    ]);
    expect(await figures(driver.id)).toEqual({ ratingTenths: 35, ratingCount: 2 });
  });
});

describe("who may rate, and when", () => {
  it.each(["pending", "assigned", "in_progress", "cancelled"] as const)(
    "refuses a %s booking (409, nothing saved)",
    async (status) => {
      const driver = await createApprovedDriver();
      const booking = await bookingOf(customer, driver.id, status);
      const answer = await rate(booking.id, { stars: "5" });
      expect(answer.status).toBe(409);
      expect(answer.body.error[""]).toEqual([RATING_MESSAGES.notCompleted]);
      expect(await db.driverRating.count({ where: { bookingId: booking.id } })).toBe(0);
    },
  );

  it("refuses a completed booking without a driver", async () => {
    const booking = await bookingOf(customer, null);
    const answer = await rate(booking.id, { stars: "5" });
    expect(answer.status).toBe(409);
    expect(answer.body.error[""]).toEqual([RATING_MESSAGES.noDriver]);
  });

  it("is the booking's customer's alone: another customer, the driver and an admin get 404, a visitor the sign-in page", async () => {
    const driverAccount = await createAccount({ role: "driver" });
    const driver = await createApprovedDriver();
    await db.driver.update({ where: { id: driver.id }, data: { userId: driverAccount.id } });
    const booking = await bookingOf(customer, driver.id);
    const others = [await createAccount(), driverAccount, await createAccount({ role: "admin" })];

    for (const other of others) {
      const cookie = await sessionCookie(other);
      const posted = await rate(booking.id, { stars: "1" }, cookie);
      expect(posted).toMatchObject({ status: 404, thrown: true });
      const page = await call(ratePage.loader, getRequest(`/bookings/${booking.id}/rate`, { cookie }), {
        id: booking.id,
      });
      expect(page).toMatchObject({ status: 404, thrown: true });
      expect((await rateDriver({ bookingId: booking.id, user: other, stars: 1 })).ok).toBe(false);
    }
    const anonymous = await rate(booking.id, { stars: "1" }, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/signin\?redirectTo=/);
    expect(await db.driverRating.count({ where: { bookingId: booking.id } })).toBe(0);
    expect(await figures(driver.id)).toEqual({ ratingTenths: null, ratingCount: 0 });
  });

  it("answers an unknown or malformed booking id with 404", async () => {
    expect(await rate("no-such-booking", { stars: "5" })).toMatchObject({ status: 404, thrown: true });
    expect(await rate("bad id!", { stars: "5" })).toMatchObject({ status: 404, thrown: true });
  });
});

describe("bad input", () => {
  it.each([[{}], [{ stars: "0" }], [{ stars: "6" }], [{ stars: "3.5" }], [{ stars: "lots" }]])(
    "refuses %j with 400, the message and the comment kept",
    async (fields) => {
      const driver = await createApprovedDriver();
      const booking = await bookingOf(customer, driver.id);
      const answer = await rate(booking.id, { ...(fields as Record<string, string>), comment: "Kept as typed" });
      expect(answer.status).toBe(400);
      expect(answer.body.error.stars).toEqual([RATING_MESSAGES.starsRequired]);
      expect(answer.body.initialValue.comment).toBe("Kept as typed");
      expect(await db.driverRating.count({ where: { bookingId: booking.id } })).toBe(0);
    },
  );

  it("refuses an over-long comment with 400", async () => {
    const driver = await createApprovedDriver();
    const booking = await bookingOf(customer, driver.id);
    const answer = await rate(booking.id, { stars: "4", comment: "x".repeat(501) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.comment).toEqual([RATING_MESSAGES.commentTooLong]);
  });
});
