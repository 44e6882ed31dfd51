// The tracker's help actions: share where you are, ask for a change, contact
// support. Each is stored as a SupportRequest the admin sees.
import { z } from "zod";
import { HELP_KINDS, HELP_MESSAGE_MAX, HELP_MESSAGES } from "./help-request-messages";

export * from "./help-request-messages";

const coordinate = (limit: number) =>
  z
    .number({ invalid_type_error: HELP_MESSAGES.invalidLocation })
    .min(-limit, HELP_MESSAGES.invalidLocation)
    .max(limit, HELP_MESSAGES.invalidLocation)
    .optional();

export const helpRequestSchema = z
  .object({
    kind: z.enum(HELP_KINDS, { errorMap: () => ({ message: HELP_MESSAGES.invalidKind }) }),
    message: z.string().trim().max(HELP_MESSAGE_MAX, HELP_MESSAGES.messageTooLong).optional(),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine((value, ctx) => {
    const located = value.kind === "location_share" && value.latitude !== undefined && value.longitude !== undefined;
    if (!value.message && !located) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["message"],
        message: HELP_MESSAGES.messageRequired[value.kind],
      });
    }
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["message"], message: HELP_MESSAGES.invalidLocation });
    }
  })
  .transform(({ kind, message, latitude, longitude }) => {
    const located = kind === "location_share" && latitude !== undefined && longitude !== undefined;
    return {
      kind,
      message: message || "Shared my location",
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
    };
  });
export type HelpRequestInput = z.output<typeof helpRequestSchema>;
