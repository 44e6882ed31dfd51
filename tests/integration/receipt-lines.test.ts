// The receipt says the same thing wherever it is read: the confirmation
// e-mail and the receipt page take their breakdown lines from the pricing module's breakdown,
// amounts and notes included. One booking, made through the quote and checkout code, is
// rendered both ways and their lines compared.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceBreakdown } from "~/components/quote/price-breakdown";
import { FUEL_AND_RETURN_NOTE } from "~/domain/pricing";
import * as receiptRoute from "~/routes/_checkout+/booking-receipt";
import { composeBookingConfirmation } from "~/server/bookings/booking-emails.server";
import { bookQuote } from "~/server/bookings/bookings.server";
import { db } from "~/server/platform/db.server";
import { createQuote } from "~/server/quotes/quotes.server";
import { call, createAccount, getRequest, sessionCookie } from "./auth-helpers";

const inThreeWeeks = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The page's breakdown as text: "Label: amount" for each row, its note as a line after it. */
function pageLines(html: string) {
  const row = /<span>([^<]*)<\/span><span class="font-medium">([^<]*)<\/span><\/div>(?:<p[^>]*>([^<]*)<\/p>)?/g;
  return [...html.matchAll(row)].flatMap(([, label, amount, note]) => [
    `${decode(label!)}: ${decode(amount!)}`,
    ...(note ? [decode(note)] : []),
  ]);
}

describe("one breakdown for the receipt page and the confirmation e-mail", () => {
  it("renders the same lines, amounts and notes in both, the distance line with its amount", async () => {
    const customer = await createAccount();
    const quote = await createQuote({
      pickupAddress: "22 Kensington Church Street, London W8 4EP",
      deliveryAddress: "5 Portobello Road, London W11 3DA",
      moveDate: inThreeWeeks,
      moveTime: "09:00",
      vanSize: "large",
      helpers: 1,
      floorAccessPickup: "secondFloor",
      floorAccessDelivery: "ground",
      liftAvailablePickup: false,
      liftAvailableDelivery: false,
      urgency: "standard",
      items: [],
      stops: [{ address: "Chelsea SW3 1AA", type: "dropoff", floorAccess: "ground", liftAvailable: false }],
    });
    const booked = await bookQuote(getRequest("/checkout"), quote.id, customer);
    if (booked.status !== "booked") throw new Error(`not booked: ${booked.status}`);
    await db.booking.update({
      where: { id: booked.bookingId },
      data: { paymentState: "paid", status: "pending", customerEmail: customer.email, customerName: "Casey Lines" },
    });

    const page = await call(
      receiptRoute.loader,
      getRequest(`/booking-receipt?booking=${booked.bookingId}`, { cookie: await sessionCookie(customer) }),
    );
    expect(page.status).toBe(200);
    const view = (page.body as Awaited<ReturnType<typeof receiptRoute.loader>>).booking;
    const onPage = pageLines(renderToStaticMarkup(createElement(PriceBreakdown, { lines: view.breakdown })));

    const mail = await composeBookingConfirmation({ bookingId: booked.bookingId });
    expect(mail!.to).toBe(customer.email);
    const text = mail!.text.split("\n");
    const receipt = text.slice(
      text.indexOf("Receipt") + 1,
      text.findIndex((line) => line.startsWith("Paid: ")),
    );
    const inMail = receipt.filter((line) => !line.startsWith("Leg "));

    expect(onPage.length).toBeGreaterThan(6);
    expect(inMail).toEqual(onPage);
    // The line that once lost its amount in the e-mail.
    const distanceLine = inMail.findIndex((line) => line.startsWith("Distance ("));
    expect(inMail[distanceLine]).toMatch(/^Distance \(\d+(\.\d)? miles\): £\d+\.\d{2}$/);
    expect(inMail[distanceLine + 1]).toBe(FUEL_AND_RETURN_NOTE);
    expect(inMail).toContain("Extra stops (1 × £10.00): £10.00");
    expect(inMail.at(-1)).toBe(`Total: ${view.total}`);
  });
});
