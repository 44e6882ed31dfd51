// Help requests' kinds, labels, limits and messages, with no zod in them (schemas/help-request.ts
// loads when the form is first used).

// "complaint" is the problem report after delivery: its customer's, for 48 hours after completion.
export const HELP_KINDS = ["location_share", "change_request", "support", "complaint"] as const;

export type HelpKind = (typeof HELP_KINDS)[number];

export const HELP_MESSAGE_MAX = 1000;

export const HELP_KIND_LABELS: Record<HelpKind, string> = {
  location_share: "Share location",
  change_request: "Request a change",
  support: "Contact support",
  complaint: "Report a problem",
};

export const HELP_MESSAGES = {
  invalidKind: "Choose what you need help with",
  messageRequired: {
    location_share: "Tell us where you are, or share your location",
    change_request: "Tell us what you would like to change",
    support: "Tell us how we can help",
    complaint: "Tell us what went wrong",
  } satisfies Record<HelpKind, string>,
  messageTooLong: `Keep the message to ${HELP_MESSAGE_MAX} characters or fewer`,
  invalidLocation: "That location could not be read. Type where you are instead.",
  sent: {
    location_share: "Location shared",
    change_request: "Change request sent",
    support: "Support request sent",
    complaint: "Problem reported",
  } satisfies Record<HelpKind, string>,
  sentDescription: "Our team will be in touch shortly.",
  problemWindowClosed: "Problems can be reported by the customer for 48 hours after the move is completed.",
  notFound: "Booking not found",
  failed: "Your request could not be sent",
} as const;
