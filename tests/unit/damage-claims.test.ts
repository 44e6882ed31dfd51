// Claims under a move's cover (docs/PRICING.md v3 "Claims"): the 7-day window on the UK calendar and
// the limits over several items and several claims on one move.
import { describe, expect, it } from "vitest";
import {
  claimMayMove,
  claimPaymentSplit,
  claimSettledPence,
  claimWindow,
  DRIVER_EXCESS_MAX_PENCE,
  itemLimitSentence,
  limitClaim,
  moveLimitLeft,
  offerLimitPence,
} from "~/domain/damage-claims";
import { coverLimits, coverView } from "~/domain/goods-cover";
import {
  adminClaimStepSchema,
  CLAIM_DECISION_MESSAGES,
  CLAIM_BOOKING_SEARCH_MAX,
  CLAIM_PAYMENT_MESSAGES,
  offerAnswerSchema,
  readClaimFilters,
} from "~/schemas/damage-claim";

const standard = coverLimits(null);
const extended = coverLimits(8000);

describe("the claim window: 7 days, the delivery's UK date being day 1", () => {
  it("is open on days 1 to 7 and closed on day 8", () => {
    const delivered = new Date("2027-03-03T15:00:00Z"); // Wednesday 3 March (GMT)
    expect(claimWindow(delivered, new Date("2027-03-03T16:00:00Z"))).toEqual({
      deliveredOn: "2027-03-03",
      lastDay: "2027-03-09",
      open: true,
    });
    expect(claimWindow(delivered, new Date("2027-03-09T23:59:00Z")).open).toBe(true);
    expect(claimWindow(delivered, new Date("2027-03-10T00:00:00Z")).open).toBe(false);
  });

  it("counts in UK dates across midnight in summer time (BST)", () => {
    // 23:30 UTC on 9 July is 00:30 on 10 July in the UK: day 1 is 10 July.
    const delivered = new Date("2027-07-09T23:30:00Z");
    expect(claimWindow(delivered, delivered)).toMatchObject({ deliveredOn: "2027-07-10", lastDay: "2027-07-16" });
    // 23:30 UTC on 16 July is already 17 July in the UK: closed.
    expect(claimWindow(delivered, new Date("2027-07-16T22:59:00Z")).open).toBe(true);
    expect(claimWindow(delivered, new Date("2027-07-16T23:30:00Z")).open).toBe(false);
  });

  it("spans the clocks going back and the end of a month", () => {
    const delivered = new Date("2027-10-28T10:00:00Z"); // BST ends on Sunday 31 October 2027
    expect(claimWindow(delivered, new Date("2027-11-03T23:00:00Z"))).toMatchObject({
      lastDay: "2027-11-03",
      open: true,
    });
    expect(claimWindow(delivered, new Date("2027-11-04T00:00:00Z")).open).toBe(false);
  });
});

describe("claim limits", () => {
  it("pays each item at most its limit: £100 standard, £2,500 extended", () => {
    const claim = limitClaim(
      [
        { description: "Lamp", amountPence: 4_000 },
        { description: "Sofa", amountPence: 90_000 },
      ],
      standard,
    );
    expect(claim.items.map((item) => item.payablePence)).toEqual([4_000, 10_000]);
    expect(claim.payablePence).toBe(14_000);
    expect(limitClaim([{ description: "Piano", amountPence: 300_000 }], extended).payablePence).toBe(250_000);
  });

  it("never lowers the move's limit below standard cover's: £8,000 declared still covers £20,000 (docs/PRICING.md v3.1)", () => {
    expect(extended.moveLimitPence).toBe(2_000_000);
    expect(coverLimits(30_000).moveLimitPence).toBe(3_000_000);
    expect(coverView(8000)).toMatchObject({
      name: "Extended cover (£8,000 declared)",
      limits: "Up to £2,500 an item and £20,000 for the move.",
    });
  });

  it("never pays more than what is left of the move's limit after earlier claims", () => {
    // £30,000 declared: £10,000 + £10,000 + £9,000 paid or offered before leaves £1,000.
    const declared = coverLimits(30_000);
    const earlier = [1_000_000, 1_000_000, 900_000];
    expect(moveLimitLeft(declared, earlier)).toBe(100_000);
    const claim = limitClaim(
      [
        { description: "Mirror", amountPence: 60_000 },
        { description: "Table", amountPence: 60_000 },
        { description: "Chair", amountPence: 10_000 },
      ],
      declared,
      earlier,
    );
    expect(claim.items.map((item) => item.payablePence)).toEqual([60_000, 40_000, 0]);
    expect(claim).toMatchObject({ payablePence: 100_000, moveLeftPence: 100_000 });
    // Once the limit is used up, nothing more is payable.
    expect(limitClaim([{ description: "Vase", amountPence: 5_000 }], declared, [3_000_000]).payablePence).toBe(0);
    expect(moveLimitLeft(standard, [2_000_000, 500])).toBe(0);
  });

  it("pays the smallest of the claim, the item's limit and the move's limit left", () => {
    const limited = (amountPence: number, earlier: number[]) =>
      limitClaim([{ description: "Item", amountPence }], standard, earlier).payablePence;
    expect(limited(5_000, [])).toBe(5_000); // the claim
    expect(limited(50_000, [])).toBe(10_000); // the item's limit
    expect(limited(50_000, [1_995_000])).toBe(5_000); // the move's limit left
  });

  it("says the item's limit before the claim is sent", () => {
    expect(itemLimitSentence(standard)).toBe("You can claim up to £100.00 for this item (standard cover).");
    expect(itemLimitSentence(extended)).toBe("You can claim up to £2,500.00 for this item (extended cover).");
  });
});

describe("what the customer reads is left of the move's limit", () => {
  it("counts only accepted and paid offers, not one still being decided", () => {
    const limits = coverLimits(8000);
    const claims = [
      { state: "offered", offeredPence: 8_400, payablePence: 12_000 },
      { state: "submitted", offeredPence: null, payablePence: 5_000 },
      { state: "declined", offeredPence: null, payablePence: 3_000 },
    ];
    expect(moveLimitLeft(limits, claims.map(claimSettledPence))).toBe(2_000_000);
    expect(moveLimitLeft(limits, [{ state: "accepted", offeredPence: 8_400 }].map(claimSettledPence))).toBe(1_991_600);
    expect(moveLimitLeft(limits, [{ state: "paid", offeredPence: 8_400 }].map(claimSettledPence))).toBe(1_991_600);
  });
});

describe("a claim's states, offers and payment", () => {
  it("moves only along the claim's steps", () => {
    expect(claimMayMove("submitted", "offered")).toBe(true);
    expect(claimMayMove("offered", "accepted")).toBe(true);
    expect(claimMayMove("offered", "under_review")).toBe(true); // a dispute
    expect(claimMayMove("accepted", "paid")).toBe(true);
    expect(claimMayMove("submitted", "paid")).toBe(false);
    expect(claimMayMove("paid", "offered")).toBe(false);
    expect(claimMayMove("declined", "accepted")).toBe(false);
  });

  it("offers at most what the claim may be paid and what is left of the move's limit", () => {
    expect(offerLimitPence(25_000, 100_000)).toBe(25_000);
    expect(offerLimitPence(25_000, 10_000)).toBe(10_000);
    expect(offerLimitPence(25_000, 0)).toBe(0);
  });

  it("pays back to the booking's payment up to what is left of it, the rest by bank transfer", () => {
    expect(claimPaymentSplit(3_000, 4_200)).toEqual({ refundPence: 3_000, bankPence: 0 });
    expect(claimPaymentSplit(25_000, 4_200)).toEqual({ refundPence: 4_200, bankPence: 20_800 });
    expect(claimPaymentSplit(25_000, 0)).toEqual({ refundPence: 0, bankPence: 25_000 });
    expect(DRIVER_EXCESS_MAX_PENCE).toBe(10_000);
  });
});

describe("an admin's step on a claim and the customer's answer (the schemas)", () => {
  const step = (fields: Record<string, string>) => adminClaimStepSchema.safeParse(fields);
  it("takes an offer as integer pence, and refuses what is not a positive amount", () => {
    expect(step({ intent: "offer", amount: "£1,234.5" })).toMatchObject({ success: true, data: { amount: 123_450 } });
    for (const amount of ["0", "12.345", "-5", "ten"])
      expect(step({ intent: "offer", amount }).error?.issues[0]?.message).toBe(CLAIM_DECISION_MESSAGES.amount);
  });
  it("charges an excess from £0.01 to £100, with a reason of 3 to 500 characters", () => {
    expect(step({ intent: "excess", excessAmount: "100", excessReason: " Not strapped in " })).toMatchObject({
      data: { excessAmount: DRIVER_EXCESS_MAX_PENCE, excessReason: "Not strapped in" },
    });
    const refused = step({ intent: "excess", excessAmount: "100.01", excessReason: "x".repeat(501) });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["excessAmount", CLAIM_PAYMENT_MESSAGES.excessAmount],
      ["excessReason", CLAIM_PAYMENT_MESSAGES.excessReason],
    ]);
  });
  it("needs a reason to decline or dispute, and knows no other step", () => {
    expect(step({ intent: "decline", reason: "  " }).success).toBe(false);
    expect(step({ intent: "pay" }).success).toBe(true);
    expect(step({ intent: "refund-all" }).success).toBe(false);
    expect(offerAnswerSchema.safeParse({ intent: "dispute", reason: "no" }).success).toBe(false);
    expect(offerAnswerSchema.safeParse({ intent: "accept" }).success).toBe(true);
  });
});

describe("the admin's claims list filters (readClaimFilters)", () => {
  it("keeps a known state and the booking typed, in capitals and trimmed", () => {
    expect(readClaimFilters(new URLSearchParams("state=waiting&booking=%20em-12ab%20"))).toEqual({
      state: "waiting",
      booking: "EM-12AB",
    });
  });

  it("reads an unknown or missing state as every claim, and keeps what fits of a long reference", () => {
    expect(readClaimFilters(new URLSearchParams("state=__proto__&booking=" + "x".repeat(200)))).toEqual({
      state: null,
      booking: "X".repeat(CLAIM_BOOKING_SEARCH_MAX),
    });
    expect(readClaimFilters(new URLSearchParams(""))).toEqual({ state: null, booking: "" });
  });
});
