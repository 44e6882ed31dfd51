// Payment Tracking: the filtered list, one payment's details, the CSV export and the JSON
// API's shape, shared by /admin/payments, /admin/payments.csv and GET /api/admin/payments.
// Newest first; a status filter uses the (status, createdAt) index, no filter the createdAt
// one. Amounts are pence here and pounds only at the edges.
// Besides the Payment rows (money in, refunds, a claim's compensation back to the card), the
// list has one row per claim's bank-transfer part (DamageClaim.bankPence): money paid out by
// bank in a payout batch, "pending" until its batch is marked paid, then "succeeded".
import { csvLine } from "~/domain/csv";
import { invoiceNumberText } from "~/domain/invoices";
import { formatPounds, penceToPounds } from "~/domain/money";
import { formatUkDateTime } from "~/domain/uk-datetime";
import type { PaymentFilters } from "~/schemas/admin-payments";
import { db } from "~/server/platform/db.server";
import { pageInfo } from "~/server/platform/pagination.server";
import { runningTotals, totalOf } from "~/server/platform/running-totals.server";
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

/** A claim's compensation paid by bank transfer: a row of its own. */
const BANK_PART = {
  id: true,
  bankPence: true,
  paidAt: true,
  bankPaidAt: true,
  bankBatch: { select: { reference: true } },
  booking: { select: { id: true, reference: true, status: true, customerName: true, customerEmail: true } },
} as const satisfies Prisma.DamageClaimSelect;

type BankPartRow = Prisma.DamageClaimGetPayload<{ select: typeof BANK_PART }>;

/** One row of the list: a Payment, or a claim's bank-transfer part. */
export type PaymentEntry = { type: "payment"; payment: PaymentRow } | { type: "bank"; part: BankPartRow };

const BANK_TRANSFER_KIND = "Compensation, bank transfer";

/** The statuses a bank part has: waiting for (or in) a batch not yet paid, or sent. */
function bankStatusOf(part: Pick<BankPartRow, "bankPaidAt">) {
  return part.bankPaidAt ? ("succeeded" as const) : ("pending" as const);
}

/** The bank parts the filters select (status pending or succeeded; the same search). */
function bankWhereOf({ status, search }: PaymentFilters): Prisma.DamageClaimWhereInput | null {
  if (status && status !== "pending" && status !== "succeeded") return null;
  const where: Prisma.DamageClaimWhereInput = {
    state: "paid",
    bankPence: { gt: 0 },
    paidAt: { not: null },
    ...(status ? { bankPaidAt: status === "succeeded" ? { not: null } : null } : {}),
  };
  if (search) {
    const contains = { contains: search, mode: "insensitive" } as const;
    where.booking = {
      OR: [{ customerName: contains }, { customerEmail: contains }, { reference: search.toUpperCase() }],
    };
  }
  return where;
}

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

/** Newest first across both kinds of row (a bank part dated when its claim was paid). */
function mergeNewestFirst(payments: PaymentRow[], parts: BankPartRow[]): PaymentEntry[] {
  const entries: (PaymentEntry & { at: number; key: string })[] = [
    ...payments.map((payment) => ({
      type: "payment" as const,
      payment,
      at: payment.createdAt.getTime(),
      key: payment.id,
    })),
    ...parts.map((part) => ({ type: "bank" as const, part, at: part.paidAt!.getTime(), key: part.id })),
  ];
  entries.sort((a, b) => b.at - a.at || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  return entries.map(({ at: _at, key: _key, ...entry }) => entry as PaymentEntry);
}

/**
 * A page of the list. Rows on a page are among the first skip + take of each kind, so both are
 * read that far (bank parts are few beside payments), merged, and the page cut out.
 */
export async function listPayments(
  filters: PaymentFilters,
  { page, take, skip }: { page: number; take: number; skip: number },
) {
  const where = whereOf(filters);
  const bankWhere = bankWhereOf(filters);
  const [payments, total, parts, partsTotal] = await Promise.all([
    db.payment.findMany({ where, orderBy: NEWEST_FIRST, take: skip + take, select: PAYMENT_ROW }),
    // Without a search, the running totals count them (all, or those of a status).
    filters.search
      ? db.payment.count({ where })
      : runningTotals().then((totals) => totalOf(totals, filters.status ? `payments:${filters.status}` : "payments:")),
    bankWhere
      ? db.damageClaim.findMany({
          where: bankWhere,
          orderBy: [{ paidAt: "desc" }, { id: "desc" }],
          take: skip + take,
          select: BANK_PART,
        })
      : [],
    bankWhere ? db.damageClaim.count({ where: bankWhere }) : 0,
  ]);
  const entries = mergeNewestFirst(payments, parts).slice(skip, skip + take);
  return { entries, info: pageInfo(total + partsTotal, { page, take }) };
}

export function findPayment(id: string) {
  return db.payment.findUnique({
    where: { id },
    select: { ...PAYMENT_ROW, booking: { select: { id: true, reference: true, status: true } } },
  });
}

/** "N/A" when the provider gave no id. */
function paymentIdText(payment: Pick<PaymentRow, "providerPaymentId">) {
  return payment.providerPaymentId.trim() || "N/A";
}

/** What a row is: money in (a payment), a refund of the price, or a damage claim's compensation. */
function paymentKind(payment: Pick<PaymentRow, "refundOfId" | "damageClaimId">): AdminPaymentRow["kind"] {
  if (payment.damageClaimId) return "Compensation paid";
  return payment.refundOfId ? "Refund" : "Payment";
}

/** A table row as the page shows it: amounts in pounds, dates on the UK clock. */
function paymentRowView(payment: PaymentRow): AdminPaymentRow {
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
    href: null,
    // A compensation is money paid to the customer, not a refund of the price.
    statusText: payment.damageClaimId && payment.status === "refunded" ? "Paid" : null,
    batch: null,
  };
}

/** A claim's bank-transfer part as a row: it opens its claim, where it was paid. */
function bankPartRowView(part: BankPartRow): AdminPaymentRow {
  return {
    id: `bank-${part.id}`,
    customerName: part.booking.customerName ?? "",
    customerEmail: part.booking.customerEmail ?? "",
    amount: formatPounds(part.bankPence ?? 0),
    kind: BANK_TRANSFER_KIND,
    status: bankStatusOf(part),
    testPayment: false,
    paymentId: part.bankBatch ? `Batch ${part.bankBatch.reference}` : "Next batch",
    date: formatUkDateTime(part.paidAt!),
    href: `/admin/claims/${part.id}`,
    // Its batch is said in the payment id's column ("Next batch" until one carries it).
    statusText: part.bankPaidAt ? "Paid" : null,
    batch: part.bankBatch?.reference ?? null,
  };
}

export function paymentEntryView(entry: PaymentEntry): AdminPaymentRow {
  return entry.type === "payment" ? paymentRowView(entry.payment) : bankPartRowView(entry.part);
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

/** The JSON API's shape of a list row, amounts in pounds. */
export function paymentEntryJson(entry: PaymentEntry) {
  if (entry.type === "payment") return paymentJson(entry.payment);
  const { part } = entry;
  return {
    id: `bank-${part.id}`,
    customerName: part.booking.customerName ?? "",
    customerEmail: part.booking.customerEmail ?? "",
    amount: penceToPounds(part.bankPence ?? 0),
    currency: "GBP",
    status: bankStatusOf(part),
    paymentIntentId: null,
    provider: "bank_transfer",
    method: "bank_transfer",
    kind: "compensation_bank_transfer",
    damageClaimId: part.id,
    batchReference: part.bankBatch?.reference ?? null,
    createdAt: part.paidAt!.toISOString(),
    updatedAt: (part.bankPaidAt ?? part.paidAt!).toISOString(),
    bookingId: part.booking.id,
    bookingReference: part.booking.reference,
    bookingStatus: part.booking.status,
  };
}

/** The JSON API's shape of a payment, amounts in pounds. */
function paymentJson(payment: PaymentRow) {
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
    kind: { Payment: "payment", Refund: "refund", "Compensation paid": "compensation" }[
      paymentKind(payment) as "Payment" | "Refund" | "Compensation paid"
    ],
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
  const bankWhere = bankWhereOf(filters);
  // The claims' bank parts (few beside payments) are read at once and merged in by date.
  const parts = bankWhere
    ? await db.damageClaim.findMany({
        where: bankWhere,
        orderBy: [{ paidAt: "desc" }, { id: "desc" }],
        select: BANK_PART,
      })
    : [];
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
      while (parts.length > 0 && parts[0]!.paidAt! > payment.createdAt) yield bankPartCsvLine(parts.shift()!);
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
    if (batch.length < CSV_BATCH) break;
    cursor = batch.at(-1)!.id;
  }
  for (const part of parts) yield bankPartCsvLine(part);
}

function bankPartCsvLine(part: BankPartRow) {
  return csvLine([
    part.booking.customerName ?? "",
    part.booking.customerEmail ?? "",
    ((part.bankPence ?? 0) / 100).toFixed(2),
    bankStatusOf(part),
    part.bankBatch ? `Batch ${part.bankBatch.reference}` : "Next batch",
    "bank_transfer",
    "bank_transfer",
    part.booking.reference,
    part.booking.status,
    formatUkDateTime(part.paidAt!),
    formatUkDateTime(part.bankPaidAt ?? part.paidAt!),
    "",
    BANK_TRANSFER_KIND,
  ]);
}
