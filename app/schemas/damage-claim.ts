// A customer's damage claim: each damaged item with a description and an amount,
// 1 to 6 photos, an optional proof of value and details. The photos are stored before the
// fields are checked; the server passes how many it kept as photoCount, so one schema says
// what a complete claim is. Rows left empty on the form are not items.
import { z } from "zod";
import { isDriverExcess } from "~/domain/damage-claims";
import { parsePoundsText } from "~/domain/money";
import {
  CLAIM_BOOKING_SEARCH_MAX,
  CLAIM_DECISION_MESSAGES,
  CLAIM_LIST_FILTERS,
  CLAIM_DETAILS_MAX,
  CLAIM_MAX_ITEMS,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES,
  CLAIM_PAYMENT_MESSAGES,
  claimItemProblems,
  type ClaimListFilter,
} from "./damage-claim-messages";

export * from "./damage-claim-messages";

/** A row's two fields as text (conform gives an empty field as undefined). */
function textRow(row: unknown) {
  const fields = (row && typeof row === "object" ? row : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return { description: text(fields.description), amount: text(fields.amount) };
}

/** A row the customer left empty (conform gives it as undefined or an empty object). */
const isEmptyRow = (row: unknown) =>
  !row || (typeof row === "object" && Object.values(row).every((value) => value === undefined || value === ""));

export const damageClaimSchema = z
  .object({
    items: z.array(z.unknown()).default([]),
    details: z
      .string()
      .trim()
      .max(CLAIM_DETAILS_MAX, CLAIM_MESSAGES.detailsTooLong)
      .optional()
      .transform((value) => value || null),
    /** Set by the server: the photos it stored. */
    photoCount: z.number().int().min(0).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.photoCount < 1 || value.photoCount > CLAIM_MAX_PHOTOS)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photos"], message: CLAIM_MESSAGES.photos });
    const rows = value.items.filter((row) => !isEmptyRow(row));
    if (rows.length === 0)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["items"], message: CLAIM_MESSAGES.noItems });
    if (rows.length > CLAIM_MAX_ITEMS)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["items"], message: CLAIM_MESSAGES.tooManyItems });
    // Each filled row is checked where it stands on the form, so its errors sit on its fields.
    value.items.forEach((row, index) => {
      if (isEmptyRow(row)) return;
      for (const [field, message] of Object.entries(claimItemProblems(textRow(row))))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["items", index, field], message });
    });
  })
  .transform((value) => ({
    details: value.details,
    photoCount: value.photoCount,
    items: value.items
      .filter((row) => !isEmptyRow(row))
      .map((row) => {
        const { description, amount } = textRow(row);
        return { description: description.trim(), amountPence: parsePoundsText(amount)! };
      }),
  }));

/** Pounds as typed, to integer pence, with `message` when it is not an amount `accepts` takes. */
const poundsField = (message: string, accepts: (pence: number) => boolean) =>
  z.string({ required_error: message }).transform((typed, ctx) => {
    const pence = parsePoundsText(typed);
    if (pence !== null && accepts(pence)) return pence;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });

/** A reason written for the other side: 3 characters at least, trimmed. */
const reasonField = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(3, message).max(max, message);

/**
 * An admin's step on /admin/claims/:id, by its form's intent: an offer (the claim's own limit is
 * checked against the database by offerOnClaim), a refusal with its reason, paying, or the
 * driver's excess (up to DRIVER_EXCESS_MAX_PENCE) with why.
 */
export const adminClaimStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("offer"), amount: poundsField(CLAIM_DECISION_MESSAGES.amount, (pence) => pence > 0) }),
  z.object({ intent: z.literal("decline"), reason: reasonField(CLAIM_DECISION_MESSAGES.reason, 1000) }),
  z.object({ intent: z.literal("pay") }),
  z.object({
    intent: z.literal("excess"),
    excessAmount: poundsField(CLAIM_PAYMENT_MESSAGES.excessAmount, isDriverExcess),
    excessReason: reasonField(CLAIM_PAYMENT_MESSAGES.excessReason, 500),
  }),
]);

/** The customer's answer to an offer: accept it, or dispute it with the reason. */
export const offerAnswerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("dispute"), reason: reasonField(CLAIM_DECISION_MESSAGES.disputeReason, 1000) }),
]);

/** /admin/claims?state=…&booking=…: a known filter (else every claim) and a booking reference typed. */
const claimFiltersSchema = z.object({
  state: z
    .enum(Object.keys(CLAIM_LIST_FILTERS) as [ClaimListFilter, ...ClaimListFilter[]])
    .nullable()
    .catch(null),
  // Too long: what fits, as the field's maxlength would have kept it.
  booking: z
    .string()
    .trim()
    .toUpperCase()
    .transform((typed) => typed.slice(0, CLAIM_BOOKING_SEARCH_MAX))
    .catch(""),
});

export function readClaimFilters(params: URLSearchParams): { state: ClaimListFilter | null; booking: string } {
  return claimFiltersSchema.parse({ state: params.get("state"), booking: params.get("booking") ?? "" });
}
