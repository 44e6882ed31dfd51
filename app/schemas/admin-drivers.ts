// Approving or declining a driver: the page's Approve / Decline
// form and POST /api/admin/drivers/:id/status { status } share these rules and messages.
import { z } from "zod";
import { ADMIN_DRIVER_MESSAGES, DRIVER_DECISIONS } from "./admin-drivers-messages";

export * from "./admin-drivers-messages";

// Ids are cuids; anything outside this shape cannot be one, and is refused before any query.
export const driverIdSchema = z
  .string({ required_error: ADMIN_DRIVER_MESSAGES.invalidId })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, ADMIN_DRIVER_MESSAGES.invalidId);

export const driverStatusSchema = z.object({
  status: z.enum(DRIVER_DECISIONS, { errorMap: () => ({ message: ADMIN_DRIVER_MESSAGES.invalidStatus }) }),
});

/** The page's form: which driver, and the button pressed. */
export const driverDecisionFormSchema = driverStatusSchema.extend({ driverId: driverIdSchema });
