// Every kind of message, with what its composer needs (ids, kept in Message.refs). The
// registry of composers (composers.server.ts) must have one for each.
import type { CancellationRefund } from "~/domain/cancellation";
import type { AccessibilityReport } from "~/schemas/accessibility-report";
import type { ClaimNews } from "~/schemas/damage-claim-messages";

type Booking = { bookingId: string };
type Account = { userId: string };
type Ticket = { requestId: string };
type Reply = { replyId: string };
/** What an answer in a support thread is about, when it is more than an answer: its subject says so. */
export type AnswerAbout = ClaimNews;

export type MessageRefs = {
  "booking-confirmed": Booking;
  "booking-cancelled": Booking & { offer: CancellationRefund };
  "driver-assigned": Booking;
  "driver-dropped": Booking;
  /** `from`: the date and time it was, in words. */
  "move-rescheduled": Booking & { from: string };
  /** An open job told to a driver who may take it, and one nobody has taken, to admins. */
  "job-offer": Booking & { driverId: string };
  "needs-a-driver": Booking;
  "day-before-reminder": Booking;
  "on-the-way": Booking & { etaMinutes: number | null };
  "move-completed": Booking;
  "password-reset": Account;
  "sign-in-attack": Account;
  /** An invitation to join a business account: its link is made as it is composed. */
  "business-invitation": { invitationId: string };
  "application-received": { driverId: string };
  "driver-declined": { driverId: string };
  "driver-approved": Account;
  "help-request-to-support": Ticket;
  "contact-to-support": Ticket;
  "support-acknowledgement": Ticket;
  /** A driver's proof the job refused after a time offline, with its stored photos. */
  "kept-proof-to-support": Ticket & { photos: { key: string; mimeType: string }[] };
  "requester-reply-to-support": Reply;
  "support-answer": Reply & { about?: AnswerAbout };
  /** Kept nowhere else: the report itself. */
  "accessibility-report": { report: AccessibilityReport };
  "accessibility-report-copy": { report: AccessibilityReport };
  // Texts (channel "sms"): to the customer, then to the driver.
  "text-driver-assigned": Booking;
  "text-day-before": Booking;
  "text-on-the-way": Booking;
  "text-arrived": Booking;
  "text-move-completed": Booking;
  /** A claim's offer, decision or payment, as its e-mail says (support-answer's `about`). */
  "text-claim-news": Booking & { about: ClaimNews };
  "text-job-assigned": Booking & { driverId: string };
  "text-job-cancelled": Booking & { driverId: string };
  "text-job-changed": Booking & { driverId: string };
  "text-job-offer": Booking & { driverId: string };
};

export type MessageKind = keyof MessageRefs;

/** A message's channel, by its kind: texts are the kinds named "text-…". */
export const channelOf = (kind: MessageKind): "email" | "sms" => (kind.startsWith("text-") ? "sms" : "email");
