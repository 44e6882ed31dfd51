// The support desk's statuses, limits and messages, with no zod in them.
export const TICKET_STATUSES = ["open", "waiting_on_customer", "resolved"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  waiting_on_customer: "Waiting on customer",
  resolved: "Resolved",
};

export const REPLY_MAX = 2000;
export const CONTACT_NAME_MAX = 100;

export const TICKET_MESSAGES = {
  replyRequired: "Type your reply.",
  replyTooLong: `Keep the reply to ${REPLY_MAX} characters or fewer.`,
  invalidStatus: "Choose a status.",
  notFound: "That conversation was not found.",
  replied: "Reply sent",
  statusChanged: "Status changed",
  nameRequired: "Enter your name.",
  nameTooLong: `Keep your name to ${CONTACT_NAME_MAX} characters or fewer.`,
  emailRequired: "Enter your e-mail address, so that we can answer.",
  emailInvalid: "Enter a valid e-mail address, like name@example.com.",
  messageRequired: "Tell us how we can help.",
  contactSent: "Message sent",
  contactSentDescription: "Our support team will answer by e-mail, usually within the hour.",
} as const;

/** What each kind of ticket is called (the support inbox's e-mails, the ticket lists). */
export const SUPPORT_REQUEST_KIND_LABELS = {
  support: "Support request",
  change_request: "Change request",
  complaint: "Problem report",
  location_share: "Shared location",
  claim: "Damage claim",
} as const;
