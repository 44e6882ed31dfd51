// The admins' way to claims: the list at /admin/claims (filtered by state and booking, with each
// claim's age and what was claimed against what was offered), the menu's count of claims waiting
// for a decision, and a booking's own claims on its admin page.
import { ageText } from "~/domain/age";
import { formatPounds } from "~/domain/money";
import { formatUkDateTime } from "~/domain/uk-datetime";
import { CLAIM_LIST_FILTERS, CLAIM_STATE_LABELS, type ClaimListFilter } from "~/schemas/damage-claim-messages";
import { db } from "~/server/platform/db.server";
import { pageInfo } from "~/server/platform/pagination.server";
import type { Prisma } from "../../../generated/prisma/client";

export type ClaimListRow = {
  id: string;
  href: string;
  booking: { id: string; reference: string };
  customerName: string;
  state: keyof typeof CLAIM_STATE_LABELS;
  stateText: string;
  claimed: string;
  /** The offer made, or null before one (and for a claim declined without one). */
  offered: string | null;
  age: string;
  sentText: string;
};

const CLAIM_ROW_SELECT = {
  id: true,
  state: true,
  claimedPence: true,
  offeredPence: true,
  createdAt: true,
  booking: { select: { id: true, reference: true, customerName: true } },
} satisfies Prisma.DamageClaimSelect;

function claimRow(claim: Prisma.DamageClaimGetPayload<{ select: typeof CLAIM_ROW_SELECT }>, now: Date): ClaimListRow {
  return {
    id: claim.id,
    href: `/admin/claims/${claim.id}`,
    booking: { id: claim.booking.id, reference: claim.booking.reference },
    customerName: claim.booking.customerName ?? "",
    state: claim.state,
    stateText: CLAIM_STATE_LABELS[claim.state],
    claimed: formatPounds(claim.claimedPence),
    offered: claim.offeredPence === null ? null : formatPounds(claim.offeredPence),
    age: ageText(claim.createdAt, now),
    sentText: formatUkDateTime(claim.createdAt),
  };
}

/** A booking reference as typed: "EM-658726" exactly, or part of one ("658726"). */
function bookingWhere(booking: string): Prisma.DamageClaimWhereInput {
  if (booking === "") return {};
  return /^EM-[A-Z0-9]{6}$/.test(booking)
    ? { booking: { reference: booking } }
    : { booking: { reference: { contains: booking, mode: "insensitive" } } };
}

/**
 * A page of claims. Those waiting for a decision come oldest first (the queue to work through);
 * any other view newest first.
 */
export async function listClaims(
  { state, booking }: { state: ClaimListFilter | null; booking: string },
  { page, take, skip }: { page: number; take: number; skip: number },
  now = new Date(),
) {
  const where: Prisma.DamageClaimWhereInput = {
    ...(state ? { state: { in: [...CLAIM_LIST_FILTERS[state].states] } } : {}),
    ...bookingWhere(booking),
  };
  const direction = state === "waiting" ? "asc" : "desc";
  const [rows, total] = await Promise.all([
    db.damageClaim.findMany({
      where,
      orderBy: [{ createdAt: direction }, { id: direction }],
      skip,
      take,
      select: CLAIM_ROW_SELECT,
    }),
    db.damageClaim.count({ where }),
  ]);
  return { claims: rows.map((row) => claimRow(row, now)), page: pageInfo(total, { page, take }) };
}

/** How many claims wait for an admin's decision (new, or disputed and back under review). */
export function claimsWaitingCount() {
  return db.damageClaim.count({ where: { state: { in: [...CLAIM_LIST_FILTERS.waiting.states] } } });
}

/** A booking's claims, newest first, for its admin page. */
export async function claimsOfBooking(bookingId: string, now = new Date()) {
  const rows = await db.damageClaim.findMany({
    where: { bookingId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: CLAIM_ROW_SELECT,
  });
  return rows.map((row) => claimRow(row, now));
}
