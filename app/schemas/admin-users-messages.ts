// The user admin's messages, with no zod in them.

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
