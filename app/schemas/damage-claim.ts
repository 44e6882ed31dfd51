// A customer's damage claim (issue 36): each damaged item with a description and an amount,
// 1 to 6 photos, an optional proof of value and details. The photos are stored before the
// fields are checked; the server passes how many it kept as photoCount, so one schema says
// what a complete claim is. Rows left empty on the form are not items.
import { z } from "zod";
import { parsePoundsText } from "~/domain/money";
import {
  CLAIM_DETAILS_MAX,
  CLAIM_MAX_ITEMS,
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES,
  claimItemProblems,
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
