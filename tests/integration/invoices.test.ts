// VAT invoices and credit notes against a real PostgreSQL: the customer asks
// for the invoice (with an optional company and billing address) and downloads it as a PDF;
// numbers run without gaps however many are issued at once; a refund issues a credit note; the
// admin's payments CSV names each payment's document; only the customer and admins may read it.
import { describe, expect, it } from "vitest";
import { refundShares } from "~/domain/invoices";
import { action as cancelAction } from "~/routes/_bookings+/bookings_.$id.cancel";
import * as invoicePage from "~/routes/_bookings+/bookings_.$id.invoice";
import * as invoiceFile from "~/routes/invoices.$id";
import { paymentsCsv } from "~/server/admin/payments.server";
import { recordProviderPayment } from "~/server/bookings/checkout.server";
import { issueInvoice } from "~/server/bookings/invoices.server";
import { payWithSandboxCard, sandboxGateway } from "~/server/payments/sandbox.server";
import { db } from "~/server/platform/db.server";
import { setEnv } from "../support/env";
import { call, createAccount, formRequest, getRequest, sessionCookie, unique } from "./auth-helpers";

type Account = Awaited<ReturnType<typeof createAccount>>;

/** A paid booking of this customer's, its move three weeks away: £123.45, of which £10.00 fee and £2.00 VAT. */
async function paidBooking(customer: Account) {
  const id = unique();
  const booking = await db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      customerId: customer.id,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() + 21 * 86_400_000),
      vanSize: "medium",
      distanceTenths: 20,
      estimatedHours: 2,
      customerName: "Casey Invoice",
      customerEmail: `invoice-${id}@example.com`,
      subTotal: 12_145,
      platformFee: 1000,
      driverShare: 11_145,
      vatAmount: 200,
      originalPrice: 12_345,
      finalPrice: 12_345,
    },
  });
  const intent = await sandboxGateway.createPaymentIntent({
    bookingId: booking.id,
    reference: booking.reference,
    description: `Booking ${booking.reference}`,
    amountPence: booking.finalPrice,
    customerEmail: booking.customerEmail!,
    idempotencyKey: `invoice-test-${booking.id}`,
  });
  const paid = await payWithSandboxCard(intent.id, "4242 4242 4242 4242");
  expect((await recordProviderPayment(paid!.payment)).outcome).toBe("paid");
  return booking;
}

async function customer() {
  const account = await createAccount({ role: "customer" });
  return { account, cookie: await sessionCookie(account) };
}

const askForInvoice = (bookingId: string, cookie: string, fields: Record<string, string> = {}) =>
  call(invoicePage.action, formRequest(`/bookings/${bookingId}/invoice`, fields, { cookie }), { id: bookingId });
const invoicePageOf = (bookingId: string, cookie?: string) =>
  call(invoicePage.loader, getRequest(`/bookings/${bookingId}/invoice`, { cookie }), { id: bookingId });
type PageData = Awaited<ReturnType<typeof invoicePage.loader>>;

/** The text a PDF prints: pdfkit writes each run as a hex string of its characters. */
function pdfText(pdf: Buffer) {
  return [...pdf.toString("latin1").matchAll(/<([0-9a-f]+)>/gi)]
    .map(([, hex]) => Buffer.from(hex!, "hex").toString("latin1"))
    .join("");
}

async function download(href: string, cookie?: string) {
  const id = href.split("/").at(-1)!;
  try {
    const response = await invoiceFile.loader({ request: getRequest(href, { cookie }), params: { id }, context: {} });
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Every number of a kind issued so far: 1, 2, 3 … without a gap or a repeat. */
async function expectGapless(kind: "invoice" | "credit_note") {
  const numbers = (await db.invoice.findMany({ where: { kind }, select: { number: true } }))
    .map((row) => row.number)
    .sort((a, b) => a - b);
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  const counter = await db.invoiceCounter.findUniqueOrThrow({ where: { kind } });
  expect(counter.last).toBe(numbers.length);
}

describe("the VAT invoice", () => {
  it("is issued on request with the company and billing address, then downloaded as a PDF", async () => {
    const { account, cookie } = await customer();
    const booking = await paidBooking(account);

    const before = (await invoicePageOf(booking.id, cookie)).body as PageData;
    expect(before).toMatchObject({ documents: [], refusal: null });

    const issued = await askForInvoice(booking.id, cookie, {
      companyName: "Acme Removals Buyer Ltd",
      billingAddress: "Unit 4, Quayside, Newcastle NE1 3DX",
    });
    expect(issued.status).toBe(302);
    expect(issued.location).toBe(`/bookings/${booking.id}/invoice`);

    const page = (await invoicePageOf(booking.id, cookie)).body as PageData;
    expect(page.documents).toHaveLength(1);
    const [invoice] = page.documents;
    expect(invoice).toMatchObject({ kind: "invoice", title: "VAT invoice", total: "£123.45" });
    expect(invoice!.number).toMatch(/^INV-\d{6}$/);

    const response = await download(invoice!.href, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [
      "VAT invoice",
      invoice!.number,
      "GB 000 0000 00", // the demo VAT number outside production
      "Acme Removals Buyer Ltd",
      "Unit 4, Quayside, Newcastle NE1 3DX",
      booking.reference,
      "Platform service fee",
      "£10.00",
      "VAT at 20% on the platform service fee",
      "£2.00",
      "£111.45",
      "£123.45",
    ])
      expect(text).toContain(expected);

    // Asked again (a second tab): the same invoice, never a second number.
    await askForInvoice(booking.id, cookie, { companyName: "Another Name Ltd" });
    expect(await db.invoice.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  it("uses the configured company and VAT number, and waits for them in production", async () => {
    const { account, cookie } = await customer();
    const booking = await paidBooking(account);
    setEnv({
      VAT_NUMBER: "GB 123 4567 89",
      COMPANY_ADDRESS: "9 Real Road, London N1 9AA",
      COMPANY_NAME: "Move Co Ltd",
    });
    await askForInvoice(booking.id, cookie);
    const [invoice] = ((await invoicePageOf(booking.id, cookie)).body as PageData).documents;
    const text = pdfText(Buffer.from(await (await download(invoice!.href, cookie)).arrayBuffer()));
    expect(text).toContain("GB 123 4567 89");
    expect(text).toContain("9 Real Road, London N1 9AA");
    expect(text).not.toContain("Demo company");

    setEnv({ isProduction: true, VAT_NUMBER: undefined });
    expect((await download(invoice!.href, cookie)).status).toBe(503);
    const other = await paidBooking(account);
    const refused = await askForInvoice(other.id, cookie, { companyName: "Kept Ltd" });
    expect(refused.status).toBe(503);
    expect(await db.invoice.count({ where: { bookingId: other.id } })).toBe(0);
  });

  it("refuses a too-long company name with its message, the typed input kept", async () => {
    const { account, cookie } = await customer();
    const booking = await paidBooking(account);
    const name = "N".repeat(121);
    const outcome = await askForInvoice(booking.id, cookie, { companyName: name, billingAddress: "1 Street" });
    expect(outcome.status).toBe(400);
    const reply = outcome.body as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.companyName).toEqual(["The company name can be at most 120 characters"]);
    expect(reply.initialValue).toMatchObject({ companyName: name, billingAddress: "1 Street" });
  });

  it("is not issued for an unpaid booking", async () => {
    const { account, cookie } = await customer();
    const booking = await db.booking.create({
      data: {
        reference: `EM-${unique().slice(-6).toUpperCase()}`,
        customerId: account.id,
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
        moveDate: new Date(Date.now() + 21 * 86_400_000),
        vanSize: "small",
        distanceTenths: 20,
        estimatedHours: 1,
        subTotal: 4000,
        platformFee: 1000,
        driverShare: 3000,
        vatAmount: 200,
        originalPrice: 4200,
        finalPrice: 4200,
      },
    });
    expect(((await invoicePageOf(booking.id, cookie)).body as PageData).refusal).toBe(
      "A VAT invoice is issued once the booking is paid.",
    );
    expect((await askForInvoice(booking.id, cookie)).status).toBe(409);
    expect(await issueInvoice(booking.id)).toBeNull();
  });

  it("is the customer's and the admins' only", async () => {
    const { account, cookie } = await customer();
    const booking = await paidBooking(account);
    const invoice = (await issueInvoice(booking.id))!;
    const href = `/invoices/${invoice.id}`;
    expect((await download(href, cookie)).status).toBe(200);
    const stranger = await customer();
    expect((await download(href, stranger.cookie)).status).toBe(404);
    expect((await invoicePageOf(booking.id, stranger.cookie)).status).toBe(404);
    expect((await askForInvoice(booking.id, stranger.cookie)).status).toBe(404);
    const anonymous = await download(href);
    expect(anonymous.status).toBe(302);
    const admin = await createAccount({ role: "admin" });
    expect((await download(href, await sessionCookie(admin))).status).toBe(200);
  });

  it("numbers run without gaps or repeats when many are issued at once", async () => {
    const { account } = await customer();
    const bookings = await Promise.all(Array.from({ length: 10 }, () => paidBooking(account)));
    // Twenty requests for ten invoices: each booking asked twice at the same moment.
    const issued = await Promise.all([...bookings, ...bookings].map((booking) => issueInvoice(booking.id)));
    const perBooking = new Map(issued.map((invoice) => [invoice!.bookingId, invoice!.number]));
    expect(perBooking.size).toBe(10);
    for (const invoice of issued) expect(invoice!.number).toBe(perBooking.get(invoice!.bookingId));
    await expectGapless("invoice");
  });
});

describe("a refund", () => {
  it("issues a credit note that corrects the invoice, and the payments CSV names both", async () => {
    const { account, cookie } = await customer();
    const booking = await paidBooking(account);
    const cancelled = await call(cancelAction, formRequest(`/bookings/${booking.id}/cancel`, {}, { cookie }), {
      id: booking.id,
    });
    expect(cancelled.status).toBe(302);

    const documents = ((await invoicePageOf(booking.id, cookie)).body as PageData).documents;
    expect(documents.map((document) => [document.kind, document.total])).toEqual([
      ["invoice", "£123.45"],
      ["credit_note", "£123.45"],
    ]);
    const [invoice, creditNote] = await Promise.all([
      db.invoice.findFirstOrThrow({ where: { bookingId: booking.id, kind: "invoice" } }),
      db.invoice.findFirstOrThrow({ where: { bookingId: booking.id, kind: "credit_note" } }),
    ]);
    expect(creditNote).toMatchObject({
      creditedNumber: invoice.number,
      totalPence: 12_345,
      platformFeePence: 1000,
      vatPence: 200,
      driverSharePence: 11_145,
    });
    const text = pdfText(Buffer.from(await (await download(documents[1]!.href, cookie)).arrayBuffer()));
    expect(text).toContain("Credit note");
    expect(text).toContain(`Corrects VAT invoice: ${documents[0]!.number}`);
    await expectGapless("credit_note");

    const lines: string[] = [];
    for await (const line of paymentsCsv({ search: booking.reference })) lines.push(line);
    expect(lines[0]).toContain("Invoice Number");
    const body = lines.slice(1).join("");
    expect(body).toContain(documents[0]!.number);
    expect(body).toContain(documents[1]!.number);
  });

  it("splits a part refund into its shares, adding up to the penny", () => {
    const price = { totalPence: 12_345, platformFeePence: 1000, vatPence: 200, driverSharePence: 11_145 };
    const half = refundShares(price, 6172);
    expect(half).toEqual({ totalPence: 6172, platformFeePence: 500, vatPence: 100, driverSharePence: 5572 });
    expect(half.platformFeePence + half.vatPence + half.driverSharePence).toBe(6172);
    expect(refundShares(price, 12_345)).toEqual(price);
    expect(() => refundShares(price, 12_346)).toThrow(RangeError);
  });
});
