// Damage claims, the customer's side, against a real PostgreSQL: the claim
// page for 7 days from delivery, each item limited before sending and when stored (earlier
// claims counted), photos through the proof of delivery's checked upload path, the proof's
// damage notes attached, a support ticket of the kind "claim", and the tracker and /bookings.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader as bookingsLoader } from "~/routes/_bookings+/bookings";
import * as claimPage from "~/routes/_bookings+/bookings_.$id.claim";
import { trackerSections } from "~/routes/_bookings+/tracker-sections.server";
import * as adminClaimPage from "~/routes/admin+/claims.$id";
import { CLAIM_DECISION_MESSAGES, CLAIM_MESSAGES, CLAIM_PAYMENT_MESSAGES } from "~/schemas/damage-claim-messages";
import { claimForAdmin, declineClaim, offerOnClaim } from "~/server/claims/claim-decisions.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl } from "~/server/platform/env.server";
import { readTextOutbox } from "~/server/platform/sms.server";
import { BASE, call, createAccount, getRequest, sessionCookie, unique } from "./auth-helpers";
import { deliverQueuedMessages, readOutbox } from "./messages";

const PHOTO = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#dc2626" } })
  .jpeg()
  .toBuffer();
const DAY = 86_400_000;

type Account = Awaited<ReturnType<typeof createAccount>>;

/** A completed move of this customer, delivered `daysAgo` days ago, with its proof of delivery. */
async function deliveredMove(customer: Account, { daysAgo = 1, declaredValue = null as number | null } = {}) {
  const id = unique();
  const completedAt = new Date(Date.now() - daysAgo * DAY);
  return db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      status: "completed",
      trackingStatus: "completed",
      completedAt,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: completedAt,
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
      declaredValue,
      deliveryProofs: { create: { recipientName: "Clara", damageNotes: "Mirror corner chipped" } },
    },
  });
}

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };
const photo = (name = "photos"): Part => ({ name, file: PHOTO, filename: "damage.jpg", type: "image/jpeg" });

function claimRequest(bookingId: string, parts: Part[], cookie: string) {
  const form = new FormData();
  for (const part of parts) {
    if ("file" in part)
      form.append(part.name, new File([new Uint8Array(part.file)], part.filename, { type: part.type }));
    else form.append(part.name, part.value);
  }
  return new Request(`${BASE}/bookings/${bookingId}/claim`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
}

const item = (index: number, description: string, amount: string): Part[] => [
  { name: `items[${index}].description`, value: description },
  { name: `items[${index}].amount`, value: amount },
];

const sendClaim = (bookingId: string, parts: Part[], cookie: string) =>
  call(claimPage.action, claimRequest(bookingId, parts, cookie), { id: bookingId });
const openPage = (bookingId: string, cookie: string) =>
  call(claimPage.loader, getRequest(`/bookings/${bookingId}/claim`, { cookie }), { id: bookingId });

async function customer() {
  const user = await createAccount({ role: "customer" });
  return { user, cookie: (await sessionCookie(user)).split(";")[0]! };
}

describe("the claim page", () => {
  it("offers the form for 7 days from delivery, with the cover's item limit said before sending", async () => {
    const { user, cookie } = await customer();
    const booking = await deliveredMove(user);
    const page = await openPage(booking.id, cookie);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      open: true,
      closedBecause: null,
      itemLimit: "You can claim up to £100.00 for this item (standard cover).",
      moveLeft: "£20,000.00",
      damageNotes: ["Mirror corner chipped"],
      cover: { extended: false },
    });
  });

  it("after the 7 days: no form, and the page says why", async () => {
    const { user, cookie } = await customer();
    const booking = await deliveredMove(user, { daysAgo: 8 });
    const page = await openPage(booking.id, cookie);
    expect(page.body.open).toBe(false);
    expect(page.body.closedBecause).toMatch(
      /^Claims for this move closed at the end of .+: a claim is made within 7 days/,
    );
    const refused = await sendClaim(booking.id, [...item(0, "Mirror, chipped", "80"), photo()], cookie);
    expect(refused.status).toBe(409);
    expect(await db.damageClaim.count({ where: { bookingId: booking.id } })).toBe(0);
    // The tracker offers no claims card for a move with no claims once claims are closed.
    expect((await trackerSections({ booking: { ...booking, driver: null }, viewer: "customer" })).claims).toBeNull();
  });

  it("is the booking's customer's only", async () => {
    const { user } = await customer();
    const booking = await deliveredMove(user);
    const stranger = await customer();
    const other = await openPage(booking.id, stranger.cookie);
    expect(other.status).toBe(404);
    const driver = await createAccount({ role: "driver" });
    expect((await openPage(booking.id, (await sessionCookie(driver)).split(";")[0]!)).status).toBe(404);
  });
});

describe("making a claim", () => {
  it("stores the items limited, the photos and proof of value, a claim ticket, and tells the customer and support", async () => {
    const { user, cookie } = await customer();
    const booking = await deliveredMove(user, { declaredValue: 3000 });
    // The thank-you discount is offered on the tracker until the customer complains about the move.
    expect(
      (await trackerSections({ booking: { ...booking, driver: null }, viewer: "customer" })).discount,
    ).not.toBeNull();
    const sent = await sendClaim(
      booking.id,
      [
        ...item(0, "Piano, leg snapped", "£3,200"),
        ...item(1, "Mirror, corner chipped", "120.50"),
        ...item(2, "", ""), // a row left empty is not an item
        photo(),
        photo(),
        photo("proofOfValue"),
        { name: "details", value: "The piano was dropped at the door." },
      ],
      cookie,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(new RegExp(`^/booking-tracker.*${booking.id}.*#claims$`));

    const claim = await db.damageClaim.findFirstOrThrow({
      where: { bookingId: booking.id },
      include: { items: { orderBy: { position: "asc" } }, files: true, ticket: true },
    });
    // £3,000 declared: the piano is limited to £2,500 (the item's limit); the mirror's £120.50 fits the £500 left.
    expect(claim).toMatchObject({
      state: "submitted",
      declaredValue: 3000,
      claimedPence: 332_050,
      payablePence: 262_050,
      customerId: user.id,
    });
    expect(claim.items.map((row) => [row.description, row.amountPence, row.payablePence])).toEqual([
      ["Piano, leg snapped", 320_000, 250_000],
      ["Mirror, corner chipped", 12_050, 12_050],
    ]);
    expect(claim.files.map((file) => file.kind).sort()).toEqual(["photo", "photo", "proof_of_value"]);
    expect(claim.deliveryProofId).not.toBeNull();
    expect(claim.ticket).toMatchObject({ kind: "claim", bookingId: booking.id, userId: user.id });
    expect(claim.ticket.message).toContain("Piano, leg snapped: £3,200.00 claimed, up to £2,500.00 payable");
    expect(claim.ticket.message).toContain("The piano was dropped at the door.");
    const messages = await db.message.findMany({ where: { bookingId: booking.id }, select: { kind: true } });
    expect(messages.map((message) => message.kind).sort()).toEqual([
      "help-request-to-support",
      "support-acknowledgement",
    ]);
    expect(
      await db.auditLog.count({ where: { targetType: "DamageClaim", targetId: claim.id, action: "claim.submit" } }),
    ).toBe(1);

    // The tracker and /bookings show it; the page lists it with its state.
    const extras = await trackerSections({ booking: { ...booking, driver: null }, viewer: "customer" });
    expect(extras.claims).toMatchObject({ canClaim: true, list: [{ stateText: "Submitted", claimed: "£3,320.50" }] });
    expect(extras.claims?.windowText).toMatch(
      /^Claims for this move close at the end of \d+ \w+ \d{4} \(7 days from delivery/,
    );
    // No discount beside a claim, nor right after it is sent.
    expect(extras.discount).toBeNull();
    const bookings = await call(bookingsLoader, getRequest("/bookings", { cookie }));
    expect(bookings.body.bookings[0]).toMatchObject({ id: booking.id, claimable: true, hasClaims: true });
    expect((await openPage(booking.id, cookie)).body.claims).toHaveLength(1);
  });

  it("counts earlier claims against the move's limit; the page counts only accepted or paid offers as used", async () => {
    const { user, cookie } = await customer();
    const booking = await deliveredMove(user); // standard: £100 an item, £20,000 a move
    await sendClaim(booking.id, [...item(0, "Lamp, shade torn", "40"), photo()], cookie);
    const second = await sendClaim(booking.id, [...item(0, "Sofa, ripped", "900"), photo()], cookie);
    expect(second.status).toBe(302);
    const claims = await db.damageClaim.findMany({ where: { bookingId: booking.id }, orderBy: { createdAt: "asc" } });
    expect(claims.map((claim) => claim.payablePence)).toEqual([4_000, 10_000]);
    expect((await openPage(booking.id, cookie)).body.moveLeft).toBe("£20,000.00");
    await db.damageClaim.update({ where: { id: claims[0]!.id }, data: { state: "offered", offeredPence: 3_000 } });
    expect((await openPage(booking.id, cookie)).body.moveLeft).toBe("£20,000.00");
    await db.damageClaim.update({ where: { id: claims[0]!.id }, data: { state: "accepted" } });
    expect((await openPage(booking.id, cookie)).body.moveLeft).toBe("£19,970.00");
  });

  it("refuses missing items, bad amounts and no photos on their fields, with everything typed given back", async () => {
    const { user, cookie } = await customer();
    const booking = await deliveredMove(user);
    const refused = await sendClaim(
      booking.id,
      [...item(0, "Table", "lots"), ...item(1, "", "25"), { name: "details", value: "Dropped" }],
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      "items[0].amount": [CLAIM_MESSAGES.amount],
      "items[1].description": [CLAIM_MESSAGES.description],
      photos: [CLAIM_MESSAGES.photos],
    });
    expect(refused.body.fields).toEqual({
      details: "Dropped",
      items: [
        { description: "Table", amount: "lots" },
        { description: "", amount: "25" },
      ],
    });
    const none = await sendClaim(booking.id, [photo()], cookie);
    expect(none.body.errors.items).toEqual([CLAIM_MESSAGES.noItems]);
    // A file that is not an image is refused by its content, and nothing is stored.
    const fake = await sendClaim(
      booking.id,
      [
        ...item(0, "Vase, broken", "30"),
        { name: "photos", file: Buffer.from("not an image"), filename: "x.jpg", type: "image/jpeg" },
      ],
      cookie,
    );
    expect(fake.status).toBe(400);
    expect(fake.body.errors.photos).toEqual(["Each photo must be a JPEG, PNG or WebP image."]);
    expect(await db.damageClaim.count({ where: { bookingId: booking.id } })).toBe(0);
  });

  it("shares the move's limit between two claims sent at the same moment", async () => {
    const { user, cookie } = await customer();
    // £500 declared: the move's limit is standard cover's £20,000 (buying cover never lowers it).
    const booking = await deliveredMove(user, { declaredValue: 500 });
    const sixItems = Array.from({ length: 6 }, (_, index) => item(index, `Cabinet ${index + 1}, split`, "2500")).flat();
    const results = await Promise.all([0, 1].map(() => sendClaim(booking.id, [...sixItems, photo()], cookie)));
    expect(results.map((result) => result.status)).toEqual([302, 302]);
    const claims = await db.damageClaim.findMany({ where: { bookingId: booking.id } });
    // £15,000 each, of £20,000 in all: the second gets what is left.
    expect(claims.map((claim) => claim.payablePence).sort((a, b) => a - b)).toEqual([500_000, 1_500_000]);
  });
});

describe("deciding a claim", () => {
  async function submittedClaim(declaredValue: number | null = null) {
    const who = await customer();
    const booking = await deliveredMove(who.user, { declaredValue });
    const sent = await sendClaim(booking.id, [...item(0, "Sofa, arm broken", "90"), photo()], who.cookie);
    expect(sent.status).toBe(302);
    const claim = await db.damageClaim.findFirstOrThrow({ where: { bookingId: booking.id } });
    return { ...who, booking, claim };
  }
  const admin = () => createAccount({ role: "admin" });
  const answer = (bookingId: string, cookie: string, fields: Record<string, string>) =>
    call(
      claimPage.action,
      new Request(`${BASE}/bookings/${bookingId}/claim`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      { id: bookingId },
    );

  const adminStep = (claimId: string, cookie: string, fields: Record<string, string>) =>
    call(
      adminClaimPage.action,
      new Request(`${BASE}/admin/claims/${claimId}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      { id: claimId },
    );

  it("an offer within the limits: once, however many admins send it at once; the customer is told", async () => {
    const { claim, booking } = await submittedClaim();
    // A customer with a mobile is texted the news too.
    const phone = `+447400${String(100_000 + Math.floor(Math.random() * 899_999))}`;
    await db.booking.update({ where: { id: booking.id }, data: { customerPhone: phone } });
    const [first, second] = [await admin(), await admin()];
    const over = await offerOnClaim(first.id, claim.id, 9_500);
    expect(over).toEqual({ ok: false, status: 400, field: "amount", message: expect.stringContaining("up to £90.00") });
    const results = await Promise.all([
      offerOnClaim(first.id, claim.id, 8_000),
      offerOnClaim(second.id, claim.id, 8_500),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
    const offered = await db.damageClaim.findUniqueOrThrow({
      where: { id: claim.id },
      include: { ticket: { include: { replies: true } } },
    });
    expect(offered.state).toBe("offered");
    expect([8_000, 8_500]).toContain(offered.offeredPence);
    expect(offered.ticket.status).toBe("waiting_on_customer");
    expect(offered.ticket.replies).toHaveLength(1);
    expect(offered.ticket.replies[0]!.body).toMatch(/^We offer £8[05]\.00 for your claim/);
    expect(await db.message.count({ where: { bookingId: booking.id, kind: "support-answer" } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetId: claim.id, action: "claim.offer" } })).toBe(1);
    // The e-mail says what it is about.
    const mails = await readOutbox(booking.customerEmail!);
    const title = `Our offer for your claim on ${booking.reference}: £${(offered.offeredPence! / 100).toFixed(2)}`;
    expect(mails.map((mail) => mail.subject)).toContain(title);
    expect(
      await db.message.count({ where: { bookingId: booking.id, kind: "text-claim-news", recipient: phone } }),
    ).toBe(1);
    await deliverQueuedMessages();
    const [text] = await readTextOutbox(phone);
    expect(text?.body).toBe(`EasyMove: ${title}. See it and answer: ${absoluteUrl(`/bookings/${booking.id}/claim`)}`);
  });

  it("the customer accepts once, however often the button is pressed; a stranger cannot", async () => {
    const { claim, booking, cookie } = await submittedClaim();
    expect((await offerOnClaim((await admin()).id, claim.id, 6_000)).ok).toBe(true);
    const stranger = await customer();
    expect((await answer(booking.id, stranger.cookie, { intent: "accept", claimId: claim.id })).status).toBe(404);
    const presses = await Promise.all([
      answer(booking.id, cookie, { intent: "accept", claimId: claim.id }),
      answer(booking.id, cookie, { intent: "accept", claimId: claim.id }),
    ]);
    expect(presses.map((press) => press.status).sort()).toEqual([302, 409]);
    expect(await db.damageClaim.findUniqueOrThrow({ where: { id: claim.id } })).toMatchObject({
      state: "accepted",
      offeredPence: 6_000,
    });
    expect(await db.auditLog.count({ where: { targetId: claim.id, action: "claim.accept" } })).toBe(1);
    expect((await openPage(booking.id, cookie)).body.claims[0]).toMatchObject({
      stateText: "Accepted",
      offered: "£60.00",
    });
  });

  it("a dispute reopens the ticket and the claim is reviewed again", async () => {
    const { claim, booking, cookie } = await submittedClaim();
    const reviewer = await admin();
    await offerOnClaim(reviewer.id, claim.id, 2_000);
    const short = await answer(booking.id, cookie, { intent: "dispute", claimId: claim.id, reason: "" });
    expect(short.status).toBe(400);
    expect(short.body.errors.reason).toEqual([expect.stringContaining("why you disagree")]);
    const disputed = await answer(booking.id, cookie, {
      intent: "dispute",
      claimId: claim.id,
      reason: "The sofa cost £600 last year.",
    });
    expect(disputed.status).toBe(302);
    const after = await db.damageClaim.findUniqueOrThrow({ where: { id: claim.id }, include: { ticket: true } });
    expect(after).toMatchObject({ state: "under_review", disputeReason: "The sofa cost £600 last year." });
    expect(after.ticket.status).toBe("open");
    expect((await offerOnClaim(reviewer.id, claim.id, 9_000)).ok).toBe(true);
  });

  it("a refusal with its reason, shown to the customer; a declined claim is settled", async () => {
    const { claim, booking, cookie } = await submittedClaim();
    const reviewer = await admin();
    // The admin's forms are checked by their schema: a reason too short, an amount that is not one,
    // a form the page does not have; each answered on its field with what was typed.
    const adminCookie = (await sessionCookie(reviewer)).split(";")[0]!;
    const noReason = await adminStep(claim.id, adminCookie, { intent: "decline", reason: " a " });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({
      errors: { reason: [CLAIM_DECISION_MESSAGES.reason] },
      typed: { reason: " a " },
    });
    const notAmount = await adminStep(claim.id, adminCookie, { intent: "offer", amount: "£12.345" });
    expect(notAmount.body.errors).toEqual({ amount: [CLAIM_DECISION_MESSAGES.amount] });
    const noExcess = await adminStep(claim.id, adminCookie, {
      intent: "excess",
      excessAmount: "100.01",
      excessReason: "x",
    });
    expect(noExcess.body.errors).toEqual({
      excessAmount: [CLAIM_PAYMENT_MESSAGES.excessAmount],
      excessReason: [CLAIM_PAYMENT_MESSAGES.excessReason],
    });
    expect((await adminStep(claim.id, adminCookie, { intent: "refund-all" })).body.errors).toEqual({
      "": [CLAIM_DECISION_MESSAGES.unknownStep],
    });
    expect((await db.damageClaim.findUniqueOrThrow({ where: { id: claim.id } })).state).toBe("submitted");
    expect(
      (await declineClaim(reviewer.id, claim.id, "The damage is shown on the inventory before the move.")).ok,
    ).toBe(true);
    const page = await openPage(booking.id, cookie);
    expect(page.body.claims[0]).toMatchObject({
      stateText: "Declined",
      declineReason: "The damage is shown on the inventory before the move.",
    });
    expect(await offerOnClaim(reviewer.id, claim.id, 1_000)).toMatchObject({ ok: false, status: 409 });
    // A declined claim no longer counts against the move's limit.
    expect(page.body.moveLeft).toBe("£20,000.00");
  });

  it("the admin's page shows what may be offered, within what is left of the move's limit", async () => {
    const { claim } = await submittedClaim(500); // a £500 limit
    const view = await claimForAdmin(claim.id);
    expect(view).toMatchObject({ payable: "£90.00", offerLimit: "£90.00", mayOffer: true, mayDecline: true });
    expect(view!.files).toEqual([{ href: expect.stringMatching(/^\/claim-file\//), label: "Photo 1" }]);
  });
});
