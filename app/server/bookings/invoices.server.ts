// VAT invoices and credit notes. A paid booking gets one VAT invoice, issued
// when its customer asks for it (with an optional company name and billing address) or when a
// refund needs one to correct; each refund gets a credit note. What a document says is copied
// into its row when it is issued, and never changed. Numbers run per kind without gaps: the
// next number is taken from InvoiceCounter in the issuing transaction, whose row lock also
// makes two requests for one booking's invoice issue it once.
import PDFDocument from "pdfkit";
import {
  INVOICE_TITLES,
  invoiceLines,
  invoiceNumberText,
  refundShares,
  VAT_RATE_TEXT,
  type InvoiceKind,
  type PriceShares,
} from "~/domain/invoices";
import { formatPounds } from "~/domain/money";
import { formatUkDate } from "~/domain/uk-datetime";
import type { InvoiceBilling } from "~/schemas/invoice";
import { db } from "~/server/platform/db.server";
import { invoiceSeller } from "~/server/platform/env.server";
import type { Prisma } from "../../../generated/prisma/client";

export const INVOICE_MESSAGES = {
  notPaid: "A VAT invoice is issued once the booking is paid.",
  notSetUp: "VAT invoices are not available just now. Please contact support and we will send yours.",
  issued: "Your VAT invoice is ready",
} as const;

type Tx = Prisma.TransactionClient;
type InvoiceRow = Awaited<ReturnType<typeof db.invoice.findFirstOrThrow>>;

/** Locks the kind's counter for the rest of the transaction and says the last number issued. */
async function lockCounter(tx: Tx, kind: InvoiceKind) {
  const [row] = await tx.$queryRaw<{ last: number }[]>`
    SELECT "last" FROM "InvoiceCounter" WHERE "kind" = ${kind}::"InvoiceKind" FOR UPDATE`;
  return row!.last;
}

async function takeNumber(tx: Tx, kind: InvoiceKind, last: number) {
  await tx.invoiceCounter.update({ where: { kind }, data: { last: last + 1 } });
  return last + 1;
}

const shareColumns = (shares: PriceShares) => ({
  totalPence: shares.totalPence,
  platformFeePence: shares.platformFeePence,
  vatPence: shares.vatPence,
  driverSharePence: shares.driverSharePence,
  coverFeePence: shares.coverFeePence ?? 0,
});

/**
 * The booking's VAT invoice: the one issued already, else a new one (when the booking was
 * paid). Null when the booking has never been paid.
 */
export async function issueInvoice(bookingId: string, billing: InvoiceBilling = {}): Promise<InvoiceRow | null> {
  return db.$transaction(async (tx) => {
    const last = await lockCounter(tx, "invoice");
    const existing = await tx.invoice.findFirst({ where: { bookingId, kind: "invoice" } });
    if (existing) return existing;
    const booking = await tx.booking.findUnique({
      where: { id: bookingId },
      select: {
        customerName: true,
        customerEmail: true,
        customer: { select: { username: true, email: true } },
        finalPrice: true,
        platformFee: true,
        vatAmount: true,
        driverShare: true,
        coverFee: true,
        declaredValue: true,
        payments: {
          where: { status: { in: ["succeeded", "refunded"] }, refundOfId: null, method: { not: "refund" } },
          orderBy: { createdAt: "asc" },
          take: 1,
          select: { createdAt: true },
        },
      },
    });
    const paidAt = booking?.payments[0]?.createdAt;
    if (!booking || !paidAt) return null;
    return tx.invoice.create({
      data: {
        kind: "invoice",
        number: await takeNumber(tx, "invoice", last),
        bookingId,
        supplyDate: paidAt,
        customerName: booking.customerName ?? booking.customer?.username ?? "",
        customerEmail: booking.customerEmail ?? booking.customer?.email ?? "",
        companyName: billing.companyName || null,
        billingAddress: billing.billingAddress || null,
        declaredValue: booking.declaredValue,
        ...shareColumns({
          totalPence: booking.finalPrice,
          platformFeePence: booking.platformFee,
          vatPence: booking.vatAmount,
          driverSharePence: booking.driverShare,
          coverFeePence: booking.coverFee,
        }),
      },
    });
  });
}

/**
 * A credit note for each of the booking's refunds that has none yet (once each, however often
 * this runs), correcting its VAT invoice, which is issued first when it was never asked for.
 */
export async function issueCreditNotes(bookingId: string) {
  const refunds = await db.payment.findMany({
    // A claim's compensation changes no price, so it has no credit note.
    where: { bookingId, refundOfId: { not: null }, damageClaimId: null, creditNote: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, amountPence: true, createdAt: true },
  });
  if (refunds.length === 0) return;
  const invoice = await issueInvoice(bookingId);
  if (!invoice) return;
  for (const refund of refunds) {
    await db.$transaction(async (tx) => {
      const last = await lockCounter(tx, "credit_note");
      if (await tx.invoice.findUnique({ where: { refundPaymentId: refund.id } })) return;
      const credited = await tx.invoice.aggregate({
        where: { bookingId, kind: "credit_note" },
        _sum: { totalPence: true },
      });
      const left = invoice.totalPence - (credited._sum.totalPence ?? 0);
      const amount = Math.min(refund.amountPence, left);
      if (amount <= 0) return;
      await tx.invoice.create({
        data: {
          kind: "credit_note",
          number: await takeNumber(tx, "credit_note", last),
          bookingId,
          refundPaymentId: refund.id,
          creditedNumber: invoice.number,
          supplyDate: refund.createdAt,
          customerName: invoice.customerName,
          customerEmail: invoice.customerEmail,
          companyName: invoice.companyName,
          billingAddress: invoice.billingAddress,
          declaredValue: invoice.declaredValue,
          ...shareColumns(refundShares(invoice, amount)),
        },
      });
    });
  }
}

/** The credit notes refunds are still owed (their cancellation could not issue them): how many bookings. */
export async function issueMissingCreditNotes() {
  const owed = await db.payment.findMany({
    where: { refundOfId: { not: null }, damageClaimId: null, creditNote: null, bookingId: { not: null } },
    distinct: ["bookingId"],
    select: { bookingId: true },
    take: 100,
  });
  for (const { bookingId } of owed) await issueCreditNotes(bookingId!);
  return owed.length;
}

/** A booking's invoice and credit notes, for its pages: numbers, dates and amounts in words. */
export async function bookingInvoices(bookingId: string) {
  const rows = await db.invoice.findMany({
    where: { bookingId },
    orderBy: [{ kind: "asc" }, { number: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: INVOICE_TITLES[row.kind],
    number: invoiceNumberText(row.kind, row.number),
    issuedText: formatUkDate(row.issuedAt, "long"),
    total: formatPounds(row.totalPence),
    href: `/invoices/${row.id}`,
  }));
}

/** An invoice with what its reader may see of it: the booking's customer, or an admin. */
export async function findInvoiceFor(id: string, user: { id: string; role: string }) {
  const invoice = await db.invoice.findUnique({
    where: { id },
    include: { booking: { select: { reference: true, customerId: true, pickupAddress: true, deliveryAddress: true } } },
  });
  if (!invoice) return null;
  if (user.role !== "admin" && invoice.booking.customerId !== user.id) return null;
  return invoice;
}

type PrintableInvoice = NonNullable<Awaited<ReturnType<typeof findInvoiceFor>>>;

/** The document as a PDF (A4, the standard Helvetica font: no font files to ship). */
export function invoicePdf(invoice: PrintableInvoice): Promise<Buffer> | null {
  const seller = invoiceSeller();
  if (!seller) return null;
  const number = invoiceNumberText(invoice.kind, invoice.number);
  const title = INVOICE_TITLES[invoice.kind];
  // Uncompressed: a few kilobytes more, and its text can be checked by a test.
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress: false,
    info: { Title: `${title} ${number}`, Author: seller.name },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 112;
  doc.font("Helvetica-Bold").fontSize(20).text(title);
  if (seller.demo)
    doc.font("Helvetica").fontSize(9).fillColor("#b45309").text("Demo company details: not a real VAT invoice.");
  doc.fillColor("#000").moveDown(0.5);
  doc.font("Helvetica").fontSize(10);
  doc.text(`${title} number: ${number}`);
  if (invoice.creditedNumber) doc.text(`Corrects VAT invoice: ${invoiceNumberText("invoice", invoice.creditedNumber)}`);
  doc.text(`Date of issue: ${formatUkDate(invoice.issuedAt, "long")}`);
  doc.text(
    `${invoice.kind === "invoice" ? "Tax point (paid)" : "Refunded"}: ${formatUkDate(invoice.supplyDate, "long")}`,
  );
  doc.text(`Booking: ${invoice.booking.reference}`);
  doc.moveDown();

  doc.font("Helvetica-Bold").text("From");
  doc.font("Helvetica").text(seller.name).text(seller.address).text(`VAT number: ${seller.vatNumber}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("To");
  doc.font("Helvetica");
  if (invoice.companyName) doc.text(invoice.companyName);
  doc.text(invoice.customerName).text(invoice.customerEmail);
  if (invoice.billingAddress) doc.text(invoice.billingAddress);
  doc.moveDown();
  doc.text(`Move: ${invoice.booking.pickupAddress} to ${invoice.booking.deliveryAddress}`, { width });
  doc.moveDown();

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.text(label, 56, y, { width: width - 100 });
    const after = doc.y;
    doc.text(amount, 56 + width - 100, y, { width: 100, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
  };
  for (const line of invoiceLines(invoice)) row(line.label, line.amount);
  row(invoice.kind === "invoice" ? "Total paid" : "Total refunded", formatPounds(invoice.totalPence), true);
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(
      `VAT at ${VAT_RATE_TEXT} is charged on our platform service fee only (extended cover is part of it). The driver's share is collected for the ` +
        "independent driver who does your move and is outside the scope of our VAT.",
      56,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}

/** The document's file name: "INV-000042.pdf". */
export const invoiceFileName = (invoice: { kind: InvoiceKind; number: number }) =>
  `${invoiceNumberText(invoice.kind, invoice.number)}.pdf`;
