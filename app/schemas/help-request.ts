// The tracker's help actions (issue 12): share where you are, ask for a change, contact
// support. Each is stored as a SupportRequest the admin sees.
import { z } from "zod";

export const HELP_KINDS = ["location_share", "change_request", "support"] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

export const HELP_MESSAGE_MAX = 1000;

export const HELP_KIND_LABELS: Record<HelpKind, string> = {
  location_share: "Share location",
  change_request: "Request a change",
  support: "Contact support",
};

export const HELP_MESSAGES = {
  invalidKind: "Choose what you need help with",
  messageRequired: {
    location_share: "Tell us where you are, or share your location",
    change_request: "Tell us what you would like to change",
    support: "Tell us how we can help",
  } satisfies Record<HelpKind, string>,
  messageTooLong: `Keep the message to ${HELP_MESSAGE_MAX} characters or fewer`,
  invalidLocation: "That location could not be read. Type where you are instead.",
  sent: {
    location_share: "Location shared",
    change_request: "Change request sent",
    support: "Support request sent",
  } satisfies Record<HelpKind, string>,
  sentDescription: "Our team will be in touch shortly.",
  notFound: "Booking not found",
  failed: "Your request could not be sent",
} as const;

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
