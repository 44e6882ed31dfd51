// The e-mails about an account: a password reset link, and the warning that many addresses are
// guessing its password. Composed by the message queue's worker (server/messages); the reset
// link's token is made then, so it is never stored in the clear, and each try has its own.
import { db } from "~/server/platform/db.server";
import type { Email } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import { issuePasswordResetToken, passwordResetUrl, PASSWORD_RESET_TTL_HOURS } from "./auth.server";

const findAccount = (userId: string) =>
  db.user.findUnique({ where: { id: userId }, select: { id: true, username: true, email: true, isActive: true } });

export async function composePasswordReset({ userId }: { userId: string }): Promise<Email | null> {
  const user = await findAccount(userId);
  if (!user?.isActive) return null;
  const url = passwordResetUrl(await issuePasswordResetToken(user.id));
  return {
    to: user.email,
    subject: `Reset your ${env.BRAND_NAME} password`,
    text: [
      `Hello ${user.username},`,
      "",
      `Someone (we hope you) asked to reset the password of your ${env.BRAND_NAME} account.`,
      `Choose a new password here within the next ${PASSWORD_RESET_TTL_HOURS} hour: ${url}`,
      "",
      "The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export async function composeSignInAttackWarning({ userId }: { userId: string }): Promise<Email | null> {
  const user = await findAccount(userId);
  if (!user?.isActive) return null;
  return {
    to: user.email,
    subject: `Sign-in attempts on your ${env.BRAND_NAME} account`,
    text: [
      `Hello ${user.username},`,
      "",
      `Many wrong passwords were just tried on your ${env.BRAND_NAME} account, from many places, so signing in to it is paused for a few minutes.`,
      "If this was not you, your password kept the account safe. To be safer still, choose a new one:",
      absoluteUrl("/forgot-password"),
      "",
      `Questions? Call ${env.SUPPORT_PHONE} or write to ${env.SUPPORT_EMAIL}.`,
    ].join("\n"),
  };
}
