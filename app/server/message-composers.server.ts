// Which function composes each kind of message, from its refs and the database as it is when
// the message is sent. A composer answers null when there is nothing to send (the account or
// booking is gone, or has no address).
import { composePasswordReset, composeSignInAttackWarning } from "~/server/auth/account-emails.server";
import { composeBookingConfirmation } from "~/server/bookings/booking-emails.server";
import { composeCancellation } from "~/server/bookings/cancellation-emails.server";
import {
  composeDayBeforeReminder,
  composeDriverAssigned,
  composeDriverDropped,
  composeMoveRescheduled,
  composeMoveCompleted,
  composeOnTheWay,
} from "~/server/bookings/move-day-emails.server";
import {
  composeTextArrived,
  composeTextDayBefore,
  composeTextDriverAssigned,
  composeTextJobAssigned,
  composeTextJobCancelled,
  composeTextJobChanged,
  composeTextJobOffer,
  composeTextClaimNews,
  composeTextMoveCompleted,
  composeTextOnTheWay,
} from "~/server/bookings/move-day-texts.server";
import { composeBusinessInvitation } from "~/server/business/accounts.server";
import { composeJobOffer, composeNeedsADriver } from "~/server/drivers/dispatch.server";
import {
  composeApplicationReceived,
  composeDriverApproved,
  composeDriverDeclined,
} from "~/server/drivers/driver-emails.server";
import { composeQueuedProofToSupport } from "~/server/drivers/offline-queue.server";
import type { Email } from "~/server/platform/email.server";
import type { Text } from "~/server/platform/sms.server";
import {
  composeAccessibilityReport,
  composeAccessibilityReportCopy,
  composeContactToSupport,
  composeHelpRequestToSupport,
  composeRequesterReplyToSupport,
  composeSupportAcknowledgement,
  composeSupportAnswer,
} from "~/server/support/support-emails.server";
import type { MessageKind, MessageRefs } from "./messages/message-kinds";

/** An e-mail, or a text (a message of channel "sms"). */
export type Composed = Email | Text;

const COMPOSERS: { [Kind in MessageKind]: (refs: MessageRefs[Kind]) => Promise<Composed | null> } = {
  "booking-confirmed": composeBookingConfirmation,
  "business-invitation": composeBusinessInvitation,
  "booking-cancelled": composeCancellation,
  "driver-assigned": composeDriverAssigned,
  "driver-dropped": composeDriverDropped,
  "move-rescheduled": composeMoveRescheduled,
  "job-offer": composeJobOffer,
  "needs-a-driver": composeNeedsADriver,
  "day-before-reminder": composeDayBeforeReminder,
  "on-the-way": composeOnTheWay,
  "move-completed": composeMoveCompleted,
  "password-reset": composePasswordReset,
  "sign-in-attack": composeSignInAttackWarning,
  "application-received": composeApplicationReceived,
  "driver-declined": composeDriverDeclined,
  "driver-approved": composeDriverApproved,
  "help-request-to-support": composeHelpRequestToSupport,
  "contact-to-support": composeContactToSupport,
  "support-acknowledgement": composeSupportAcknowledgement,
  "kept-proof-to-support": composeQueuedProofToSupport,
  "requester-reply-to-support": composeRequesterReplyToSupport,
  "support-answer": composeSupportAnswer,
  "accessibility-report": composeAccessibilityReport,
  "accessibility-report-copy": composeAccessibilityReportCopy,
  "text-driver-assigned": composeTextDriverAssigned,
  "text-day-before": composeTextDayBefore,
  "text-on-the-way": composeTextOnTheWay,
  "text-arrived": composeTextArrived,
  "text-move-completed": composeTextMoveCompleted,
  "text-claim-news": composeTextClaimNews,
  "text-job-assigned": composeTextJobAssigned,
  "text-job-cancelled": composeTextJobCancelled,
  "text-job-changed": composeTextJobChanged,
  "text-job-offer": composeTextJobOffer,
};

export function composeMessage(kind: string, refs: unknown): Promise<Composed | null> {
  const composer = COMPOSERS[kind as MessageKind] as ((refs: unknown) => Promise<Composed | null>) | undefined;
  if (!composer) throw new Error(`No composer for messages of kind "${kind}"`);
  return composer(refs);
}
