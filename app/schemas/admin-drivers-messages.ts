// Driver vetting's decisions, messages and toasts, with no zod in them.

export const DRIVER_DECISIONS = ["approved", "declined"] as const;
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

/**
 * The toast after a decision; `changed` is false when the driver already had that status. The
 * decision's e-mail was queued with it, so it is on its way (retried until delivered).
 */
export function decisionToast(status: DriverDecision, name: string, { changed }: { changed: boolean }) {
  if (!changed) return { title: `No change: ${name} is already ${status}`, variant: "default" as const };
  return status === "declined"
    ? { title: "Driver declined", description: `${name}'s application was declined.`, variant: "success" as const }
    : {
        title: "Driver approved",
        description: `${name} has been e-mailed a link to set a password.`,
        variant: "success" as const,
      };
}
