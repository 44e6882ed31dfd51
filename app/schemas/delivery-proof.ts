// A driver's proof of delivery: the recipient's name, a signature (drawn,
// which arrives as a file, or typed), optional damage notes, and at least one photo. The
// photos are read and stored before the fields are checked; the server passes how many it
// kept as photoCount, so one schema says what a complete proof is.
import { z } from "zod";
import { PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
import { DAMAGE_NOTES_MAX, DELIVERY_PROOF_MESSAGES, RECIPIENT_NAME_MAX } from "./delivery-proof-messages";

export * from "./delivery-proof-messages";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

export const deliveryProofSchema = z
  .object({
    // Required, but checked below with the rest, so every missing part is named at once.
    recipientName: optionalText(RECIPIENT_NAME_MAX, DELIVERY_PROOF_MESSAGES.recipientTooLong),
    signedName: optionalText(RECIPIENT_NAME_MAX, DELIVERY_PROOF_MESSAGES.signatureTooLong),
    damageNotes: optionalText(DAMAGE_NOTES_MAX, DELIVERY_PROOF_MESSAGES.notesTooLong),
    /** Set by the server: the photos it stored, and whether a drawn signature came with them. */
    photoCount: z.number().int().min(0).default(0),
    signatureDrawn: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.recipientName)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["recipientName"],
        message: DELIVERY_PROOF_MESSAGES.recipientRequired,
      });
    if (value.photoCount < 1)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photos"], message: DELIVERY_PROOF_MESSAGES.photosRequired });
    if (value.photoCount > PROOF_MAX_PHOTOS)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photos"], message: DELIVERY_PROOF_MESSAGES.tooManyPhotos });
    if (!value.signatureDrawn && !value.signedName)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["signedName"],
        message: DELIVERY_PROOF_MESSAGES.signatureRequired,
      });
  })
  // Checked above: a proof always names its recipient.
  .transform((value) => ({ ...value, recipientName: value.recipientName ?? "" }));
export type DeliveryProofInput = z.output<typeof deliveryProofSchema>;
