// The payment admin's statuses, limits and messages, with no zod in them.

export const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "refunded", "cancelled"] as const;

export const SEARCH_MAX = 100;

export const ADMIN_PAYMENT_MESSAGES = {
  loadError: "Error loading payments",
  loadFailed: "Failed to load payment data",
  invalidStatus: `Status must be one of: ${PAYMENT_STATUSES.join(", ")}`,
  searchTooLong: `Search at most ${SEARCH_MAX} characters`,
  invalidId: "Invalid payment id",
  notFound: "Payment not found",
} as const;
