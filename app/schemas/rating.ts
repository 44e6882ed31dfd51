// Rating the driver after a completed move: 1 to 5 stars, an optional comment.
import { z } from "zod";
import { MAX_STARS, MIN_STARS } from "~/domain/ratings";
import { RATING_COMMENT_MAX, RATING_MESSAGES } from "./rating-messages";

export * from "./rating-messages";

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
