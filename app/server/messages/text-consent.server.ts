// Consent to texts about moves: on by default, turned off for one move at checkout
// (Booking.textUpdates) or for every move on /account (User.textUpdates). A reply of STOP
// (TextOptOut, twilio-webhooks.server.ts) stops every text to the number, whoever's it is.
import { db } from "~/server/platform/db.server";
import type { Prisma } from "../../../generated/prisma/client";

/** Whether the account wants texts about its moves. */
export async function accountWantsTexts(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { textUpdates: true } });
  return user?.textUpdates ?? true;
}

export async function setAccountTexts(userId: string, on: boolean) {
  await db.user.update({ where: { id: userId }, data: { textUpdates: on } });
}

/** The booking's customer wants texts: ticked at checkout and not turned off on their account. */
export const customerWantsTexts = (booking: { textUpdates: boolean; customer: { textUpdates: boolean } | null }) =>
  booking.textUpdates && (booking.customer?.textUpdates ?? true);

/** What to select of a booking for customerWantsTexts. */
export const TEXT_CONSENT_SELECT = {
  textUpdates: true,
  customer: { select: { textUpdates: true } },
} satisfies Prisma.BookingSelect;
