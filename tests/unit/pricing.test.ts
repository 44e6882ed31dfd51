import { describe, expect, it } from "vitest";
import { pct } from "../../app/domain/money";
import {
  FUEL_AND_RETURN_NOTE,
  PRICING_CONFIG,
  PricingInputError,
  applyDiscount,
  breakdownText,
  calculatePrice,
  customerBreakdown,
  distanceChargeFor,
  toApiQuote,
  withCover,
  coverCostPence,
  type FloorAccess,
  type MoveStop,
  type PriceInput,
  type PriceResult,
  type Urgency,
} from "../../app/domain/pricing";
import type { VanSize } from "../../app/domain/vans";

// A plain weekday morning outside the congestion zone, so only the rule under test moves the price.
const WEEKDAY = "2027-03-03"; // Wednesday
const base: PriceInput = { distanceMiles: 12, moveDate: WEEKDAY };
const price = (over: Partial<PriceInput>) => calculatePrice({ ...base, ...over });

const caseA: PriceInput = {
  distanceMiles: 12,
  vanSize: "medium",
  helpers: 1,
  floorAccessPickup: "firstFloor",
  liftAvailablePickup: false,
  floorAccessDelivery: "ground",
  urgency: "standard",
  moveDate: "2027-03-03",
  moveTime: "09:00",
  pickupAddress: "Chelmsford CM1 1AA",
  deliveryAddress: "Witham CM8 2AB",
};

const caseB: PriceInput = {
  distanceMiles: 2,
  vanSize: "small",
  helpers: 0,
  floorAccessPickup: "ground",
  floorAccessDelivery: "ground",
  urgency: "standard",
  moveDate: "2027-03-04",
  pickupAddress: "Newcastle upon Tyne NE1 4ST",
  deliveryAddress: "Jesmond, Newcastle NE2 1AA",
};

describe("worked example A (docs/PRICING.md)", () => {
  const r = calculatePrice(caseA);

  it("matches every amount to the penny", () => {
    expect(r).toMatchObject({
      distance: 12,
      vanSize: "medium",
      helpers: 1,
      baseFare: 1500,
      distanceCharge: 2400,
      transportCharge: 4290,
      vanSizeCharge: 390,
      helpersFee: 5000,
      floorAccessFee: 1000,
      congestionCharge: 0,
      base: 10290,
      urgencySurcharge: 0,
      peakTimeSurcharge: 0,
      minimumChargeAdjustment: 0,
      subTotal: 10290,
      netAmount: 10290,
      platformFee: 2573,
      driverShare: 7717,
      vatAmount: 515,
      totalWithVAT: 10805,
      totalPrice: 10805,
      finalPrice: 10805,
      originalPrice: 10805,
      timeCharge: 0,
      fuelCost: 0,
      returnJourneyCost: 0,
      includesVAT: true,
      currency: "GBP",
      priceString: "£108.05",
      vanSizeMultiplier: 1.1,
      estimatedHours: 2,
      estimatedTime: "2 hours",
    });
  });

  it("has the breakdown lines of the rulebook", () => {
    expect(r.breakdown).toEqual([
      "Base fare: £15.00",
      "Distance (12 miles): £24.00",
      "Van size (medium ×1.1): £3.90",
      "Helpers (1 × 2h at £25/h): £50.00",
      "Floor access: £10.00",
      "Platform Payment (VAT + Platform fee): £30.88",
      "Driver payment: £77.17",
      "Total: £108.05",
    ]);
    expect(r.breakdownLines.map((l) => [l.key, l.amountPence])).toEqual([
      ["baseFare", 1500],
      ["distance", 2400],
      ["vanSize", 390],
      ["helpers", 5000],
      ["floorAccess", 1000],
      ["platformPayment", 3088],
      ["driverPayment", 7717],
      ["total", 10805],
    ]);
  });

  it("explains that fuel and return travel are inside the distance charge", () => {
    expect(r.explanation).toMatch(/Fuel and the van's return journey are included/);
    expect(r.explanation).toMatch(/floor access fee of £10\.00/);
    expect(r.explanation).not.toMatch(/upgraded/);
  });

  it("converts to the API shape in pounds", () => {
    expect(toApiQuote(r)).toMatchObject({
      totalPrice: 108.05,
      originalPrice: 108.05,
      finalPrice: 108.05,
      totalWithVAT: 108.05,
      subTotal: 102.9,
      netAmount: 102.9,
      vatAmount: 5.15,
      platformFee: 25.73,
      driverShare: 77.17,
      distanceCharge: 24,
      helpersFee: 50,
      floorAccessFee: 10,
      congestionCharge: 0,
      urgencySurcharge: 0,
      peakTimeSurcharge: 0,
      timeCharge: 0,
      fuelCost: 0,
      returnJourneyCost: 0,
      vanSizeMultiplier: 1.1,
      includesVAT: true,
      currency: "GBP",
      priceString: "£108.05",
      distance: 12,
      estimatedTime: "2 hours",
      vanSize: "medium",
      helpers: 1,
      moveDate: "2027-03-03",
      pickupAddress: "Chelmsford CM1 1AA",
      deliveryAddress: "Witham CM8 2AB",
      // The rulebook's lines, with the note that fuel and the return journey are inside the
      // distance charge right after the distance line.
      breakdown: [...r.breakdown.slice(0, 2), FUEL_AND_RETURN_NOTE, ...r.breakdown.slice(2)],
    });
  });
});

describe("worked example B (docs/PRICING.md): the minimum price", () => {
  const r = calculatePrice(caseB);

  it("matches every amount to the penny", () => {
    expect(r).toMatchObject({
      distanceCharge: 500,
      distanceMinimumApplied: true,
      transportCharge: 2000,
      vanSizeCharge: 0,
      base: 2000,
      minimumChargeAdjustment: 2000,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      totalWithVAT: 4200,
      priceString: "£42.00",
      vanSizeMultiplier: 1,
      estimatedTime: "1 hour",
    });
  });

  it("shows the minimum charge adjustment line", () => {
    expect(r.breakdown).toEqual([
      "Base fare: £15.00",
      "Distance (2 miles): £5.00",
      "Minimum charge adjustment: £20.00",
      "Platform Payment (VAT + Platform fee): £12.00",
      "Driver payment: £30.00",
      "Total: £42.00",
    ]);
    expect(r.explanation).toMatch(/minimum price is £40\.00 before VAT, so £20\.00 was added/);
    expect(r.explanation).toMatch(/minimum of £5\.00, which applies here/);
  });
});

describe("inputs and defaults", () => {
  it("defaults to a medium van, no helpers, ground floors, standard urgency, 09:00", () => {
    const r = calculatePrice({ distanceMiles: 12, moveDate: WEEKDAY });
    expect(r).toMatchObject({
      vanSize: "medium",
      helpers: 0,
      floorAccessPickup: "ground",
      floorAccessDelivery: "ground",
      urgency: "standard",
      moveTime: "09:00",
      isEvening: false,
    });
  });

  it("rounds the distance half up to 0.1 mile", () => {
    expect(price({ distanceMiles: 12.35 }).distance).toBe(12.4);
    expect(price({ distanceMiles: 12.34 }).distance).toBe(12.3);
    expect(price({ distanceMiles: 1.05 }).distance).toBe(1.1);
    expect(price({ distanceMiles: 0.05 }).distance).toBe(0.1);
    expect(price({ distanceMiles: 12.35 }).breakdown).toContain("Distance (12.4 miles): £24.80");
    expect(price({ distanceMiles: 1 }).breakdown).toContain("Distance (1 mile): £5.00");
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY, 0.04])(
    "rejects distance %s with the product's message",
    (distanceMiles) => {
      expect(() => price({ distanceMiles })).toThrow(PricingInputError);
      expect(() => price({ distanceMiles })).toThrow("Invalid distance. Addresses may be too similar or incomplete.");
    },
  );

  it("rejects other invalid input with a typed error", () => {
    const bad: Partial<PriceInput>[] = [
      { moveDate: "2027-02-30" },
      { moveDate: "03/03/2027" },
      { moveTime: "24:00" },
      { moveTime: "9:00" },
      { helpers: 3 },
      { helpers: -1 },
      { helpers: 1.5 },
      { vanSize: "huge" as VanSize },
      { urgency: "asap" as Urgency },
      { floorAccessPickup: "basement" as FloorAccess },
      { items: [{ name: "Box", quantity: 0 }] },
    ];
    for (const over of bad) expect(() => price(over), JSON.stringify(over)).toThrow(PricingInputError);
    expect(() => price({ moveTime: "25:00" })).toThrow("Please enter a valid time (HH:MM)");
  });
});

describe("step 2: distance charge", () => {
  it("charges £2.00 a mile up to 50 miles and £1.75 beyond, at least £5.00", () => {
    expect(distanceChargeFor(1)).toBe(500); // 0.1 mile
    expect(distanceChargeFor(20)).toBe(500); // 2 miles = £4.00 -> minimum
    expect(distanceChargeFor(25)).toBe(500); // exactly £5.00
    expect(distanceChargeFor(26)).toBe(520);
    expect(distanceChargeFor(120)).toBe(2400);
    expect(distanceChargeFor(500)).toBe(10000); // 50.0 miles
    expect(distanceChargeFor(501)).toBe(10018); // 50.1 miles: 10000 + 17.5 -> 18 (half up)
    expect(distanceChargeFor(502)).toBe(10035);
    expect(distanceChargeFor(1000)).toBe(18750); // 100 miles = 100.00 + 50 x 1.75
    expect(distanceChargeFor(2000)).toBe(36250); // 200 miles
  });

  it("shows up in the quote and the breakdown", () => {
    expect(price({ distanceMiles: 50 }).distanceCharge).toBe(10000);
    expect(price({ distanceMiles: 50.1 }).distanceCharge).toBe(10018);
    expect(price({ distanceMiles: 100 }).breakdown).toContain("Distance (100 miles): £187.50");
    expect(price({ distanceMiles: 100 }).distanceMinimumApplied).toBe(false);
  });
});

describe("step 3: van multiplier", () => {
  it.each([
    ["small", 3900, 0, 1],
    ["medium", 4290, 390, 1.1],
    ["large", 4680, 780, 1.2],
    ["luton", 5070, 1170, 1.3],
  ] as const)("%s", (vanSize, transport, vanLine, multiplier) => {
    const r = price({ vanSize });
    expect(r.transportCharge).toBe(transport);
    expect(r.vanSizeCharge).toBe(vanLine);
    expect(r.vanSizeMultiplier).toBe(multiplier);
    expect(toApiQuote(r).vanSizeMultiplier).toBe(multiplier);
  });

  it("rounds the multiplied fare half up", () => {
    // 12.3 miles: 1500 + 2460 = 3960 x 1.1 = 4356; 12.1 miles: 3920 x 1.3 = 5096
    expect(price({ distanceMiles: 12.3, vanSize: "medium" }).transportCharge).toBe(4356);
    // 2.6 miles: (1500 + 520) x 1.1 = 2222
    expect(price({ distanceMiles: 2.6, vanSize: "medium" }).transportCharge).toBe(2222);
    expect(price({ distanceMiles: 12.05, vanSize: "luton" }).transportCharge).toBe(pct(1500 + 2420, 13000));
  });

  it("labels the van line", () => {
    expect(price({ vanSize: "luton" }).breakdown).toContain("Van size (luton ×1.3): £11.70");
    expect(price({ vanSize: "small" }).breakdown.some((l) => l.startsWith("Van size"))).toBe(false);
  });
});

describe("step 4: helpers", () => {
  it.each([
    [0, 0],
    [1, 5000],
    [2, 10000],
  ])("%i helpers cost %i pence", (helpers, fee) => {
    expect(price({ helpers }).helpersFee).toBe(fee);
  });

  it("labels the helpers line", () => {
    expect(price({ helpers: 2 }).breakdown).toContain("Helpers (2 × 2h at £25/h): £100.00");
    expect(price({ helpers: 0 }).breakdown.some((l) => l.startsWith("Helpers"))).toBe(false);
  });
});

describe("step 5: floor access", () => {
  it("charges for each floor level", () => {
    expect(price({ floorAccessPickup: "ground" }).floorAccessFee).toBe(0);
    expect(price({ floorAccessPickup: "firstFloor" }).floorAccessFee).toBe(1000);
    expect(price({ floorAccessPickup: "secondFloor" }).floorAccessFee).toBe(2000);
    expect(price({ floorAccessPickup: "thirdFloorPlus" }).floorAccessFee).toBe(3000);
  });

  it("uses the worse floor of the two ends", () => {
    expect(price({ floorAccessPickup: "firstFloor", floorAccessDelivery: "thirdFloorPlus" }).floorAccessFee).toBe(3000);
    expect(price({ floorAccessPickup: "secondFloor", floorAccessDelivery: "firstFloor" }).floorAccessFee).toBe(2000);
    expect(price({ floorAccessPickup: "ground", floorAccessDelivery: "secondFloor" }).floorAccessFee).toBe(2000);
  });

  it("halves the fee only when both ends have a lift", () => {
    const floors = { floorAccessPickup: "thirdFloorPlus", floorAccessDelivery: "firstFloor" } as const;
    expect(price({ ...floors, liftAvailablePickup: true }).floorAccessFee).toBe(3000);
    expect(price({ ...floors, liftAvailableDelivery: true }).floorAccessFee).toBe(3000);
    expect(price({ ...floors, liftAvailablePickup: true, liftAvailableDelivery: true }).floorAccessFee).toBe(1500);
    expect(
      price({ floorAccessPickup: "firstFloor", liftAvailablePickup: true, liftAvailableDelivery: true }).floorAccessFee,
    ).toBe(500);
  });
});

describe("step 6: congestion charge", () => {
  it.each([
    ["1 Poultry, London EC2R 8AH", 1500],
    ["Holborn WC1A 1AA", 1500],
    ["Mayfair W1K 1AB", 1500],
    ["Fitzrovia W1T 1AA", 1500],
    ["Westminster SW1A 2AA", 1500],
    ["Southwark SE1 7PB", 1500],
    ["Guildhall, City of London", 1500],
    ["10 High Street, London", 0],
    ["Notting Hill W10 5AA", 0],
    ["Kensington W14 8AA", 0],
    ["Chelsea SW10 0AA", 0],
    ["Wimbledon SW20 8AA", 0],
    ["Greenwich SE10 9NN", 0],
    ["Thamesmead SE28 8AA", 0],
  ])("pickup %s -> %i", (pickupAddress, charge) => {
    expect(price({ pickupAddress, deliveryAddress: "Chelmsford CM1 1AA" }).congestionCharge).toBe(charge);
    // Either end is enough.
    expect(price({ pickupAddress: "Chelmsford CM1 1AA", deliveryAddress: pickupAddress }).congestionCharge).toBe(
      charge,
    );
  });

  it("charges once when both ends are in the zone, and explains why", () => {
    const r = price({ pickupAddress: "EC2R 8AH", deliveryAddress: "w1k1ab" });
    expect(r.congestionCharge).toBe(1500);
    expect(r.breakdown).toContain("Congestion charge: £15.00");
    expect(r.explanation).toMatch(/both addresses are in the central London congestion zone \(EC2R, W1K\)/);
  });
});

describe("step 8: urgency", () => {
  it("adds 25% for priority and 50% for express, as the labels say", () => {
    const std = price({ urgency: "standard" });
    const pri = price({ urgency: "priority" });
    const exp = price({ urgency: "express" });
    expect(std.urgencySurcharge).toBe(0);
    expect(pri.urgencySurcharge).toBe(pct(pri.base, 2500));
    expect(exp.urgencySurcharge).toBe(pct(exp.base, 5000));
    expect(pri.explanation).toContain("Priority (+25%, within 3 days) adds");
    expect(exp.explanation).toContain("Express (+50%, next day) adds");
    // case A base 10290: +25% = 2572.5 -> 2573; +50% = 5145
    expect(calculatePrice({ ...caseA, urgency: "priority" }).urgencySurcharge).toBe(2573);
    expect(calculatePrice({ ...caseA, urgency: "express" }).urgencySurcharge).toBe(5145);
    expect(calculatePrice({ ...caseA, urgency: "express" }).breakdown).toContain("Express surcharge (+50%): £51.45");
  });
});

describe("step 9: peak time surcharge", () => {
  const rate = (over: Partial<PriceInput>) => price(over).peakRateBp;

  it("charges 8% at weekends", () => {
    expect(rate({ moveDate: "2027-03-06" })).toBe(800); // Saturday
    expect(rate({ moveDate: "2027-03-07" })).toBe(800); // Sunday
    expect(rate({ moveDate: "2027-03-08" })).toBe(0); // Monday
  });

  it("adds 5% from 18:00", () => {
    expect(rate({ moveTime: "17:59" })).toBe(0);
    expect(rate({ moveTime: "18:00" })).toBe(500);
    expect(rate({ moveTime: "23:59" })).toBe(500);
    expect(rate({ moveTime: "00:00" })).toBe(0);
  });

  it("charges 10% on bank holidays in England and Wales", () => {
    expect(rate({ moveDate: "2027-03-29" })).toBe(1000); // Easter Monday
    expect(rate({ moveDate: "2027-03-26" })).toBe(1000); // Good Friday
    expect(rate({ moveDate: "2027-12-27" })).toBe(1000); // Christmas substitute day
    expect(rate({ moveDate: "2027-12-28" })).toBe(1000); // Boxing Day substitute day
    expect(rate({ moveDate: "2027-12-25" })).toBe(800); // Saturday: weekend rate, the holiday moved
    expect(rate({ moveDate: "2026-12-28" })).toBe(1000);
    expect(rate({ moveDate: "2027-12-29" })).toBe(0);
  });

  it("sums the rates and applies one pct()", () => {
    expect(rate({ moveDate: "2027-03-29", moveTime: "18:00" })).toBe(1500);
    expect(rate({ moveDate: "2027-03-06", moveTime: "19:30" })).toBe(1300);
    // 21 miles, medium: base 6270. One pct at 13%: 815.1 -> 815; two separate pcts would give 502 + 314 = 816.
    const r = price({ distanceMiles: 21, vanSize: "medium", moveDate: "2027-03-06", moveTime: "18:00" });
    expect(r.base).toBe(6270);
    expect(r.peakTimeSurcharge).toBe(815);
    expect(r.breakdown).toContain("Peak time surcharge (weekend +8%, evening +5%): £8.15");
  });

  it("explains the bank holiday", () => {
    const r = price({ moveDate: "2027-03-29" });
    expect(r.bankHolidayName).toBe("Easter Monday");
    expect(r.explanation).toMatch(/Monday 29 March 2027 is a bank holiday \(Easter Monday\)/);
    expect(r.breakdown).toContain(
      `Peak time surcharge (bank holiday +10%): ${"£" + (pct(r.base, 1000) / 100).toFixed(2)}`,
    );
  });
});

describe("step 10: minimum price", () => {
  it("lifts the subTotal to £40.00 and shows the adjustment", () => {
    const r = price({ distanceMiles: 5, vanSize: "small" }); // base 1500 + 1000 = 2500
    expect(r.minimumChargeAdjustment).toBe(1500);
    expect(r.subTotal).toBe(4000);
    expect(r.breakdown).toContain("Minimum charge adjustment: £15.00");
  });

  it("adds no line when the price is already above the minimum", () => {
    const r = price({ distanceMiles: 12.5, vanSize: "small" }); // 1500 + 2500 = 4000 exactly
    expect(r.subTotal).toBe(4000);
    expect(r.minimumChargeAdjustment).toBe(0);
    expect(r.breakdown.some((l) => l.startsWith("Minimum"))).toBe(false);
  });

  it("applies after the surcharges", () => {
    const r = price({ distanceMiles: 2, vanSize: "small", urgency: "express" }); // 2000 + 1000
    expect(r.minimumChargeAdjustment).toBe(1000);
    expect(r.subTotal).toBe(4000);
  });
});

describe("step 12: estimated time", () => {
  it.each([
    [0.1, 1, "1 hour"],
    [10, 1, "1 hour"],
    [10.1, 2, "2 hours"],
    [30, 3, "3 hours"],
    [63.45, 7, "7 hours"],
  ])("%s miles -> %s", (distanceMiles, hours, text) => {
    const r = price({ distanceMiles });
    expect(r.estimatedHours).toBe(hours);
    expect(r.estimatedTime).toBe(text);
  });
});

describe("step 1: items adjust van and helpers", () => {
  const withItems = (n: number, over: Partial<PriceInput> = {}) =>
    price({ vanSize: "small", helpers: 0, items: [{ name: "Box", quantity: n }], ...over });

  it.each([
    [20, "small", 0],
    [21, "small", 1],
    [30, "small", 1],
    [31, "medium", 1],
    [50, "medium", 1],
    [51, "large", 2],
    [80, "large", 2],
    [81, "luton", 2],
  ] as const)("%i items -> %s van, %i helpers", (n, van, helpers) => {
    const r = withItems(n);
    expect(r.itemCount).toBe(n);
    expect(r.vanSize).toBe(van);
    expect(r.helpers).toBe(helpers);
    expect(r.helpersFee).toBe(helpers * 5000);
    expect(r.vanMultiplierBp).toBe(PRICING_CONFIG.vanMultiplierBp[van]);
  });

  it("counts the total quantity over all items", () => {
    const r = price({
      vanSize: "small",
      items: [
        { name: "Sofa", quantity: 1 },
        { name: "Box", quantity: 20 },
        { name: "Chair", quantity: 10 },
      ],
    });
    expect(r.itemCount).toBe(31);
    expect(r.vanSize).toBe("medium");
    expect(r.helpers).toBe(1);
  });

  it("never downgrades a larger chosen van or more chosen helpers", () => {
    const r = withItems(35, { vanSize: "luton", helpers: 2 });
    expect(r.vanSize).toBe("luton");
    expect(r.helpers).toBe(2);
    expect(r.vanUpgrade).toBeNull();
    expect(r.helpersUpgrade).toBeNull();
    expect(r.explanation).not.toMatch(/upgraded|increased/);
    expect(withItems(2, { vanSize: "large" }).vanSize).toBe("large");
  });

  it("changes nothing without items", () => {
    const r = price({ vanSize: "small", items: [] });
    expect(r.vanSize).toBe("small");
    expect(r.itemCount).toBe(0);
  });

  it("explains what was upgraded and why", () => {
    const r = withItems(55);
    expect(r.vanUpgrade).toEqual({ from: "small", to: "large", itemCount: 55 });
    expect(r.helpersUpgrade).toEqual({ from: 0, to: 2, itemCount: 55 });
    expect(r.explanation).toMatch(
      /55 items, so we upgraded the van from small to large: more than 50 items need at least a large van/,
    );
    expect(r.explanation).toMatch(/increased the helpers from 0 to 2: more than 50 items need at least 2 helpers/);
  });
});

describe("discount", () => {
  it("takes the percentage off the subTotal and recomputes step 11", () => {
    const a = calculatePrice(caseA);
    const d = applyDiscount(a, 5, "WELCOME5");
    // 10290 - pct(10290, 500) = 10290 - 515 = 9775
    expect(d).toMatchObject({
      discountPercent: 5,
      discountCode: "WELCOME5",
      discountAmount: 515,
      subTotalBeforeDiscount: 10290,
      subTotal: 9775,
      netAmount: 9775,
      platformFee: 2444,
      driverShare: 7331,
      vatAmount: 489,
      totalWithVAT: 10264,
      totalPrice: 10264,
      finalPrice: 10264,
      originalPrice: 10805,
      priceString: "£102.64",
    });
    expect(d.breakdown).toEqual([
      "Base fare: £15.00",
      "Distance (12 miles): £24.00",
      "Van size (medium ×1.1): £3.90",
      "Helpers (1 × 2h at £25/h): £50.00",
      "Floor access: £10.00",
      "Discount (WELCOME5, 5%): -£5.15",
      "Platform Payment (VAT + Platform fee): £29.33",
      "Driver payment: £73.31",
      "Total: £102.64",
    ]);
    expect(toApiQuote(d)).toMatchObject({ originalPrice: 108.05, finalPrice: 102.64, totalPrice: 102.64 });
    expect(d.explanation).toMatch(/without it the total would be £108\.05/);
    // The input result is left untouched.
    expect(a.totalWithVAT).toBe(10805);
  });

  it("applies after the £40 minimum", () => {
    const d = applyDiscount(calculatePrice(caseB), 15);
    expect(d.subTotal).toBe(3400);
    expect(d.platformFee).toBe(850);
    expect(d.vatAmount).toBe(170);
    expect(d.totalWithVAT).toBe(3570);
    expect(d.originalPrice).toBe(4200);
  });

  it("replaces rather than stacks a previous discount", () => {
    const a = calculatePrice(caseA);
    expect(applyDiscount(applyDiscount(a, 10), 5)).toEqual(applyDiscount(a, 5));
    expect(applyDiscount(applyDiscount(a, 10), 0)).toEqual(a);
  });

  it("rejects impossible percentages", () => {
    const a = calculatePrice(caseA);
    expect(() => applyDiscount(a, -5)).toThrow(PricingInputError);
    expect(() => applyDiscount(a, 101)).toThrow(PricingInputError);
    expect(() => applyDiscount(a, Number.NaN)).toThrow(PricingInputError);
  });
});

describe("one table of charges", () => {
  const r = calculatePrice({
    ...caseA,
    urgency: "express",
    moveDate: "2027-03-06",
    moveTime: "19:00",
    pickupAddress: "1 Poultry EC2R 8AH",
  });
  const api = toApiQuote(r);

  it("gives every charge line's amount to the API in pounds, under the charge's own name", () => {
    const byLine: Record<string, keyof typeof api> = {
      baseFare: "baseFare",
      distance: "distanceCharge",
      vanSize: "vanSizeCharge",
      helpers: "helpersFee",
      floorAccess: "floorAccessFee",
      congestion: "congestionCharge",
      urgency: "urgencySurcharge",
      peakTime: "peakTimeSurcharge",
    };
    for (const line of r.breakdownLines.filter((l) => l.key in byLine)) {
      expect(api[byLine[line.key]!], line.key).toBe(line.amountPence / 100);
    }
    expect(r.breakdownLines.map((l) => l.key)).toEqual([
      "baseFare",
      "distance",
      "vanSize",
      "helpers",
      "floorAccess",
      "congestion",
      "urgency",
      "peakTime",
      "platformPayment",
      "driverPayment",
      "total",
    ]);
    expect(api).toMatchObject({ baseFare: 15, vanSizeCharge: 3.9, minimumChargeAdjustment: 0, discountAmount: 0 });
  });

  it("notes on the distance line that fuel and the return journey are included, in the API's lines too", () => {
    expect(r.breakdownLines.find((l) => l.key === "distance")?.note).toBe(FUEL_AND_RETURN_NOTE);
    expect(r.breakdownLines.filter((l) => l.note)).toHaveLength(1);
    const distanceLine = api.breakdown.findIndex((l) => l.startsWith("Distance ("));
    expect(api.breakdown[distanceLine + 1]).toBe("Fuel and return journey: included in the distance charge");
    expect(api.breakdown.filter((l) => !l.includes("£"))).toEqual([FUEL_AND_RETURN_NOTE]);
  });

  it("answers the floor that was priced and whether a lift halved it", () => {
    expect(api).toMatchObject({
      floorAccess: "firstFloor",
      liftAvailable: false,
      floorAccessPickup: "firstFloor",
      floorAccessDelivery: "ground",
    });
    const lifts = toApiQuote(
      price({
        floorAccessPickup: "secondFloor",
        floorAccessDelivery: "thirdFloorPlus",
        liftAvailablePickup: true,
        liftAvailableDelivery: true,
      }),
    );
    expect(lifts).toMatchObject({ floorAccess: "thirdFloorPlus", liftAvailable: true, floorAccessFee: 15 });
    expect(toApiQuote(price({ floorAccessPickup: "secondFloor", liftAvailablePickup: true })).liftAvailable).toBe(
      false,
    );
  });
});

describe("items marked for disassembly", () => {
  const items = [
    { name: "Wardrobe", quantity: 2, requiresDisassembly: true },
    { name: "Bed (Double)", quantity: 1, requiresDisassembly: true },
    { name: "Boxes", quantity: 10 },
  ];

  it("are named in the explanation and cost nothing extra (docs/PRICING.md has no such charge)", () => {
    const marked = price({ items });
    const plain = price({ items: items.map(({ name, quantity }) => ({ name, quantity })) });
    expect(marked.explanation).toMatch(/Marked for disassembly: Wardrobe ×2, Bed \(Double\)\. .*no separate charge/);
    expect(plain.explanation).not.toMatch(/disassembly/);
    expect(marked.totalWithVAT).toBe(plain.totalWithVAT);
    expect(marked.breakdown).toEqual(plain.breakdown);
  });

  it("still count towards the van and helper upgrades", () => {
    const r = price({ vanSize: "small", items: [{ name: "Chair", quantity: 31, requiresDisassembly: true }] });
    expect(r.vanSize).toBe("medium");
    expect(r.helpers).toBe(1);
  });
});

describe("the estimate used when the distance service fails", () => {
  it("is a 15-mile move priced by the same rules", () => {
    const r = price({ distanceMiles: PRICING_CONFIG.estimateDistanceMiles });
    expect(r.distanceCharge).toBe(3000);
    expect(r.estimatedTime).toBe("2 hours");
  });
});

// ---------- properties over generated inputs ----------

/** mulberry32: a tiny seeded PRNG, so failures are reproducible. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VANS: VanSize[] = ["small", "medium", "large", "luton"];
const FLOORS: FloorAccess[] = ["ground", "firstFloor", "secondFloor", "thirdFloorPlus"];
const URGENCY: Urgency[] = ["standard", "priority", "express"];
const ADDRESSES = [
  "Chelmsford CM1 1AA",
  "1 Poultry EC2R 8AH",
  "London",
  "W10 5AA",
  "City of London",
  "NE1 4ST",
  "sw1a2aa",
];
const DATES = [
  "2027-03-03",
  "2027-03-06",
  "2027-03-29",
  "2027-12-25",
  "2027-12-27",
  "2026-08-31",
  "2025-05-05",
  "2028-02-29",
];

function randomInput(next: () => number): PriceInput {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const hh = String(Math.floor(next() * 24)).padStart(2, "0");
  const mm = String(Math.floor(next() * 60)).padStart(2, "0");
  const input: PriceInput = {
    distanceMiles: Math.round(next() * 3000) / 10 + 0.1 * (next() < 0.3 ? 0.5 : 0), // incl. x.x5 values
    vanSize: pick(VANS),
    helpers: Math.floor(next() * 3),
    floorAccessPickup: pick(FLOORS),
    floorAccessDelivery: pick(FLOORS),
    liftAvailablePickup: next() < 0.5,
    liftAvailableDelivery: next() < 0.5,
    urgency: pick(URGENCY),
    moveDate: pick(DATES),
    moveTime: `${hh}:${mm}`,
    pickupAddress: pick(ADDRESSES),
    deliveryAddress: pick(ADDRESSES),
  };
  if (next() < 0.3) input.items = [{ name: "Box", quantity: 1 + Math.floor(next() * 100) }];
  if (input.distanceMiles <= 0.05) input.distanceMiles = 0.1;
  return input;
}

function checkInvariants(r: PriceResult) {
  expect(r.platformFee + r.driverShare).toBe(r.subTotal);
  expect(r.subTotal + r.vatAmount).toBe(r.totalWithVAT);
  expect(r.totalPrice).toBe(r.totalWithVAT);
  expect(r.finalPrice).toBe(r.totalWithVAT);
  expect(r.netAmount).toBe(r.subTotal);
  expect(r.vatAmount).toBe(pct(r.platformFee, 2000));
  expect(r.subTotalBeforeDiscount).toBeGreaterThanOrEqual(4000);
  for (const key of [
    "distanceCharge",
    "transportCharge",
    "helpersFee",
    "floorAccessFee",
    "congestionCharge",
    "base",
    "urgencySurcharge",
    "peakTimeSurcharge",
    "minimumChargeAdjustment",
    "subTotal",
    "platformFee",
    "driverShare",
    "vatAmount",
    "totalWithVAT",
    "originalPrice",
    "discountAmount",
  ] as const) {
    expect(Number.isInteger(r[key]), key).toBe(true);
    expect(r[key], key).toBeGreaterThanOrEqual(0);
  }
  // The breakdown adds up: charge lines sum to the subTotal, the split lines to the total.
  const byKey = (keys: string[]) =>
    r.breakdownLines.filter((l) => keys.includes(l.key)).reduce((s, l) => s + l.amountPence, 0);
  expect(byKey(["platformPayment", "driverPayment"])).toBe(r.totalWithVAT);
  expect(
    r.breakdownLines
      .filter((l) => !["platformPayment", "driverPayment", "total"].includes(l.key))
      .reduce((s, l) => s + l.amountPence, 0),
  ).toBe(r.subTotal);
  expect(r.breakdown.at(-1)).toBe(`Total: ${r.priceString}`);
  expect(r.breakdownLines.filter((l) => l.key !== "total").every((l) => l.amountPence !== 0)).toBe(true);
  // The API shape carries the same amounts in pounds.
  const api = toApiQuote(r);
  expect(Math.round(api.totalPrice * 100)).toBe(r.totalPrice);
  expect(Math.round(api.subTotal * 100)).toBe(r.subTotal);
}

// Thousands of prices each: CPU-bound, so given time on a slow or busy machine.
describe("properties over generated inputs", { timeout: 30_000 }, () => {
  const next = rng(20270303);
  const inputs = Array.from({ length: 1500 }, () => randomInput(next));

  it("always add up, in whole pence", () => {
    for (const input of inputs) {
      const r = calculatePrice(input);
      checkInvariants(r);
      expect(r.originalPrice).toBe(r.totalWithVAT);
      const d = applyDiscount(r, [5, 10, 15][Math.floor(next() * 3)]!);
      checkInvariants(d);
      expect(d.originalPrice).toBe(r.totalWithVAT);
      expect(d.totalWithVAT).toBeLessThanOrEqual(r.totalWithVAT);
    }
  });

  it("never falls when distance, floors, helpers or urgency rise", () => {
    const rank = <T>(xs: readonly T[], x: T | undefined) => xs.indexOf(x as T);
    for (const input of inputs) {
      const r = calculatePrice(input);
      const more: Partial<PriceInput>[] = [
        { distanceMiles: input.distanceMiles + 0.1 },
        { distanceMiles: input.distanceMiles + 1 + Math.floor(next() * 100) },
      ];
      const pickupFloor = rank(FLOORS, input.floorAccessPickup);
      if (pickupFloor < 3) more.push({ floorAccessPickup: FLOORS[pickupFloor + 1]! });
      const deliveryFloor = rank(FLOORS, input.floorAccessDelivery);
      if (deliveryFloor < 3) more.push({ floorAccessDelivery: FLOORS[deliveryFloor + 1]! });
      if (input.helpers! < 2) more.push({ helpers: input.helpers! + 1 });
      const urgency = rank(URGENCY, input.urgency);
      if (urgency < 2) more.push({ urgency: URGENCY[urgency + 1]! });
      for (const over of more) {
        const bigger = calculatePrice({ ...input, ...over });
        expect(bigger.totalWithVAT, JSON.stringify({ input, over })).toBeGreaterThanOrEqual(r.totalWithVAT);
        expect(bigger.subTotal).toBeGreaterThanOrEqual(r.subTotal);
        expect(bigger.driverShare).toBeGreaterThanOrEqual(r.driverShare);
      }
    }
  });
});

// ---------- v2: extra stops (docs/PRICING.md v2) ----------

const oneStop: MoveStop[] = [
  { address: "Braintree CM7 1AA", type: "dropoff", floorAccess: "ground", liftAvailable: false },
];

describe("worked example C (docs/PRICING.md, extra stops)", () => {
  // Legs 12.0 + 8.5 miles; the caller sums the legs, the pricing rounds the sum once.
  const r = calculatePrice({
    distanceMiles: 12.0 + 8.5,
    vanSize: "medium",
    helpers: 0,
    floorAccessPickup: "ground",
    floorAccessDelivery: "ground",
    urgency: "standard",
    moveDate: "2027-03-03",
    moveTime: "09:00",
    pickupAddress: "Chelmsford CM1 1AA",
    deliveryAddress: "Witham CM8 2AB",
    stops: [...oneStop],
  });

  it("matches every amount to the penny", () => {
    expect(r).toMatchObject({
      distance: 20.5,
      distanceCharge: 4100,
      transportCharge: 6160,
      stopsFee: 1000,
      base: 7160,
      subTotal: 7160,
      platformFee: 1790,
      driverShare: 5370,
      vatAmount: 358,
      totalWithVAT: 7518,
      estimatedHours: 3,
      estimatedTime: "3 hours",
    });
  });

  it("shows the extra stops line after the other charges of the base", () => {
    expect(r.breakdown).toContain("Distance (20.5 miles): £41.00");
    expect(r.breakdown).toContain("Extra stops (1 × £10.00): £10.00");
    expect(r.breakdownLines.find((l) => l.key === "extraStops")?.amountPence).toBe(1000);
    expect(r.explanation).toContain("1 extra stop");
  });

  it("puts stopsFee and the stops in the API answer", () => {
    const api = toApiQuote(r);
    expect(api.stopsFee).toBe(10);
    expect(api.stops).toEqual([...oneStop]);
    expect(api.distanceCharge).toBe(41);
    expect(api.vanSizeCharge).toBe(5.6); // transport 61.60 = 15.00 + 41.00 + 5.60
    expect(api.totalWithVAT).toBe(75.18);
    expect(api.breakdown).toContain("Extra stops (1 × £10.00): £10.00");
  });
});

describe("extra stops: the rules", () => {
  const stop = (over: Partial<MoveStop> = {}): MoveStop => ({ ...oneStop[0]!, ...over });

  it("keeps every figure of v1 without stops, and no v2 field in the API answer", () => {
    const v1 = calculatePrice(caseA);
    const empty = calculatePrice({ ...caseA, stops: [] });
    expect(empty.totalWithVAT).toBe(v1.totalWithVAT);
    expect(empty.breakdown).toEqual(v1.breakdown);
    expect(empty.explanation).toBe(v1.explanation);
    expect(toApiQuote(empty)).toEqual(toApiQuote(v1));
    expect(toApiQuote(v1)).not.toHaveProperty("stopsFee");
    expect(toApiQuote(v1)).not.toHaveProperty("stops");
  });

  it("charges £10.00 a stop and half an hour each", () => {
    const two = price({ distanceMiles: 20, stops: [stop(), stop({ type: "pickup" })] });
    expect(two.stopsFee).toBe(2000);
    expect(two.breakdown).toContain("Extra stops (2 × £10.00): £20.00");
    // (200 + 2 × 50) / 100 = 3 hours
    expect(two.estimatedHours).toBe(3);
    // 4 stops on 1 mile: (10 + 200) / 100 → 3 hours
    expect(price({ distanceMiles: 1, stops: [stop(), stop(), stop(), stop()] }).estimatedHours).toBe(3);
  });

  it("charges the worst floor over all the stops, halved only when every address has a lift", () => {
    const high = price({ stops: [stop({ floorAccess: "thirdFloorPlus", liftAvailable: true })] });
    expect(high.floorAccess).toBe("thirdFloorPlus");
    expect(high.floorAccessFee).toBe(3000);
    const liftsEverywhere = price({
      floorAccessPickup: "firstFloor",
      liftAvailablePickup: true,
      floorAccessDelivery: "firstFloor",
      liftAvailableDelivery: true,
      stops: [stop({ floorAccess: "thirdFloorPlus", liftAvailable: true })],
    });
    expect(liftsEverywhere.floorAccessFee).toBe(1500);
    expect(liftsEverywhere.explanation).toContain("every address has a lift");
    const oneWithout = price({
      liftAvailablePickup: true,
      liftAvailableDelivery: true,
      stops: [stop({ floorAccess: "secondFloor", liftAvailable: false })],
    });
    expect(oneWithout.floorAccessFee).toBe(2000);
  });

  it("charges the congestion zone once when any stop is in it", () => {
    const inZone = price({
      pickupAddress: "Chelmsford CM1 1AA",
      deliveryAddress: "Witham CM8 2AB",
      stops: [stop({ address: "10 Fleet Street, London EC4Y 1AA" }), stop({ address: "Soho W1D 3QF" })],
    });
    expect(inZone.congestionCharge).toBe(1500);
    expect(inZone.explanation).toContain("stops are in the central London congestion zone");
  });

  it("refuses more than 4 stops", () => {
    expect(() => price({ stops: [stop(), stop(), stop(), stop(), stop()] })).toThrow(PricingInputError);
  });
});

describe("goods cover (docs/PRICING.md v3)", () => {
  it("worked example D: case B's move with extended cover, V = £8,000", () => {
    const r = calculatePrice({ ...caseB, declaredValue: 8000 });
    expect(r).toMatchObject({
      subTotal: 4000,
      coverFee: 12000,
      platformFee: 13000, // 10.00 + 120.00
      driverShare: 3000,
      vatAmount: 2600,
      totalWithVAT: 18600,
      finalPrice: 18600,
      originalPrice: 18600,
      declaredValue: 8000,
    });
    expect(r.breakdown).toContain("Extended cover (£8,000 declared): £120.00");
    // After the charges and before the split of the payment.
    const keys = r.breakdownLines.map((l) => l.key);
    expect(keys.indexOf("cover")).toBeGreaterThan(keys.indexOf("minimumAdjustment"));
    expect(keys.indexOf("cover")).toBeLessThan(keys.indexOf("platformPayment"));
    expect(r.breakdown.at(-1)).toBe("Total: £186.00");
  });

  it("worked example D as the customer reads it: the cover with its VAT on one line, the rest of the split after it", () => {
    const r = calculatePrice({ ...caseB, declaredValue: 8000 });
    const lines = customerBreakdown(r.breakdownLines, r);
    expect(breakdownText(lines).slice(-4)).toEqual([
      "Extended cover (£8,000 declared), VAT included: £144.00",
      "Platform Payment (VAT + Platform fee): £12.00",
      "of which: your driver: £30.00",
      "Total: £186.00",
    ]);
    // Still a split of the total.
    expect(144_00 + 12_00 + 30_00).toBe(r.totalWithVAT);
    // Standard cover: the rulebook's lines as they are.
    const standard = calculatePrice(caseB);
    expect(customerBreakdown(standard.breakdownLines, standard)).toEqual(standard.breakdownLines);
  });

  it("charges 1.5% of the declared value, at least £10.00", () => {
    expect(price({ declaredValue: 500 }).coverFee).toBe(1000); // 1.5% is £7.50: the minimum applies
    expect(price({ declaredValue: 666 }).coverFee).toBe(1000); // £9.99: the minimum still
    expect(price({ declaredValue: 667 }).coverFee).toBe(1001); // £10.005 rounds half up
    expect(price({ declaredValue: 10_000 }).coverFee).toBe(15_000);
    expect(price({ declaredValue: 50_000 }).coverFee).toBe(75_000);
    expect(price({ declaredValue: 10_000 }).breakdown).toContain("Extended cover (£10,000 declared): £150.00");
  });

  it("refuses a declared value outside £500 to £50,000 or not in whole pounds", () => {
    for (const declaredValue of [499, 50_001, 1000.5, 0, -1, Number.NaN])
      expect(() => price({ declaredValue })).toThrow(PricingInputError);
  });

  it("leaves the driver's share and the discount to subTotal alone", () => {
    const plain = price({});
    const covered = price({ declaredValue: 2000 });
    expect(covered.driverShare).toBe(plain.driverShare);
    expect(covered.subTotal).toBe(plain.subTotal);
    const discounted = applyDiscount(covered, 10);
    expect(discounted.discountAmount).toBe(applyDiscount(plain, 10).discountAmount);
    expect(discounted.coverFee).toBe(3000);
    expect(discounted.totalWithVAT).toBe(discounted.subTotal + 3000 + pct(pct(discounted.subTotal, 2500) + 3000, 2000));
  });

  it("without a declared value, every figure and the API answer are v2's exactly", () => {
    const plain = calculatePrice(caseA);
    expect(calculatePrice({ ...caseA, declaredValue: null })).toEqual(plain);
    expect(toApiQuote(plain)).not.toHaveProperty("coverFee");
    expect(toApiQuote(plain)).not.toHaveProperty("declaredValue");
    expect(plain.breakdownLines.map((l) => l.key)).not.toContain("cover");
  });

  it("the API answer gains coverFee and declaredValue only with cover", () => {
    const api = toApiQuote(calculatePrice({ ...caseB, declaredValue: 8000 }));
    expect(api).toMatchObject({ coverFee: 120, declaredValue: 8000, totalPrice: 186, platformFee: 130 });
  });

  it("withCover adds, changes and removes cover and keeps the discount", () => {
    const discounted = applyDiscount(calculatePrice(caseA), 10, "WELCOME10");
    const covered = withCover(discounted, 8000);
    expect(covered.discountCode).toBe("WELCOME10");
    expect(covered.coverFee).toBe(12_000);
    expect(withCover(covered, 20_000).coverFee).toBe(30_000);
    expect(withCover(covered, null)).toEqual(discounted);
    expect(() => withCover(discounted, 100)).toThrow(PricingInputError);
  });
});

describe("coverCostPence (docs/PRICING.md v3)", () => {
  it("is the cover fee and the VAT it added: what a booking without cover would not have cost", () => {
    const covered = calculatePrice({ ...caseB, declaredValue: 8000 });
    const plain = calculatePrice(caseB);
    expect(coverCostPence(covered)).toBe(14_400);
    expect(coverCostPence(covered)).toBe(covered.totalWithVAT - plain.totalWithVAT);
    expect(coverCostPence(plain)).toBe(0);
    const odd = calculatePrice({ ...caseA, declaredValue: 1234 });
    expect(coverCostPence(odd)).toBe(odd.totalWithVAT - calculatePrice(caseA).totalWithVAT);
  });
});
