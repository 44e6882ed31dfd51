// A driver's rating is the average of the stars customers gave them, one rating per completed
// booking, kept in tenths (47 = 4.7 / 5) beside the count of ratings.

export const MIN_STARS = 1;
export const MAX_STARS = 5;

/** The average of these stars in tenths, rounded half up (5, 4, 4 -> 43); null with none. */
export function averageTenths(sumOfStars: number, count: number): number | null {
  if (count <= 0) return null;
  // Whole numbers only, so no floating-point error decides a half: round(10 * sum / count).
  return Math.floor((20 * sumOfStars + count) / (2 * count));
}

/** The same from a list of stars. */
export function averageTenthsOf(stars: readonly number[]): number | null {
  return averageTenths(
    stars.reduce((sum, value) => sum + value, 0),
    stars.length,
  );
}

/**
 * The site's rating: the average of customers' ratings of completed moves and their count,
 * stated (on pages and in structured data) only once there are this many, so a handful of
 * ratings is never shown as a reputation (the DMCC Act 2024 bans misleading review claims).
 */
const SITE_RATING_MIN_COUNT = 10;

/** What the site says of its rating: "4.6" from 12 ratings; null below SITE_RATING_MIN_COUNT. */
export type SiteRating = { value: string; count: number };

export function siteRatingOf(sumOfStars: number, count: number): SiteRating | null {
  if (count < SITE_RATING_MIN_COUNT) return null;
  return { value: ratingText(averageTenths(sumOfStars, count))!, count };
}

/** "4.7", or null for a driver nobody has rated yet. */
export function ratingText(tenths: number | null | undefined): string | null {
  return tenths == null ? null : (tenths / 10).toFixed(1);
}
