// A position from the driver: the phone's coordinates (sent by the page's JavaScript), or,
// without JavaScript, the postcode or town the driver types.
import { z } from "zod";
import { PLACE_MAX, POSITION_MESSAGES } from "./position-messages";

export * from "./position-messages";

const coordinate = (limit: number) =>
  z
    .number({ invalid_type_error: POSITION_MESSAGES.invalidPoint })
    .min(-limit, POSITION_MESSAGES.invalidPoint)
    .max(limit, POSITION_MESSAGES.invalidPoint)
    .optional();

export const positionSchema = z
  .object({
    latitude: coordinate(90),
    longitude: coordinate(180),
    accuracy: z.number().min(0).max(100_000).optional(),
    place: z.string().trim().max(PLACE_MAX, POSITION_MESSAGES.placeTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    const located = value.latitude !== undefined && value.longitude !== undefined;
    if (!located && !value.place)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["place"], message: POSITION_MESSAGES.placeRequired });
  });
export type PositionInput = z.output<typeof positionSchema>;
