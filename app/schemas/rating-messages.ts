// The rating form's limit and messages, with no zod in them (schemas/rating.ts loads when the
// form is first used).
import { MAX_STARS, MIN_STARS } from "~/domain/ratings";

export const RATING_COMMENT_MAX = 500;

export const RATING_MESSAGES = {
  starsRequired: `Choose a rating from ${MIN_STARS} to ${MAX_STARS} stars`,
  commentTooLong: `Keep the comment to ${RATING_COMMENT_MAX} characters or fewer`,
  thanks: "Thanks for rating your driver",
  alreadyRated: "You have already rated the driver for this booking",
  notCompleted: "You can rate your driver once the move is completed",
  noDriver: "This booking has no driver to rate",
  notFound: "Booking not found",
  failed: "Your rating could not be saved",
} as const;
