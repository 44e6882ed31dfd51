// Deciding a damage claim: an admin offers an amount within the limits or
// declines with a reason; the customer accepts the offer or disputes it, which reopens the
// ticket. Each step is a conditional update from the state it was read in, under the booking's
// row lock, so a double click or two admins at once change a claim once. The customer hears
// of an offer or a refusal in the ticket's thread (and by e-mail); every step is in the audit
// log.
import {
  claimCountedPence,
  claimMayMove,
  moveLimitLeft,
  offerLimitPence,
  type ClaimState,
} from "~/domain/damage-claims";
import { coverLimits } from "~/domain/goods-cover";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { CLAIM_DECISION_MESSAGES, CLAIM_STATE_LABELS } from "~/schemas/damage-claim-messages";
import { queueCustomerText } from "~/server/bookings/move-day-texts.server";
import type { AnswerAbout } from "~/server/messages/message-kinds";
import { queueMessage } from "~/server/messages/outbox.server";
import { recordAudit } from "~/server/platform/audit.server";
import { db } from "~/server/platform/db.server";
import { absoluteUrl } from "~/server/platform/env.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import type { SessionUser } from "~/views/session-user";
import type { Prisma } from "../../../generated/prisma/client";

type Tx = Prisma.TransactionClient;

/** The claim with what may be offered on it: its payable amount within what the move's other claims leave. */
async function claimWithOfferLimit(client: Tx | typeof db, claimId: string) {
  const claim = await client.damageClaim.findUnique({
    where: { id: claimId },
    include: {
      ticket: { select: { id: true, user: { select: { email: true } } } },
      booking: {
        select: {
          id: true,
          reference: true,
          declaredValue: true,
          driverId: true,
          damageClaims: { select: { id: true, state: true, offeredPence: true, payablePence: true } },
        },
      },
    },
  });
  if (!claim) return null;
  const others = claim.booking.damageClaims.filter((other) => other.id !== claim.id).map(claimCountedPence);
  const leftWithoutThis = moveLimitLeft(coverLimits(claim.booking.declaredValue), others);
  return { claim, offerLimit: offerLimitPence(claim.payablePence, leftWithoutThis) };
}

/** The claim as claimWithOfferLimit, read under its booking's row lock (for a step that changes it). */
export async function lockedClaim(tx: Tx, claimId: string) {
  const found = await tx.damageClaim.findUnique({ where: { id: claimId }, select: { bookingId: true } });
  if (!found) return null;
  await tx.$queryRaw`SELECT 1 FROM "Booking" WHERE "id" = ${found.bookingId} FOR UPDATE`;
  return claimWithOfferLimit(tx, claimId);
}

/** A message in the claim's ticket, from support (e-mailed to the customer) or from the customer. */
export async function postInTicket(
  tx: Tx,
  claim: { bookingId: string; ticket: { id: string; user: { email: string } | null } },
  {
    fromSupport,
    authorId,
    body,
    about,
  }: {
    fromSupport: boolean;
    authorId: string | null;
    body: string;
    /** What support's message is about (an offer, a decision, a payment): its e-mail's subject names it. */
    about?: AnswerAbout;
  },
) {
  const reply = await tx.supportReply.create({
    data: { requestId: claim.ticket.id, fromSupport, authorId, body },
    select: { id: true },
  });
  if (fromSupport && claim.ticket.user)
    await queueMessage(
      tx,
      "support-answer",
      { replyId: reply.id, ...(about ? { about } : {}) },
      { key: messageKey("support-answer", reply.id), bookingId: claim.bookingId, recipient: claim.ticket.user.email },
    );
  // The same news by text, when the customer takes texts about the move.
  if (fromSupport && about) await queueCustomerText(tx, "text-claim-news", claim.bookingId, reply.id, about);
  await tx.supportRequest.update({
    where: { id: claim.ticket.id },
    data: { status: fromSupport ? "waiting_on_customer" : "open", resolvedAt: null },
  });
}

/** Moves the claim from the state it was read in: true if this call did it. */
async function moveClaim(tx: Tx, claimId: string, from: ClaimState, data: Prisma.DamageClaimUpdateManyMutationInput) {
  const { count } = await tx.damageClaim.updateMany({ where: { id: claimId, state: from }, data });
  return count === 1;
}

export type ClaimStep = { ok: true } | { ok: false; status: 404 | 409 | 400 | 502; field?: string; message: string };

/**
 * An admin offers `amountPence` (checked as an amount by adminClaimStepSchema): within what the
 * claim may be paid and the move's limit left.
 */
export async function offerOnClaim(adminId: string, claimId: string, amountPence: number): Promise<ClaimStep> {
  const result = await db.$transaction(async (tx): Promise<ClaimStep & { bookingId?: string }> => {
    const locked = await lockedClaim(tx, claimId);
    if (!locked) return { ok: false, status: 404, message: CLAIM_DECISION_MESSAGES.notFound };
    const { claim, offerLimit } = locked;
    if (!claimMayMove(claim.state, "offered"))
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.decided(CLAIM_STATE_LABELS[claim.state]) };
    if (amountPence > offerLimit)
      return {
        ok: false,
        status: 400,
        field: "amount",
        message: CLAIM_DECISION_MESSAGES.overLimit(formatPounds(offerLimit)),
      };
    if (
      !(await moveClaim(tx, claim.id, claim.state, {
        state: "offered",
        offeredPence: amountPence,
        disputeReason: null,
      }))
    )
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.changed };
    await postInTicket(tx, claim, {
      fromSupport: true,
      authorId: adminId,
      about: { kind: "claim-offer", amount: formatPounds(amountPence) },
      body: CLAIM_DECISION_MESSAGES.offerText(
        formatPounds(amountPence),
        absoluteUrl(`/bookings/${claim.bookingId}/claim`),
      ),
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "claim.offer",
        targetType: "DamageClaim",
        targetId: claim.id,
        details: { amountPence },
      },
      tx,
    );
    return { ok: true, bookingId: claim.bookingId };
  });
  return finish(result);
}

/** An admin declines the claim, with the reason the customer is given (checked by adminClaimStepSchema). */
export async function declineClaim(adminId: string, claimId: string, why: string): Promise<ClaimStep> {
  const result = await db.$transaction(async (tx): Promise<ClaimStep & { bookingId?: string }> => {
    const locked = await lockedClaim(tx, claimId);
    if (!locked) return { ok: false, status: 404, message: CLAIM_DECISION_MESSAGES.notFound };
    const { claim } = locked;
    if (!claimMayMove(claim.state, "declined"))
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.decided(CLAIM_STATE_LABELS[claim.state]) };
    if (!(await moveClaim(tx, claim.id, claim.state, { state: "declined", declineReason: why })))
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.changed };
    await postInTicket(tx, claim, {
      fromSupport: true,
      authorId: adminId,
      about: { kind: "claim-declined" },
      body: CLAIM_DECISION_MESSAGES.declineText(why),
    });
    await recordAudit(
      {
        actorId: adminId,
        action: "claim.decline",
        targetType: "DamageClaim",
        targetId: claim.id,
        details: { reason: why },
      },
      tx,
    );
    return { ok: true, bookingId: claim.bookingId };
  });
  return finish(result);
}

/** The customer accepts the offer, or disputes it with a reason (the claim is reviewed again). */
export async function answerOffer(
  user: Pick<SessionUser, "id">,
  claimId: string,
  answer: { accept: true } | { accept: false; reason: string },
): Promise<ClaimStep> {
  const result = await db.$transaction(async (tx): Promise<ClaimStep & { bookingId?: string }> => {
    const locked = await lockedClaim(tx, claimId);
    if (!locked || locked.claim.customerId !== user.id)
      return { ok: false, status: 404, message: CLAIM_DECISION_MESSAGES.notFound };
    const { claim } = locked;
    if (claim.state !== "offered")
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.noOffer(CLAIM_STATE_LABELS[claim.state]) };
    const to: ClaimState = answer.accept ? "accepted" : "under_review";
    if (
      !(await moveClaim(
        tx,
        claim.id,
        "offered",
        answer.accept ? { state: to } : { state: to, disputeReason: answer.reason },
      ))
    )
      return { ok: false, status: 409, message: CLAIM_DECISION_MESSAGES.changed };
    await postInTicket(tx, claim, {
      fromSupport: false,
      authorId: user.id,
      body: answer.accept
        ? CLAIM_DECISION_MESSAGES.acceptedText(formatPounds(claim.offeredPence ?? 0))
        : CLAIM_DECISION_MESSAGES.disputeText(answer.reason),
    });
    await recordAudit(
      {
        actorId: user.id,
        action: answer.accept ? "claim.accept" : "claim.dispute",
        targetType: "DamageClaim",
        targetId: claim.id,
        details: answer.accept ? { offeredPence: claim.offeredPence } : { reason: answer.reason },
      },
      tx,
    );
    return { ok: true, bookingId: claim.bookingId };
  });
  return finish(result);
}

async function finish(result: ClaimStep & { bookingId?: string }): Promise<ClaimStep> {
  if (result.ok && result.bookingId) await publishLiveEvent({ bookingId: result.bookingId, kind: "booking" });
  return result.ok ? { ok: true } : result;
}

/** A claim as the admin's page shows it: items, files, the proof's notes, limits and what may be offered. */
export async function claimForAdmin(claimId: string) {
  const found = await claimWithOfferLimit(db, claimId);
  if (!found) return null;
  const { claim, offerLimit } = found;
  const details = await db.damageClaim.findUniqueOrThrow({
    where: { id: claimId },
    select: {
      items: { orderBy: { position: "asc" } },
      files: { orderBy: { createdAt: "asc" }, select: { id: true, kind: true } },
      // The photos' ids, not Prisma's _count: that counts the whole table in a subquery.
      deliveryProof: { select: { damageNotes: true, id: true, photos: { select: { id: true } } } },
    },
  });
  return {
    id: claim.id,
    state: claim.state,
    stateText: CLAIM_STATE_LABELS[claim.state],
    booking: { id: claim.booking.id, reference: claim.booking.reference },
    ticketId: claim.ticketId,
    coverText: claim.declaredValue
      ? `Extended cover, £${claim.declaredValue.toLocaleString("en-GB")} declared`
      : "Standard cover",
    claimed: formatPounds(claim.claimedPence),
    payable: formatPounds(claim.payablePence),
    offered: claim.offeredPence === null ? null : formatPounds(claim.offeredPence),
    offerLimit: formatPounds(offerLimit),
    declineReason: claim.declineReason,
    disputeReason: claim.disputeReason,
    sentText: formatUkDateTime(claim.createdAt),
    items: details.items.map((item) => ({
      description: item.description,
      claimed: formatPounds(item.amountPence),
      payable: formatPounds(item.payablePence),
    })),
    files: details.files.map((file, index) => ({
      href: `/claim-file/${claim.id}/${file.id}`,
      label: file.kind === "proof_of_value" ? "Proof of value" : `Photo ${index + 1}`,
    })),
    proofNotes: details.deliveryProof?.damageNotes ?? null,
    proofPhotos: details.deliveryProof?.photos.length ?? 0,
    mayOffer: claimMayMove(claim.state, "offered") && offerLimit > 0,
    mayDecline: claimMayMove(claim.state, "declined"),
  };
}
