// Approving or declining a driver (spec/02 sections 4 and 7): the page's Approve / Decline
// form and POST /api/admin/drivers/:id/status { status } share these rules and messages.
import { z } from "zod";

const DRIVER_DECISIONS = ["approved", "declined"] as const;
export type DriverDecision = (typeof DRIVER_DECISIONS)[number];

export const ADMIN_DRIVER_MESSAGES = {
  invalidStatus: 'Status must be "approved" or "declined"',
  invalidId: "Invalid driver id",
  notFound: "Driver not found",
  adminEmail: "This e-mail address belongs to an admin account, so it cannot become a driver account",
  updateFailed: (status: string) => `Failed to update driver status to ${status}`,
  emptyTitle: "No drivers found",
  emptyText: "No driver applications have been submitted yet.",
  declinedNote: "Driver application declined",
  loadFailed: (message: string) => `Failed to fetch drivers: ${message}`,
} as const;

/** The toast after a decision; `changed` is false when the driver already had that status. */
export function decisionToast(
  status: DriverDecision,
  name: string,
  { changed, emailSent }: { changed: boolean; emailSent: boolean },
) {
  if (!changed) return { title: `No change: ${name} is already ${status}`, variant: "default" as const };
  if (status === "declined")
    return {
      title: "Driver declined",
      description: `${name}'s application was declined.`,
      variant: "success" as const,
    };
  return emailSent
    ? {
        title: "Driver approved",
        description: `${name} has been e-mailed a link to set a password.`,
        variant: "success" as const,
      }
    : {
        title: "Driver approved",
        description: `${name} is approved, but the set-password e-mail could not be sent.`,
        variant: "error" as const,
      };
}

// Ids are cuids; anything outside this shape cannot be one, and is refused before any query.
export const driverIdSchema = z
  .string({ required_error: ADMIN_DRIVER_MESSAGES.invalidId })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, ADMIN_DRIVER_MESSAGES.invalidId);

export const driverStatusSchema = z.object({
  status: z.enum(DRIVER_DECISIONS, { errorMap: () => ({ message: ADMIN_DRIVER_MESSAGES.invalidStatus }) }),
});

/** The page's form: which driver, and the button pressed. */
export const driverDecisionFormSchema = driverStatusSchema.extend({ driverId: driverIdSchema });
