// User Management (/admin/users) and its JSON API (PUT /api/admin/users/:id/status,
// DELETE /api/admin/users/:id): the spec's texts (spec/02 sections 2, 5 and 8) and ours.
import { z } from "zod";

export const ADMIN_USER_MESSAGES = {
  confirmDelete: "Are you sure you want to delete this user? This action cannot be undone.",
  loadError: "Error loading users",
  errorTitle: "Error",
  updateFailed: "Failed to update user status",
  deleteFailed: "Failed to delete user",
  selfDeactivate: "You cannot deactivate your own account",
  selfDelete: "You cannot delete your own account",
  notFound: "User not found",
  invalidId: "Invalid user id",
  invalidIsActive: "isActive must be true or false",
  invalidAction: "Unknown action",
  activated: "User activated",
  deactivated: "User deactivated",
  deleted: "User deleted",
} as const;

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
