// Business accounts: opening one, its users and their roles, and invitations by e-mail. The rules
// (who may do what, how many users) are domain/business.ts; this module reads and writes them,
// each change in one transaction with the e-mail it sends.
import { redirect } from "@remix-run/node";
import {
  BUSINESS_MESSAGES,
  INVITATION_DAYS,
  MAX_BUSINESS_USERS,
  may,
  removalRefusal,
  roleChangeRefusal,
  type BusinessPermission,
  type BusinessRole,
} from "~/domain/business";
import { messageKey } from "~/domain/message-delivery";
import type { BusinessSignup } from "~/schemas/business";
import { hashToken, randomToken, requireUser } from "~/server/auth/auth.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { isUniqueViolation } from "~/server/platform/db-errors.server";
import { db } from "~/server/platform/db.server";
import type { Email } from "~/server/platform/email.server";
import { absoluteUrl, env } from "~/server/platform/env.server";
import type { SessionUser } from "~/views/session-user";

/** A signed-in user's place on their business account. */
export type BusinessUser = {
  user: SessionUser;
  accountId: string;
  accountName: string;
  role: BusinessRole;
};

/** This login's business account and role, or null. */
export async function businessUserOf(user: SessionUser): Promise<BusinessUser | null> {
  const member = await db.businessMember.findUnique({
    where: { userId: user.id },
    select: { role: true, account: { select: { id: true, name: true } } },
  });
  return member ? { user, accountId: member.account.id, accountName: member.account.name, role: member.role } : null;
}

/**
 * The guard of the business pages: a signed-in user of a business account (else /business,
 * which explains the offer), with the permission asked for (else 404: another role's page is
 * not theirs to know of).
 */
export async function requireBusinessUser(request: Request, permission: BusinessPermission = "book") {
  const user = await requireUser(request);
  const member = await businessUserOf(user);
  if (!member) throw redirect("/business");
  if (!may(member.role, permission)) throw new Response("Not found", { status: 404 });
  return member;
}

export type OpenAccountResult = { ok: true; accountId: string } | { ok: false; status: 409; message: string };

/** Opens a business account with this login as its owner (a customer's login, not yet on an account). */
export async function openBusinessAccount(user: SessionUser, input: BusinessSignup): Promise<OpenAccountResult> {
  if (user.role !== "customer")
    return { ok: false, status: 409, message: "Business accounts are opened with a customer's login" };
  try {
    const account = await db.businessAccount.create({
      data: {
        name: input.companyName,
        vatNumber: input.vatNumber,
        billingAddress: input.billingAddress,
        members: { create: { userId: user.id, role: "owner" } },
      },
      select: { id: true },
    });
    return { ok: true, accountId: account.id };
  } catch (error) {
    // One account per login: the member row's userId is unique.
    if (isUniqueViolation(error))
      return { ok: false, status: 409, message: "You are a user of a business account already" };
    throw error;
  }
}

/** The account's page of users: its members, then its open invitations. */
export async function accountUsers(accountId: string, now = new Date()) {
  const [members, invitations] = await Promise.all([
    db.businessMember.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, role: true, user: { select: { id: true, username: true, email: true } } },
    }),
    db.businessInvitation.findMany({
      where: { accountId, ...openInvitation(now) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, email: true, role: true, expiresAt: true },
    }),
  ]);
  return { members, invitations };
}

const openInvitation = (now: Date) => ({ acceptedAt: null, withdrawnAt: null, expiresAt: { gt: now } });

export type BusinessChange = { ok: true; message: string } | { ok: false; status: 403 | 404 | 409; message: string };

/** Invites someone by e-mail with a role: one open invitation per address, within the account's users. */
export async function inviteToAccount(
  actor: BusinessUser,
  { email, role }: { email: string; role: BusinessRole },
  now = new Date(),
): Promise<BusinessChange> {
  const refusal = roleChangeRefusal(actor.role, null, role);
  if (refusal) return { ok: false, status: 403, message: refusal };
  return db.$transaction(async (tx) => {
    // One invitation at a time per account: the seat count below holds.
    await tx.$queryRaw`SELECT 1 FROM "BusinessAccount" WHERE "id" = ${actor.accountId} FOR UPDATE`;
    const existing = await tx.user.findUnique({
      where: { email },
      select: { businessMember: { select: { accountId: true } } },
    });
    if (existing?.businessMember)
      return {
        ok: false as const,
        status: 409 as const,
        message:
          existing.businessMember.accountId === actor.accountId
            ? BUSINESS_MESSAGES.alreadyMember
            : BUSINESS_MESSAGES.otherAccount,
      };
    const [members, open, sameAddress] = await Promise.all([
      tx.businessMember.count({ where: { accountId: actor.accountId } }),
      tx.businessInvitation.count({ where: { accountId: actor.accountId, ...openInvitation(now) } }),
      tx.businessInvitation.count({ where: { accountId: actor.accountId, email, ...openInvitation(now) } }),
    ]);
    if (sameAddress > 0) return { ok: false as const, status: 409 as const, message: BUSINESS_MESSAGES.alreadyInvited };
    if (members + open >= MAX_BUSINESS_USERS)
      return { ok: false as const, status: 409 as const, message: BUSINESS_MESSAGES.seatsFull };
    const invitation = await tx.businessInvitation.create({
      data: {
        accountId: actor.accountId,
        email,
        role,
        invitedById: actor.user.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      },
      select: { id: true },
    });
    await queueMessage(
      tx,
      "business-invitation",
      { invitationId: invitation.id },
      { key: messageKey("business-invitation", invitation.id), recipient: email },
    );
    return { ok: true as const, message: `Invitation sent to ${email}` };
  });
}

/** Withdraws an open invitation of this account: its link stops working. */
export async function withdrawInvitation(actor: BusinessUser, invitationId: string): Promise<BusinessChange> {
  if (!may(actor.role, "users")) return { ok: false, status: 403, message: BUSINESS_MESSAGES.notAllowedUsers };
  const { count } = await db.businessInvitation.updateMany({
    where: { id: invitationId, accountId: actor.accountId, acceptedAt: null, withdrawnAt: null },
    data: { withdrawnAt: new Date() },
  });
  return count === 1
    ? { ok: true, message: "Invitation withdrawn" }
    : { ok: false, status: 404, message: "That invitation is not open" };
}

/** Gives a user of this account another role (not the owner's, and not to owner). */
export async function changeRole(actor: BusinessUser, memberId: string, role: BusinessRole): Promise<BusinessChange> {
  const member = await db.businessMember.findFirst({
    where: { id: memberId, accountId: actor.accountId },
    select: { role: true, user: { select: { username: true } } },
  });
  if (!member) return { ok: false, status: 404, message: "That user is not on this account" };
  const refusal = roleChangeRefusal(actor.role, member.role, role);
  if (refusal) return { ok: false, status: 403, message: refusal };
  await db.businessMember.update({ where: { id: memberId }, data: { role } });
  return { ok: true, message: `${member.user.username} is now ${role === "admin" ? "an admin" : "a booker"}` };
}

/** Takes a user off this account (their login stays, with their own orders). */
export async function removeMember(actor: BusinessUser, memberId: string): Promise<BusinessChange> {
  const member = await db.businessMember.findFirst({
    where: { id: memberId, accountId: actor.accountId },
    select: { role: true, userId: true, user: { select: { username: true } } },
  });
  if (!member) return { ok: false, status: 404, message: "That user is not on this account" };
  const refusal = removalRefusal(actor.role, member.role, member.userId === actor.user.id);
  if (refusal) return { ok: false, status: 403, message: refusal };
  await db.businessMember.delete({ where: { id: memberId } });
  return { ok: true, message: `${member.user.username} was removed from ${actor.accountName}` };
}

// ---------------------------------------------------------------- joining by the e-mail's link

export const invitationPath = (token: string) => `/business/join/${encodeURIComponent(token)}`;

/** The invitation e-mail: its link's token is made now, so only its hash is ever stored. */
export async function composeBusinessInvitation({ invitationId }: { invitationId: string }): Promise<Email | null> {
  const invitation = await db.businessInvitation.findFirst({
    where: { id: invitationId, ...openInvitation(new Date()) },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      account: { select: { name: true } },
      invitedBy: { select: { username: true } },
    },
  });
  if (!invitation) return null;
  const token = randomToken();
  await db.businessInvitation.update({ where: { id: invitationId }, data: { tokenHash: hashToken(token) } });
  const who = invitation.invitedBy?.username ?? `Someone at ${invitation.account.name}`;
  return {
    to: invitation.email,
    subject: `${who} invited you to ${invitation.account.name} on ${env.BRAND_NAME}`,
    text: [
      "Hello,",
      "",
      `${who} invited you to join ${invitation.account.name}'s business account on ${env.BRAND_NAME}, as ${invitation.role === "admin" ? "an admin" : "a booker"}.`,
      `Accept within ${INVITATION_DAYS} days here: ${absoluteUrl(invitationPath(token))}`,
      "",
      `If you already have an ${env.BRAND_NAME} login with this address, you join with it. If you did not expect this, ignore this e-mail.`,
    ].join("\n"),
  };
}

/** An open invitation by its link's token, with its account's name; null when it is not (any longer). */
export async function invitationByToken(token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  return db.businessInvitation.findFirst({
    where: { tokenHash: hashToken(token), ...openInvitation(now) },
    select: { id: true, email: true, role: true, accountId: true, account: { select: { name: true } } },
  });
}

export type JoinResult = { ok: true; accountName: string } | { ok: false; status: 404 | 409; message: string };

/** This login joins the invitation's account with its role: once, by the invited address only. */
export async function acceptInvitation(user: SessionUser, token: string, now = new Date()): Promise<JoinResult> {
  const invitation = await invitationByToken(token, now);
  if (!invitation) return { ok: false, status: 404, message: BUSINESS_MESSAGES.invitationGone };
  if (invitation.email !== user.email.toLowerCase())
    return { ok: false, status: 409, message: BUSINESS_MESSAGES.invitationOtherEmail };
  if (user.role !== "customer")
    return { ok: false, status: 409, message: "Business accounts take customers' logins only" };
  try {
    return await db.$transaction(async (tx) => {
      const { count } = await tx.businessInvitation.updateMany({
        where: { id: invitation.id, ...openInvitation(now) },
        data: { acceptedAt: now },
      });
      if (count === 0) return { ok: false as const, status: 404 as const, message: BUSINESS_MESSAGES.invitationGone };
      await tx.businessMember.create({
        data: { accountId: invitation.accountId, userId: user.id, role: invitation.role },
      });
      return { ok: true as const, accountName: invitation.account.name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: BUSINESS_MESSAGES.otherAccount };
    throw error;
  }
}

// ---------------------------------------------------------------- the account's orders

/** The account's orders, newest first: every one for its owner and admins, a booker's own for a booker. */
export async function accountOrders(member: BusinessUser, take = 50) {
  const rows = await db.booking.findMany({
    where: {
      businessAccountId: member.accountId,
      ...(may(member.role, "allOrders") ? {} : { customerId: member.user.id }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      reference: true,
      status: true,
      moveDate: true,
      pickupAddress: true,
      deliveryAddress: true,
      finalPrice: true,
      poNumber: true,
      customerId: true,
      customer: { select: { username: true } },
    },
  });
  return rows;
}
