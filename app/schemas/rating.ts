// Rating the driver after a completed move (issue 12): 1 to 5 stars, an optional comment.
import { z } from "zod";
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

export const ratingSchema = z.object({
  // conform's parseWithZod turns the posted text into a number (and "" into no value).
  stars: z
    .number({ required_error: RATING_MESSAGES.starsRequired, invalid_type_error: RATING_MESSAGES.starsRequired })
    .int(RATING_MESSAGES.starsRequired)
    .min(MIN_STARS, RATING_MESSAGES.starsRequired)
    .max(MAX_STARS, RATING_MESSAGES.starsRequired),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, RATING_MESSAGES.commentTooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type RatingInput = z.output<typeof ratingSchema>;
