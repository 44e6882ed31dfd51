// The admins' way to claims against a real PostgreSQL: /admin/claims filtered by state and by
// booking (age, claimed against offered), the menu's count of claims waiting for a decision, and
// a booking's admin page linking its claims. Admins only.
import { describe, expect, it } from "vitest";
import * as layout from "~/routes/admin+/_layout";
import * as bookingPage from "~/routes/admin+/bookings.$id";
import * as claimsList from "~/routes/admin+/claims._index";
import { claimsWaitingCount } from "~/server/claims/claims-list.server";
import { db } from "~/server/platform/db.server";
import { call, createAccount, getRequest, sessionCookie, unique } from "./auth-helpers";

const HOUR = 3_600_000;

/** A delivered move of a new customer with one claim in each given state, the first the oldest. */
async function moveWithClaims(states: ("submitted" | "under_review" | "offered" | "accepted" | "paid" | "declined")[]) {
  const customer = await createAccount({ role: "customer" });
  const id = unique();
  const booking = await db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      status: "completed",
      completedAt: new Date(Date.now() - 2 * 24 * HOUR),
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: "Clara Claim",
      customerEmail: customer.email,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      originalPrice: 4200,
      finalPrice: 4200,
    },
  });
  const claims = [];
  for (const [index, state] of states.entries()) {
    const ticket = await db.supportRequest.create({
      data: { bookingId: booking.id, userId: customer.id, kind: "claim", message: "Damage" },
    });
    claims.push(
      await db.damageClaim.create({
        data: {
          bookingId: booking.id,
          customerId: customer.id,
          ticketId: ticket.id,
          state,
          claimedPence: 12_000,
          payablePence: 10_000,
          offeredPence: ["offered", "accepted", "paid"].includes(state) ? 8_400 : null,
          createdAt: new Date(Date.now() - (states.length - index) * 26 * HOUR),
        },
      }),
    );
  }
  return { booking, claims };
}

async function adminCookie() {
  return sessionCookie(await createAccount({ role: "admin" }));
}

const list = async (query: string, cookie: string) =>
  call(claimsList.loader, getRequest(`/admin/claims${query}`, { cookie }));

describe("/admin/claims", () => {
  it("lists a booking's claims with their state, age, and what was claimed against what was offered", async () => {
    const { booking } = await moveWithClaims(["submitted", "offered"]);
    const cookie = await adminCookie();
    const page = await list(`?booking=${booking.reference}`, cookie);
    expect(page.status).toBe(200);
    expect(
      page.body.claims.map((row: { stateText: string; claimed: string; offered: string | null; age: string }) => [
        row.stateText,
        row.claimed,
        row.offered,
        row.age,
      ]),
    ).toEqual([
      ["Offer made", "£120.00", "£84.00", "1 day"],
      ["Submitted", "£120.00", null, "2 days"],
    ]);
    expect(page.body.claims[0]).toMatchObject({ booking: { id: booking.id, reference: booking.reference } });
    // Part of a reference, in any case, finds it too.
    expect((await list(`?booking=${booking.reference.slice(-6).toLowerCase()}`, cookie)).body.claims).toHaveLength(2);
  });

  it("filters by state: submitted, offer made, accepted, paid, disputed, declined, and those waiting for a decision", async () => {
    const { booking } = await moveWithClaims(["submitted", "under_review", "offered", "accepted", "paid", "declined"]);
    const cookie = await adminCookie();
    const states = async (state: string) =>
      (await list(`?state=${state}&booking=${booking.reference}`, cookie)).body.claims.map(
        (row: { stateText: string }) => row.stateText,
      );
    expect(await states("submitted")).toEqual(["Submitted"]);
    expect(await states("offered")).toEqual(["Offer made"]);
    expect(await states("accepted")).toEqual(["Accepted"]);
    expect(await states("paid")).toEqual(["Paid"]);
    expect(await states("disputed")).toEqual(["Under review"]);
    expect(await states("declined")).toEqual(["Declined"]);
    // The queue: oldest first.
    expect(await states("waiting")).toEqual(["Submitted", "Under review"]);
    // An unknown state is no filter, not an error.
    expect(await states("lost")).toHaveLength(6);
    expect((await list("?booking=EM-NOSUCH", cookie)).body.claims).toEqual([]);
  });

  it("is for admins only", async () => {
    const customer = await createAccount({ role: "customer" });
    const asCustomer = await list("", await sessionCookie(customer));
    expect(asCustomer.status).toBe(302);
    expect((await list("", "")).status).toBe(302);
  });
});

describe("the admin menu and a booking's page", () => {
  it("counts the claims waiting for a decision, and the booking's page links its claims", async () => {
    const before = await claimsWaitingCount();
    const { booking, claims } = await moveWithClaims(["submitted", "under_review", "paid"]);
    expect((await claimsWaitingCount()) - before).toBeGreaterThanOrEqual(2);
    const cookie = await adminCookie();
    const menu = await call(layout.loader, getRequest("/admin/claims", { cookie }));
    expect(menu.body.claimsWaiting).toBeGreaterThanOrEqual(2);

    const details = await call(bookingPage.loader, getRequest(`/admin/bookings/${booking.id}`, { cookie }), {
      id: booking.id,
    });
    expect(details.body.claims.map((claim: { href: string }) => claim.href).sort()).toEqual(
      claims.map((claim) => `/admin/claims/${claim.id}`).sort(),
    );
  });
});
