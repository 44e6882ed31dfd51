// Payment Tracking (/admin/payments), its CSV export and GET /api/admin/payments: the list's
// filters, read from the query string, and the product's texts.
import { z } from "zod";
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_STATUSES, SEARCH_MAX } from "./admin-payments-messages";

export * from "./admin-payments-messages";

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === "" ? undefined : value.trim()));

const paymentFiltersSchema = z.object({
  status: optionalText.pipe(
    z.enum(PAYMENT_STATUSES, { errorMap: () => ({ message: ADMIN_PAYMENT_MESSAGES.invalidStatus }) }).optional(),
  ),
  search: optionalText.pipe(z.string().max(SEARCH_MAX, ADMIN_PAYMENT_MESSAGES.searchTooLong).optional()),
});

export type PaymentFilters = z.output<typeof paymentFiltersSchema>;

/** The filters of a URL's query string (?status=&search=), parsed. */
export function parsePaymentFilters(url: URL) {
  return paymentFiltersSchema.safeParse({
    status: url.searchParams.get("status"),
    search: url.searchParams.get("search"),
  });
}
