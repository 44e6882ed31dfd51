// The support desk's forms: a reply in a ticket's thread (either side), the admin's status
// change, and a visitor's contact form (which opens a ticket without an account).
import { z } from "zod";
import { HELP_MESSAGE_MAX } from "./help-request-messages";
import { CONTACT_NAME_MAX, REPLY_MAX, TICKET_MESSAGES, TICKET_STATUSES } from "./support-ticket-messages";

export * from "./support-ticket-messages";

const ticketId = z
  .string({ required_error: TICKET_MESSAGES.notFound })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, TICKET_MESSAGES.notFound);

export const ticketReplySchema = z.object({
  ticketId,
  body: z
    .string({ required_error: TICKET_MESSAGES.replyRequired })
    .trim()
    .min(1, TICKET_MESSAGES.replyRequired)
    .max(REPLY_MAX, TICKET_MESSAGES.replyTooLong),
});

export const ticketStatusSchema = z.object({
  ticketId,
  status: z.enum(TICKET_STATUSES, { errorMap: () => ({ message: TICKET_MESSAGES.invalidStatus }) }),
});

export const contactFormSchema = z.object({
  name: z
    .string({ required_error: TICKET_MESSAGES.nameRequired })
    .trim()
    .min(1, TICKET_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX, TICKET_MESSAGES.nameTooLong),
  email: z
    .string({ required_error: TICKET_MESSAGES.emailRequired })
    .trim()
    .min(1, TICKET_MESSAGES.emailRequired)
    .max(254, TICKET_MESSAGES.emailInvalid)
    .email(TICKET_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
  message: z
    .string({ required_error: TICKET_MESSAGES.messageRequired })
    .trim()
    .min(1, TICKET_MESSAGES.messageRequired)
    .max(HELP_MESSAGE_MAX, `Keep the message to ${HELP_MESSAGE_MAX} characters or fewer.`),
});
