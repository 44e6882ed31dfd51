// Payment Tracking: the filtered list, one payment's details, the CSV export and the JSON
// API's shape, shared by /admin/payments, /admin/payments.csv and GET /api/admin/payments.
// Newest first; a status filter uses the (status, createdAt) index, no filter the createdAt
// one. Amounts are pence here and pounds only at the edges.
import { csvLine } from "~/domain/csv";
import { invoiceNumberText } from "~/domain/invoices";
import { formatPounds, penceToPounds } from "~/domain/money";
import { formatUkDateTime } from "~/domain/uk-datetime";
import type { PaymentFilters } from "~/schemas/admin-payments";
import { db } from "~/server/platform/db.server";
import { pageInfo } from "~/server/platform/pagination.server";
import type { AdminPaymentDetails, AdminPaymentRow } from "~/views/admin";
import type { Prisma } from "../../../generated/prisma/client";

const PAYMENT_ROW = {
  id: true,
  refundOfId: true,
  damageClaimId: true,
  customerName: true,
  customerEmail: true,
  amountPence: true,
  currency: true,
  status: true,
  provider: true,
  providerPaymentId: true,
  method: true,
  createdAt: true,
  updatedAt: true,
  bookingId: true,
  booking: { select: { reference: true, status: true } },
} as const satisfies Prisma.PaymentSelect;

export type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof PAYMENT_ROW }>;

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.PaymentOrderByWithRelationInput[];

/** Search matches the customer's name or e-mail, the provider's payment id or the booking reference. */
function whereOf({ status, search }: PaymentFilters): Prisma.PaymentWhereInput {
  const where: Prisma.PaymentWhereInput = {};
  if (status) where.status = status;
  if (search) {
    const contains = { contains: search, mode: "insensitive" } as const;
    where.OR = [
      { customerName: contains },
      { customerEmail: contains },
      { providerPaymentId: contains },
      { booking: { reference: search.toUpperCase() } },
    ];
  }
  return where;
}

export async function listPayments(
  filters: PaymentFilters,
  { page, take, skip }: { page: number; take: number; skip: number },
) {
  const where = whereOf(filters);
  const [payments, total] = await Promise.all([
    db.payment.findMany({ where, orderBy: NEWEST_FIRST, take, skip, select: PAYMENT_ROW }),
    db.payment.count({ where }),
  ]);
  return { payments, info: pageInfo(total, { page, take }) };
}

export function findPayment(id: string) {
  return db.payment.findUnique({
    where: { id },
    select: { ...PAYMENT_ROW, booking: { select: { id: true, reference: true, status: true } } },
  });
}

/** "N/A" when the provider gave no id (spec/02 "Payment ID (N/A if none)"). */
function paymentIdText(payment: Pick<PaymentRow, "providerPaymentId">) {
  return payment.providerPaymentId.trim() || "N/A";
}

/** What a row is: money in (a payment), a refund of the price, or a damage claim's compensation. */
function paymentKind(payment: Pick<PaymentRow, "refundOfId" | "damageClaimId">): AdminPaymentRow["kind"] {
  if (payment.damageClaimId) return "Compensation";
  return payment.refundOfId ? "Refund" : "Payment";
}

/** A table row as the page shows it: amounts in pounds, dates on the UK clock. */
export function paymentRowView(payment: PaymentRow): AdminPaymentRow {
  return {
    id: payment.id,
    customerName: payment.customerName,
    customerEmail: payment.customerEmail,
    amount: formatPounds(payment.amountPence),
    kind: paymentKind(payment),
    status: payment.status,
    /** Taken by the built-in sandbox: no real money (a local demo, or PAYMENTS_SANDBOX=on). */
    testPayment: payment.provider === "sandbox",
    paymentId: paymentIdText(payment),
    date: formatUkDateTime(payment.createdAt),
  };
}

export function paymentDetailsView(payment: NonNullable<Awaited<ReturnType<typeof findPayment>>>): AdminPaymentDetails {
  return {
    ...paymentRowView(payment),
    method: payment.method ?? payment.provider,
    provider: payment.provider,
    created: formatUkDateTime(payment.createdAt),
    updated: formatUkDateTime(payment.updatedAt),
    booking: payment.booking,
  };
}

/** The JSON API's shape, amounts in pounds. */
export function paymentJson(payment: PaymentRow) {
  return {
    id: payment.id,
    customerName: payment.customerName,
    customerEmail: payment.customerEmail,
    amount: penceToPounds(payment.amountPence),
    currency: payment.currency,
    status: payment.status,
    paymentIntentId: payment.providerPaymentId || null,
    provider: payment.provider,
    method: payment.method,
    kind: paymentKind(payment).toLowerCase(),
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    bookingId: payment.bookingId,
    bookingReference: payment.booking?.reference ?? null,
    bookingStatus: payment.booking?.status ?? null,
  };
}

const PAYMENTS_CSV_HEADER = [
  "Customer Name",
  "Customer Email",
  "Amount (GBP)",
  "Status",
  "Payment ID",
  "Provider",
  "Method",
  "Booking Reference",
  "Booking Status",
  "Created (UK time)",
  "Updated (UK time)",
  "Invoice Number",
  "Kind",
] as const;

/** The CSV's rows also carry the document each payment is on: a refund's credit note, else the booking's invoice. */
const CSV_ROW = {
  ...PAYMENT_ROW,
  creditNote: { select: { kind: true, number: true } },
  booking: {
    select: {
      ...PAYMENT_ROW.booking.select,
      invoices: { where: { kind: "invoice" }, select: { kind: true, number: true }, take: 1 },
    },
  },
} satisfies Prisma.PaymentSelect;

function invoiceNumberOf(payment: Prisma.PaymentGetPayload<{ select: typeof CSV_ROW }>) {
  const document = payment.refundOfId ? payment.creditNote : payment.booking?.invoices[0];
  return document ? invoiceNumberText(document.kind, document.number) : "";
}

const CSV_BATCH = 500;

/**
 * Every payment the filters select, as CSV lines (header first), read in batches by keyset
 * so a large export never sits in memory at once.
 */
export async function* paymentsCsv(filters: PaymentFilters): AsyncGenerator<string> {
  yield csvLine(PAYMENTS_CSV_HEADER);
  const where = whereOf(filters);
  let cursor: string | undefined;
  for (;;) {
    const batch = await db.payment.findMany({
      where,
      orderBy: NEWEST_FIRST,
      take: CSV_BATCH,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: CSV_ROW,
    });
    for (const payment of batch) {
      yield csvLine([
        payment.customerName,
        payment.customerEmail,
        (payment.amountPence / 100).toFixed(2),
        payment.status,
        paymentIdText(payment),
        payment.provider,
        payment.method ?? "",
        payment.booking?.reference ?? "",
        payment.booking?.status ?? "",
        formatUkDateTime(payment.createdAt),
        formatUkDateTime(payment.updatedAt),
        invoiceNumberOf(payment),
        paymentKind(payment),
      ]);
    }
    if (batch.length < CSV_BATCH) return;
    cursor = batch.at(-1)!.id;
  }
}
