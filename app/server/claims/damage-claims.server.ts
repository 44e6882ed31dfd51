// Damage claims under a move's cover (docs/PRICING.md v3 "Claims"), the customer's side:
// for 7 days from delivery the booking's customer claims for damaged items, with 1 to 6 photos
// and an optional proof of value. Each item's payable amount is limited as the rules say, with
// earlier claims on the move counted. A claim is a support ticket of the kind "claim" with its
// own states; the proof of delivery's damage notes and photos come with it.
import { parseWithZod } from "@conform-to/zod";
import {
  claimCountedPence,
  claimSettledPence,
  claimWindow,
  itemLimitSentence,
  limitClaim,
  moveLimitLeft,
} from "~/domain/damage-claims";
import { coverLimits, coverView } from "~/domain/goods-cover";
import { messageKey } from "~/domain/message-delivery";
import { formatPounds } from "~/domain/money";
import { formatCalendarDate, formatUkDate, formatUkDateTime } from "~/domain/uk-datetime";
import { CLAIM_MAX_PHOTOS, CLAIM_MESSAGES, CLAIM_STATE_LABELS, damageClaimSchema } from "~/schemas/damage-claim";
import { CLAIM_PAYMENT_MESSAGES, claimPaidHow } from "~/schemas/damage-claim-messages";
import { refundableCharges } from "~/server/bookings/refunds.server";
import { queueMessage } from "~/server/messages/outbox.server";
import { recordAudit } from "~/server/platform/audit.server";
import { maxPhotoFormBytes } from "~/server/platform/body-limits.server";
import { db } from "~/server/platform/db.server";
import { env } from "~/server/platform/env.server";
import { publishLiveEvent } from "~/server/platform/live.server";
import { deletePhotos, readPhoto, receivePhotoForm, type StoredPhoto } from "~/server/uploads/photos.server";
import type { ClaimSummary } from "~/views/claims";
import type { SessionUser } from "~/views/session-user";
import type { Prisma } from "../../../generated/prisma/client";
import { claimPaymentPlanFrom } from "./claim-payments.server";

/** Where a claim's files are stored. */
const claimFolder = (bookingId: string) => `claims/${bookingId}`;

const CLAIM_SUMMARY_SELECT = {
  id: true,
  state: true,
  claimedPence: true,
  payablePence: true,
  offeredPence: true,
  declineReason: true,
  createdAt: true,
  refundPence: true,
  bankPence: true,
  paidAt: true,
  bankPaidAt: true,
  bankAccountLast4: true,
} satisfies Prisma.DamageClaimSelect;

type ClaimRow = Prisma.DamageClaimGetPayload<{ select: typeof CLAIM_SUMMARY_SELECT }>;

/** How a paid claim was paid, in the customer's words. */
function paidText(claim: ClaimRow): string | null {
  if (claim.state !== "paid" || !claim.paidAt) return null;
  const how = claimPaidHow({
    refund: claim.refundPence ? formatPounds(claim.refundPence) : null,
    bank: claim.bankPence ? formatPounds(claim.bankPence) : null,
    bankAccountLast4: claim.bankAccountLast4,
    bankSentOn: claim.bankPaidAt ? formatUkDate(claim.bankPaidAt, "long") : null,
  });
  return CLAIM_PAYMENT_MESSAGES.paidOn(formatUkDate(claim.paidAt, "long"), how);
}

/** A claim as the customer's pages show it (bankNeededPence: an accepted offer's bank part, see claimPageFor). */
function claimSummary(claim: ClaimRow, bankNeededPence = 0): ClaimSummary {
  return {
    id: claim.id,
    state: claim.state,
    stateText: CLAIM_STATE_LABELS[claim.state],
    claimed: formatPounds(claim.claimedPence),
    payable: formatPounds(claim.payablePence),
    offered: claim.offeredPence === null ? null : formatPounds(claim.offeredPence),
    declineReason: claim.declineReason,
    sentText: formatUkDateTime(claim.createdAt),
    paidText: paidText(claim),
    bankNeeded: bankNeededPence > 0 ? formatPounds(bankNeededPence) : null,
    bankLast4: claim.bankAccountLast4,
  };
}

/**
 * The booking as its claim page needs it, for its own customer only (null for anyone else, as
 * for an unknown id): whether claims are open, the cover's limits and what is left of them, the
 * proof of delivery's damage notes, and the claims made.
 */
export async function claimPageFor(bookingId: string, user: Pick<SessionUser, "id" | "role">, now = new Date()) {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true,
      reference: true,
      customerId: true,
      status: true,
      completedAt: true,
      declaredValue: true,
      deliveryProofs: {
        orderBy: { stop: "asc" },
        // The photos' ids, not Prisma's _count: that counts the whole table in a subquery.
        select: { id: true, damageNotes: true, photos: { select: { id: true } } },
      },
      damageClaims: { orderBy: { createdAt: "desc" }, select: CLAIM_SUMMARY_SELECT },
    },
  });
  if (!booking || user.role !== "customer" || booking.customerId !== user.id) return null;
  const limits = coverLimits(booking.declaredValue);
  // The booking's charges, read once, when an accepted offer may need the customer's account.
  const charges = booking.damageClaims.some((claim) => claim.state === "accepted")
    ? await refundableCharges(db, booking.id)
    : null;
  const window = booking.completedAt && booking.status === "completed" ? claimWindow(booking.completedAt, now) : null;
  const { moveLeftPence } = limitClaim([], limits, booking.damageClaims.map(claimCountedPence));
  const closedBecause = !window
    ? CLAIM_MESSAGES.notDelivered
    : !window.open
      ? CLAIM_MESSAGES.windowClosed(formatCalendarDate(window.lastDay, "long"))
      : moveLeftPence === 0
        ? CLAIM_MESSAGES.limitUsed
        : null;
  return {
    booking: { id: booking.id, reference: booking.reference },
    cover: coverView(booking.declaredValue),
    itemLimit: itemLimitSentence(limits),
    // Only accepted and paid offers count here: an offer not yet accepted may still change.
    moveLeft: formatPounds(moveLimitLeft(limits, booking.damageClaims.map(claimSettledPence))),
    open: closedBecause === null,
    closedBecause,
    lastDayText: window ? formatCalendarDate(window.lastDay, "long") : null,
    damageNotes: booking.deliveryProofs.map((proof) => proof.damageNotes).filter((notes): notes is string => !!notes),
    proofPhotoCount: booking.deliveryProofs.reduce((sum, proof) => sum + proof.photos.length, 0),
    claims: booking.damageClaims.map((claim) =>
      claimSummary(
        claim,
        // An accepted offer paid beyond what is left of the payment needs the customer's account.
        charges && claim.state === "accepted" && claim.offeredPence
          ? claimPaymentPlanFrom(charges, claim.id, claim.offeredPence).bankPence
          : 0,
      ),
    ),
    maxPhotos: CLAIM_MAX_PHOTOS,
  };
}

/** The text as typed, to fill the form again (the photos must be chosen again). */
type ClaimFields = { details?: string; items: { description?: string; amount?: string }[] };

export type ReceivedClaim =
  | {
      ok: true;
      input: ReturnType<typeof damageClaimSchema.parse>;
      photos: StoredPhoto[];
      proofOfValue: StoredPhoto | null;
      fields: ClaimFields;
    }
  | { ok: false; status: number; errors: Record<string, string[]>; fields: ClaimFields };

function typedFields(formData: FormData): ClaimFields {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const items: ClaimFields["items"] = [];
  for (let index = 0; index < 20; index++) {
    const description = text(`items[${index}].description`);
    const amount = text(`items[${index}].amount`);
    if (description === undefined && amount === undefined) break;
    items.push({ description, amount });
  }
  return { details: text("details"), items };
}

/**
 * Reads the claim form (multipart: photos streamed, checked and resized as the proof of
 * delivery's are) and checks its fields. When anything is wrong, the stored files are deleted.
 */
export async function receiveClaim(request: Request, bookingId: string): Promise<ReceivedClaim> {
  const received = await receivePhotoForm(request, {
    folder: claimFolder(bookingId),
    photoField: "photos",
    attachmentField: "proofOfValue",
    maxPhotos: CLAIM_MAX_PHOTOS,
    requestLimit: maxPhotoFormBytes(),
  });
  if (!received.ok)
    return { ok: false, status: received.status, errors: { "": [received.message] }, fields: { items: [] } };
  const { formData, photos, attachment, photoErrors, attachmentErrors } = received;
  const fields = typedFields(formData);
  formData.set("photoCount", String(photos.length));
  const submission = parseWithZod(formData, { schema: damageClaimSchema });
  if (submission.status !== "success" || photoErrors.length > 0 || attachmentErrors.length > 0) {
    await deletePhotos([...photos, ...(attachment ? [attachment] : [])].map((photo) => photo.key));
    const errors = { ...(submission.status === "success" ? {} : submission.error) } as Record<string, string[]>;
    if (photoErrors.length > 0) errors.photos = photoErrors;
    if (attachmentErrors.length > 0) errors.proofOfValue = attachmentErrors;
    return { ok: false, status: 400, errors, fields };
  }
  return { ok: true, input: submission.value, photos, proofOfValue: attachment, fields };
}

export type SubmitClaimResult = { ok: true; claimId: string } | { ok: false; status: 404 | 409; message: string };

/**
 * Makes the claim: its ticket, items (each limited as the rules say, earlier claims counted),
 * files and the proof of delivery's link, in one transaction under the booking's row lock, so
 * two claims sent at once share the move's limit. The customer is told it arrived, the support
 * inbox that it is there. A refused claim's files are deleted.
 */
export async function submitClaim({
  bookingId,
  user,
  claim,
  now = new Date(),
}: {
  bookingId: string;
  user: Pick<SessionUser, "id" | "role" | "email">;
  claim: Extract<ReceivedClaim, { ok: true }>;
  now?: Date;
}): Promise<SubmitClaimResult> {
  const files = [...claim.photos, ...(claim.proofOfValue ? [claim.proofOfValue] : [])];
  const result = await db.$transaction(async (tx): Promise<SubmitClaimResult> => {
    await tx.$queryRaw`SELECT 1 FROM "Booking" WHERE "id" = ${bookingId} FOR UPDATE`;
    const booking = await tx.booking.findUnique({
      where: { id: bookingId },
      select: {
        id: true,
        reference: true,
        customerId: true,
        status: true,
        completedAt: true,
        declaredValue: true,
        deliveryProofs: { where: { stop: 0 }, select: { id: true } }, // the final delivery's proof
        damageClaims: { select: { state: true, offeredPence: true, payablePence: true } },
      },
    });
    if (!booking || user.role !== "customer" || booking.customerId !== user.id)
      return { ok: false, status: 404, message: CLAIM_MESSAGES.notFound };
    if (booking.status !== "completed" || !booking.completedAt)
      return { ok: false, status: 409, message: CLAIM_MESSAGES.notDelivered };
    const window = claimWindow(booking.completedAt, now);
    if (!window.open)
      return {
        ok: false,
        status: 409,
        message: CLAIM_MESSAGES.windowClosed(formatCalendarDate(window.lastDay, "long")),
      };
    const limited = limitClaim(
      claim.input.items,
      coverLimits(booking.declaredValue),
      booking.damageClaims.map(claimCountedPence),
    );
    if (limited.moveLeftPence === 0) return { ok: false, status: 409, message: CLAIM_MESSAGES.limitUsed };

    const claimedPence = claim.input.items.reduce((sum, item) => sum + item.amountPence, 0);
    const ticket = await tx.supportRequest.create({
      data: {
        bookingId,
        userId: user.id,
        kind: "claim",
        message: claimTicketText(limited.items, claim.input.details),
      },
      select: { id: true },
    });
    const made = await tx.damageClaim.create({
      data: {
        bookingId,
        customerId: user.id,
        ticketId: ticket.id,
        deliveryProofId: booking.deliveryProofs[0]?.id ?? null,
        declaredValue: booking.declaredValue,
        claimedPence,
        payablePence: limited.payablePence,
        items: {
          create: limited.items.map((item, position) => ({
            position,
            description: item.description,
            amountPence: item.amountPence,
            payablePence: item.payablePence,
          })),
        },
        files: {
          create: [
            ...claim.photos.map((photo) => ({ kind: "photo" as const, ...fileColumns(photo) })),
            ...(claim.proofOfValue ? [{ kind: "proof_of_value" as const, ...fileColumns(claim.proofOfValue) }] : []),
          ],
        },
      },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId: user.id,
        action: "claim.submit",
        targetType: "DamageClaim",
        targetId: made.id,
        details: { bookingId, claimedPence, payablePence: limited.payablePence },
      },
      tx,
    );
    const refs = { requestId: ticket.id };
    await queueMessage(tx, "help-request-to-support", refs, {
      key: messageKey("help-request-to-support", ticket.id),
      bookingId,
      recipient: env.SUPPORT_EMAIL,
    });
    await queueMessage(tx, "support-acknowledgement", refs, {
      key: messageKey("support-acknowledgement", ticket.id),
      bookingId,
      userId: user.id,
      recipient: user.email,
    });
    return { ok: true, claimId: made.id };
  });
  if (!result.ok) await deletePhotos(files.map((file) => file.key));
  else await publishLiveEvent({ bookingId, kind: "booking" });
  return result;
}

const fileColumns = (photo: StoredPhoto) => ({
  storageKey: photo.key,
  mimeType: photo.mimeType,
  sizeBytes: photo.sizeBytes,
});

/** The ticket's first message: the items as claimed and payable, and the customer's details. */
function claimTicketText(
  items: { description: string; amountPence: number; payablePence: number }[],
  details: string | null,
) {
  return [
    "Damage claim:",
    ...items.map(
      (item, index) =>
        `${index + 1}. ${item.description}: ${formatPounds(item.amountPence)} claimed, up to ${formatPounds(item.payablePence)} payable`,
    ),
    ...(details ? ["", details] : []),
  ].join("\n");
}

/** The customer's claims on a booking, for its tracker (newest first). */
export async function claimsOnBooking(bookingId: string) {
  const claims = await db.damageClaim.findMany({
    where: { bookingId },
    orderBy: { createdAt: "desc" },
    select: CLAIM_SUMMARY_SELECT,
  });
  return claims.map((claim) => claimSummary(claim));
}

/** A claim's photo or proof of value, for the claim's customer or an admin (null for anyone else, as for no file). */
export async function claimFile(claimId: string, fileId: string, user: Pick<SessionUser, "id" | "role">) {
  if (claimId.length > 64 || fileId.length > 64) return null;
  const file = await db.damageClaimFile.findFirst({
    where: { id: fileId, claimId },
    select: { storageKey: true, mimeType: true, claim: { select: { customerId: true } } },
  });
  if (!file || (user.role !== "admin" && file.claim.customerId !== user.id)) return null;
  const read = await readPhoto(file.storageKey);
  return read ? { ...read, mimeType: file.mimeType } : null;
}
