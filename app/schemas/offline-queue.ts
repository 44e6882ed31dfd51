// An action the driver's phone kept while offline and now sends: JSON to
// POST /api/driver/actions, or, for a proof of delivery, the proof form's fields beside
// `actionId` and `happenedAt` (POST /api/driver/jobs/:id/proof).
import { z } from "zod";
import { MAX_EXTRA_STOPS } from "~/domain/move-inputs";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/domain/tracking";
import { TRACKER_MESSAGES } from "./tracker-messages";

const QUEUED_ACTION_MESSAGES = {
  invalidId: "Each queued action needs its own id.",
  invalidTime: "Please send the time the action happened, as an ISO date and time.",
  invalidKind: "Unknown kind of action.",
} as const;

/** Made on the phone: crypto.randomUUID(), or any 8 to 64 letters, digits and dashes. */
const actionId = z
  .string({ required_error: QUEUED_ACTION_MESSAGES.invalidId })
  .regex(/^[A-Za-z0-9-]{8,64}$/, QUEUED_ACTION_MESSAGES.invalidId);

/** The phone's clock when the driver acted; the server decides what it records (domain/offline-queue.ts). */
const happenedAt = z
  .string({ required_error: QUEUED_ACTION_MESSAGES.invalidTime })
  .datetime({ offset: true, message: QUEUED_ACTION_MESSAGES.invalidTime })
  .transform((value) => new Date(value));

const bookingId = z
  .string({ required_error: TRACKER_MESSAGES.invalidBooking })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, TRACKER_MESSAGES.invalidBooking);

const kept = { id: actionId, bookingId, happenedAt };

/** The phone's own id of an action sent as a form (a proof, a proof handed to support). */
export const queuedActionIdSchema = actionId;

export const queuedActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      ...kept,
      kind: z.literal("step"),
      // A completion comes with its proof (the proof's own endpoint), so it is not a step here.
      status: z.enum(["en_route", "nearby", "arrived"], {
        errorMap: () => ({ message: TRACKER_MESSAGES.invalidStatus }),
      }),
      etaMinutes: z
        .number({ invalid_type_error: TRACKER_MESSAGES.invalidEta })
        .int(TRACKER_MESSAGES.invalidEta)
        .min(1, TRACKER_MESSAGES.invalidEta)
        .max(600, TRACKER_MESSAGES.invalidEta)
        .nullish(),
    }),
    z.object({
      ...kept,
      kind: z.literal("stop-done"),
      position: z
        .number({ invalid_type_error: TRACKER_MESSAGES.invalidStop })
        .int(TRACKER_MESSAGES.invalidStop)
        .min(1, TRACKER_MESSAGES.invalidStop)
        .max(MAX_EXTRA_STOPS, TRACKER_MESSAGES.invalidStop),
    }),
    z.object({
      ...kept,
      kind: z.literal("chat"),
      content: z
        .string({ required_error: TRACKER_MESSAGES.messageRequired })
        .trim()
        .min(1, TRACKER_MESSAGES.messageRequired)
        .max(CHAT_MESSAGE_MAX_LENGTH, TRACKER_MESSAGES.messageTooLong),
    }),
    z.object({
      ...kept,
      kind: z.literal("position"),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracy: z.number().min(0).max(100_000).optional(),
    }),
  ],
  {
    errorMap: (issue, ctx) => ({
      message: issue.code === "invalid_union_discriminator" ? QUEUED_ACTION_MESSAGES.invalidKind : ctx.defaultError,
    }),
  },
);
export type QueuedActionInput = z.output<typeof queuedActionSchema>;

/** The proof form's extra fields when the phone kept it (the proof's own fields: delivery-proof.ts). */
export const queuedProofSchema = z.object({
  actionId,
  happenedAt,
  /** 0: the final delivery; 1 to 4: a drop-off stop. */
  stop: z.coerce
    .number({ invalid_type_error: TRACKER_MESSAGES.invalidStop })
    .int(TRACKER_MESSAGES.invalidStop)
    .min(0, TRACKER_MESSAGES.invalidStop)
    .max(MAX_EXTRA_STOPS, TRACKER_MESSAGES.invalidStop),
});
