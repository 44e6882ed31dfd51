// The support desk's e-mails: to the support inbox (a help request, a requester's reply, a
// visitor's contact form, an accessibility report) and to the requester (that their message
// arrived, support's answer, the copy of their accessibility report). Composed by the message
// queue's worker (server/messages) from the ticket or reply the change saved.
import type { AccessibilityReport } from "~/schemas/accessibility-report";
import { claimNewsTitle } from "~/schemas/damage-claim-messages";
import { SUPPORT_REQUEST_KIND_LABELS } from "~/schemas/support-ticket-messages";
import type { AnswerAbout } from "~/server/messages/message-kinds";
import { db } from "~/server/platform/db.server";
import type { Email } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { trackerPath } from "~/utils/tracker-path";

const findTicket = (requestId: string) =>
  db.supportRequest.findUnique({
    where: { id: requestId },
    select: {
      id: true,
      kind: true,
      message: true,
      latitude: true,
      longitude: true,
      name: true,
      email: true,
      bookingId: true,
      booking: { select: { id: true, reference: true } },
      user: { select: { email: true, username: true, role: true } },
    },
  });

const findReply = (replyId: string) =>
  db.supportReply.findUnique({
    where: { id: replyId },
    select: { body: true, authorId: true, request: { select: { id: true } } },
  });

/** A help request from a booking's tracker, to the support inbox. */
export async function composeHelpRequestToSupport({ requestId }: { requestId: string }): Promise<Email | null> {
  const ticket = await findTicket(requestId);
  if (!ticket?.booking) return null;
  const label = SUPPORT_REQUEST_KIND_LABELS[ticket.kind];
  return {
    to: env.SUPPORT_EMAIL,
    subject: `${label}: ${ticket.booking.reference}`,
    text: [
      `${label} from the ${ticket.user?.role === "driver" ? "driver" : "customer"} of ${ticket.booking.reference}:`,
      "",
      ticket.message,
      ...(ticket.latitude !== null ? ["", `Location: ${ticket.latitude}, ${ticket.longitude}`] : []),
      "",
      `The booking: ${absoluteUrl(`/admin/bookings/${ticket.booking.id}`)}`,
    ].join("\n"),
  };
}

/** A visitor's contact form (no account), to the support inbox. */
export async function composeContactToSupport({ requestId }: { requestId: string }): Promise<Email | null> {
  const ticket = await findTicket(requestId);
  if (!ticket) return null;
  return {
    to: env.SUPPORT_EMAIL,
    subject: `Support request from ${ticket.name} (contact form)`,
    text: [
      `From: ${ticket.name} <${ticket.email}>`,
      "",
      ticket.message,
      "",
      `Answer it: ${absoluteUrl(`/admin/support#ticket-${ticket.id}`)}`,
    ].join("\n"),
  };
}

/** The requester hears that their message arrived, and how the answer will come. */
export async function composeSupportAcknowledgement({ requestId }: { requestId: string }): Promise<Email | null> {
  const ticket = await findTicket(requestId);
  const to = ticket?.user?.email ?? ticket?.email;
  if (!ticket || !to) return null;
  return {
    to,
    subject: `We have your message: ${env.BRAND_NAME} support`,
    text: [
      `Hello ${ticket.user?.username ?? ticket.name},`,
      "",
      "Thank you for writing to us. Our support team will answer you soon, usually within the hour.",
      "",
      "Your message:",
      ticket.message,
      "",
      `Urgent? Call us on ${env.SUPPORT_PHONE}.`,
      "",
      `The ${env.BRAND_NAME} team`,
    ].join("\n"),
  };
}

/** A requester answered in their ticket's thread: the support inbox hears of it. */
export async function composeRequesterReplyToSupport({ replyId }: { replyId: string }): Promise<Email | null> {
  const reply = await findReply(replyId);
  const ticket = reply && (await findTicket(reply.request.id));
  if (!reply || !ticket) return null;
  return {
    to: env.SUPPORT_EMAIL,
    subject: `Reply from ${ticket.user?.username ?? ticket.name}: ${SUPPORT_REQUEST_KIND_LABELS[ticket.kind]}${ticket.booking ? `, ${ticket.booking.reference}` : ""}`,
    text: [reply.body, "", `Answer it: ${absoluteUrl(`/admin/support#ticket-${ticket.id}`)}`].join("\n"),
  };
}

/** The subject of support's answer: what it is about, and the booking. */
function answerSubject(about: AnswerAbout | undefined, reference: string | null) {
  if (about && reference) return claimNewsTitle(about, reference);
  return `${env.BRAND_NAME} support has answered${reference ? `: ${reference}` : ""}`;
}

/** Support answered in the thread: the requester gets the answer by e-mail. */
export async function composeSupportAnswer({
  replyId,
  about,
}: {
  replyId: string;
  about?: AnswerAbout;
}): Promise<Email | null> {
  const reply = await findReply(replyId);
  const ticket = reply && (await findTicket(reply.request.id));
  const to = ticket?.user?.email ?? ticket?.email;
  if (!reply || !ticket || !to) return null;
  const name = ticket.user?.username ?? ticket.name ?? "there";
  const answerAt = ticket.bookingId ? absoluteUrl(`${trackerPath(ticket.bookingId)}#support`) : null;
  return {
    to,
    subject: answerSubject(about, ticket.booking?.reference ?? null),
    text: [
      `Hello ${name},`,
      "",
      reply.body,
      "",
      answerAt ? `Read and answer on your booking's tracker: ${answerAt}` : `To answer, write to ${env.SUPPORT_EMAIL}.`,
      `Or call us on ${env.SUPPORT_PHONE}.`,
      "",
      `The ${env.BRAND_NAME} team`,
    ].join("\n"),
  };
}

function reportText(report: AccessibilityReport) {
  return [
    `From: ${report.name ?? "(no name given)"} <${report.email}>`,
    `Page: ${report.page ?? "(not given)"}`,
    "",
    report.problem,
  ].join("\n");
}

/** An accessibility problem report (kept nowhere but in its message), to the support inbox. */
export async function composeAccessibilityReport({ report }: { report: AccessibilityReport }): Promise<Email> {
  return {
    to: env.SUPPORT_EMAIL,
    subject: `Accessibility problem reported${report.page ? `: ${report.page}` : ""}`,
    text: reportText(report),
  };
}

/** The reporter's copy, so they know it arrived. */
export async function composeAccessibilityReportCopy({ report }: { report: AccessibilityReport }): Promise<Email> {
  return {
    to: report.email,
    subject: `${env.BRAND_NAME}: we have your accessibility report`,
    text: [
      `Thank you for telling us about an accessibility problem. We reply within 5 working days.`,
      "",
      "What you sent us:",
      "",
      reportText(report),
    ].join("\n"),
  };
}
