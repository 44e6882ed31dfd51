// User Management (/admin/users) and its JSON API (PUT /api/admin/users/:id/status,
// DELETE /api/admin/users/:id): the product's texts and ours.
import { z } from "zod";
import { ADMIN_USER_MESSAGES } from "./admin-users-messages";

export * from "./admin-users-messages";

/** Ids are cuids; anything else (spaces, slashes, 500 characters) is refused before a query. */
export const recordId = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, message);

export const userIdSchema = recordId(ADMIN_USER_MESSAGES.invalidId);

/** PUT /api/admin/users/:id/status: a JSON boolean, or "true"/"false" from a form body. */
export const userStatusSchema = z.object({
  isActive: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
    errorMap: () => ({ message: ADMIN_USER_MESSAGES.invalidIsActive }),
  }),
});

/** The page's row buttons: Activate, Deactivate, Delete (after its confirmation). */
export const userActionSchema = z.object({
  intent: z.enum(["activate", "deactivate", "delete"], {
    errorMap: () => ({ message: ADMIN_USER_MESSAGES.invalidAction }),
  }),
  userId: userIdSchema,
});

export type UserAction = z.infer<typeof userActionSchema>;
