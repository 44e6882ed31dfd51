// Cover for the goods we move (docs/PRICING.md v3): standard cover on every move,
// free, and extended cover bought with a declared value. Our own liability extension, not an
// insurance policy (docs/decisions/006-extended-cover-as-our-own-liability.md). The fee is priced by the pricing module; the limits, the
// claim window and the words every page and document uses about cover live here.
export const GOODS_COVER = {
  standard: { itemLimitPence: 10_000, moveLimitPence: 2_000_000 },
  /** Extended cover: the move's limit is the declared value, never below standard's (docs/PRICING.md v3.1). */
  extended: { itemLimitPence: 250_000 },
  /** The declared value V, in whole pounds. */
  declaredValuePounds: { min: 500, max: 50_000 },
  /** coverFee = max(minimumFeePence, pct(V × 100, feeBp)). */
  feeBp: 150,
  minimumFeePence: 1_000,
  /** A claim is made within this many days of delivery, the delivery's UK date being day 1. */
  claimDays: 7,
} as const;

export const COVER_MESSAGES = {
  declaredValue: "Please enter a declared value between £500 and £50,000, in whole pounds",
} as const;

/** A declared value extended cover accepts: whole pounds from £500 to £50,000. */
export function isDeclaredValue(value: unknown): value is number {
  const { min, max } = GOODS_COVER.declaredValuePounds;
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The declared value's rule for a field as typed (the quote forms' and checkout's checks as
 * they are typed; the server's zod schema reads the same number): a message, or null.
 */
export function declaredValueProblem(typed: string | number): string | null {
  return isDeclaredValue(typeof typed === "string" ? Number(typed.trim()) : typed)
    ? null
    : COVER_MESSAGES.declaredValue;
}

/** "£10,000": whole pounds, grouped. */
export function wholePounds(pence: number): string {
  return `£${String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

export type CoverLimits = {
  extended: boolean;
  /** The declared value in pounds, or null for standard cover. */
  declaredValue: number | null;
  itemLimitPence: number;
  moveLimitPence: number;
};

/**
 * The limits of a move's cover: standard without a declared value, else extended, whose
 * move limit is the larger of the declared value and standard's (buying cover never lowers a limit).
 */
export function coverLimits(declaredValue: number | null | undefined): CoverLimits {
  if (declaredValue == null) return { extended: false, declaredValue: null, ...GOODS_COVER.standard };
  return {
    extended: true,
    declaredValue,
    itemLimitPence: GOODS_COVER.extended.itemLimitPence,
    moveLimitPence: Math.max(declaredValue * 100, GOODS_COVER.standard.moveLimitPence),
  };
}

/** What the quote forms say beside the declared value. */
export const COVER_OFFER_TEXT =
  "Standard cover is free: up to £100 an item. For more, enter the value of your goods (£500 to £50,000): " +
  "extended cover costs 1.5% of it (at least £10) and covers up to £2,500 an item.";

/** The cover's name as documents show it. */
function coverName(limits: CoverLimits): string {
  return limits.extended
    ? `Extended cover (${wholePounds(limits.declaredValue! * 100)} declared)`
    : "Standard cover (included)";
}

/** One sentence of the limits: "Up to £100 an item and £20,000 for the move." */
function coverLimitsText(limits: CoverLimits): string {
  return `Up to ${wholePounds(limits.itemLimitPence)} an item and ${wholePounds(limits.moveLimitPence)} for the move.`;
}

/** What every page and document shows of a move's cover. */
export type CoverView = {
  extended: boolean;
  /** Whole pounds, or null for standard cover. */
  declaredValue: number | null;
  /** "Extended cover (£8,000 declared)" or "Standard cover (included)". */
  name: string;
  /** "Up to £2,500 an item and £20,000 for the move." */
  limits: string;
};

export function coverView(declaredValue: number | null | undefined): CoverView {
  const limits = coverLimits(declaredValue);
  return {
    extended: limits.extended,
    declaredValue: limits.declaredValue,
    name: coverName(limits),
    limits: coverLimitsText(limits),
  };
}

/** The cover page's path, linked from the quote, checkout, documents and the footer. */
export const COVER_PAGE_PATH = "/cover";
