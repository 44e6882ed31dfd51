// The proof-of-delivery form's limits and messages, with no zod in them.
import { PROOF_MAX_PHOTOS } from "~/domain/delivery-proof";
import { PROOF_BLOCKERS } from "~/domain/job-progress";

export const RECIPIENT_NAME_MAX = 100;
export const DAMAGE_NOTES_MAX = 1000;

export const DELIVERY_PROOF_MESSAGES = {
  photosRequired: "Add at least one photo of the delivery.",
  tooManyPhotos: `Send at most ${PROOF_MAX_PHOTOS} photos.`,
  recipientRequired: "Enter the name of the person who took the delivery.",
  recipientTooLong: `Keep the name to ${RECIPIENT_NAME_MAX} characters or fewer.`,
  signatureRequired: "Ask the recipient to sign, or type their name as their signature.",
  signatureTooLong: `Keep the typed signature to ${RECIPIENT_NAME_MAX} characters or fewer.`,
  notesTooLong: `Keep the notes to ${DAMAGE_NOTES_MAX} characters or fewer.`,
  notArrived: PROOF_BLOCKERS.notArrived,
  completed: PROOF_BLOCKERS.completed,
} as const;
