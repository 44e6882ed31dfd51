// The e-mails to driver applicants: the application received, declined, and approved (with a
// link to set their password). Composed by the message queue's worker from the ids the
// change queued (server/messages), so they hold what is true when they are sent.
import { issuePasswordResetToken, passwordResetUrl } from "~/server/auth/auth.server";
import { db } from "~/server/platform/db.server";
import type { Email } from "~/server/platform/email.server";
import { env } from "~/server/platform/env.server";

/** How long an approved driver's set-password link works. */
export const SET_PASSWORD_LINK_HOURS = 72;

const findApplicant = (driverId: string) =>
  db.driver.findUnique({ where: { id: driverId }, select: { name: true, email: true } });

export async function composeApplicationReceived({ driverId }: { driverId: string }): Promise<Email | null> {
  const driver = await findApplicant(driverId);
  if (!driver) return null;
  const brand = env.BRAND_NAME;
  return {
    to: driver.email,
    subject: `We've received your ${brand} driver application`,
    text: [
      `Hello ${driver.name},`,
      "",
      `Thank you for applying to drive with ${brand}. We've received your application and your documents and will review them shortly.`,
      "We'll e-mail you as soon as a decision has been made. There is nothing more you need to do for now.",
      "",
      `If you did not apply, or have a question, contact us at ${env.SUPPORT_EMAIL} or ${env.SUPPORT_PHONE}.`,
      "",
      `The ${brand} team`,
    ].join("\n"),
  };
}

/** The applicant hears the answer either way: a decline is said kindly, with whom to ask. */
export async function composeDriverDeclined({ driverId }: { driverId: string }): Promise<Email | null> {
  const driver = await findApplicant(driverId);
  if (!driver) return null;
  const brand = env.BRAND_NAME;
  return {
    to: driver.email,
    subject: `Your ${brand} driver application`,
    text: [
      `Hello ${driver.name},`,
      "",
      `Thank you for applying to drive with ${brand}. We have looked at your application carefully, and we cannot offer you work with us at the moment.`,
      "If your situation changes (your documents, your van or your insurance), you are welcome to apply again.",
      "",
      `If you would like to know more, contact us at ${env.SUPPORT_EMAIL} or ${env.SUPPORT_PHONE}.`,
      "",
      `The ${brand} team`,
    ].join("\n"),
  };
}

/**
 * The approved driver's welcome, with a link to choose their password. The link's token is
 * made when the e-mail is composed: it is never stored in the clear, so each try has its own.
 */
export async function composeDriverApproved({ userId }: { userId: string }): Promise<Email | null> {
  const account = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, username: true, email: true, isActive: true },
  });
  if (!account?.isActive) return null;
  const url = passwordResetUrl(await issuePasswordResetToken(account.id, { hours: SET_PASSWORD_LINK_HOURS }));
  const brand = env.BRAND_NAME;
  return {
    to: account.email,
    subject: `Your ${brand} driver application is approved: set your password`,
    text: [
      `Hello ${account.username},`,
      "",
      `Good news: your application to drive with ${brand} has been approved.`,
      `Choose a password for your driver account here within the next ${SET_PASSWORD_LINK_HOURS / 24} days: ${url}`,
      `Then sign in with this e-mail address (${account.email}).`,
      "",
      `The link works once. If it has expired, ask for a new one with "Forgot password" on the sign-in page.`,
      `Questions? Contact us at ${env.SUPPORT_EMAIL} or ${env.SUPPORT_PHONE}.`,
      "",
      `The ${brand} team`,
    ].join("\n"),
  };
}
