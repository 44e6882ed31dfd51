// The facts the site states about drivers, insurance and cancellations.
// The FAQ and the terms both read them from here, so they can never disagree.

/** Every driver carries goods-in-transit and public liability insurance of at least this. */
const MIN_INSURANCE_COVER_GBP = 1_000_000;
/** Share of driver applicants who pass our checks. */
export const APPLICANT_PASS_RATE_PERCENT = 65;
/** Drivers must keep at least this average customer rating (out of 5). */
export const MIN_DRIVER_RATING = 4.7;
/** An item heavier than this needs a helper or a two-person team. */
export const HEAVY_ITEM_KG = 25;

/** Cancellation charges, as a share of the booking price. */
export const CANCELLATION = {
  /** Hours before the move after which a cancellation is no longer free. */
  freeUntilHoursBefore: 24,
  lateCancellationPercent: 50,
  noShowPercent: 100,
} as const;

export const INSURANCE_COVER_TEXT = `£${(MIN_INSURANCE_COVER_GBP / 1_000_000).toString()} million`;

export const CANCELLATION_SUMMARY =
  `Cancel more than ${CANCELLATION.freeUntilHoursBefore} hours before your move and it is free. ` +
  `Cancel less than ${CANCELLATION.freeUntilHoursBefore} hours before and you pay ${CANCELLATION.lateCancellationPercent}% of the booking price. ` +
  `If you are not there when the driver arrives (a no-show), you pay ${CANCELLATION.noShowPercent}%.`;

/** What drivers will not carry (terms section 6; the FAQ quotes the same list). */
export const PROHIBITED_ITEMS = [
  "hazardous materials, such as gas bottles, fuel, paint thinners, chemicals, fireworks and explosives",
  "illegal goods, stolen goods and controlled drugs",
  "firearms, ammunition and weapons",
  "live animals and plants that need care on the journey",
  "cash, jewellery, important documents and other valuables, which you should carry yourself",
  "waste that needs a waste carrier's licence",
] as const;
