// Multi-stop moves (docs/PRICING.md v2): "Add a stop" on every
// quote form, with JavaScript (in place) and without (a post that keeps what was typed).
import { createDriver } from "../support/factories";
import { expectAccessible } from "./axe";
import { expect, test, type Locator, type Page } from "./fixtures";
import { appDb, drawSignature, jsModes, uniqueEmail, open } from "./helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Adds a stop and fills it in; the focus lands on the new address with JavaScript. */
async function addStop(form: Locator, n: number, address: string, type: "Pickup" | "Drop-off", javaScript: boolean) {
  await form.getByRole("button", { name: "Add a stop" }).click();
  const field = form.getByLabel(`Stop ${n} address`);
  await expect(field).toBeVisible();
  if (javaScript) await expect(field).toBeFocused();
  await field.fill(address);
  await form.getByLabel(`Stop ${n}: pickup or drop-off`).selectOption({ label: type });
}

for (const mode of jsModes) {
  test.describe(`extra stops ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("home: the short form adds and removes stops, keeps what was typed, and prices the route", async ({
      page,
    }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const hero = page.locator("#quote");
      await hero.getByLabel("Pickup address").fill("14 Duke Street, Chelmsford CM1 1HL");
      await hero.getByLabel("Delivery address").fill("3 Newland Street, Witham CM8 2AF");
      await hero.getByLabel("Moving date").fill(inTwoDays);
      await addStop(hero, 1, "Maldon CM9 4AA", "Pickup", mode.javaScriptEnabled);
      await addStop(hero, 2, "Braintree CM7 1AA", "Drop-off", mode.javaScriptEnabled);
      // Everything typed is still there after each add (a post, without JavaScript), and no
      // field is called wrong for being empty before the quote is asked for.
      await expect(hero.getByTestId("field-error")).toHaveCount(0);
      await expect(hero.getByLabel("Pickup address")).toHaveValue("14 Duke Street, Chelmsford CM1 1HL");
      await expect(hero.getByLabel("Moving date")).toHaveValue(inTwoDays);
      await expect(hero.getByLabel("Stop 1 address")).toHaveValue("Maldon CM9 4AA");

      await hero.getByRole("button", { name: "Remove stop 1" }).click();
      await expect(hero.getByTestId("stop-row")).toHaveCount(1);
      await expect(hero.getByLabel("Stop 1 address")).toHaveValue("Braintree CM7 1AA");
      await expect(hero.getByLabel("Stop 1: pickup or drop-off")).toHaveValue("dropoff");

      await hero.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      const route = card.getByTestId("route-stops");
      await expect(route).toContainText("Pickup: 14 Duke Street, Chelmsford CM1 1HL");
      await expect(route).toContainText("Stop 1 (drop-off): Braintree CM7 1AA");
      await expect(route).toContainText("Final delivery: 3 Newland Street, Witham CM8 2AF");
      await card.getByText("Show price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toContainText("Extra stops (1 × £10.00)£10.00");
      await expect(card.getByTestId("route-legs").getByRole("listitem")).toHaveCount(2);
      await expect(card.getByTestId("route-legs")).toContainText(
        "Leg 1: 14 Duke Street, Chelmsford CM1 1HL to Braintree CM7 1AA",
      );
    });

    test("a stop's address is checked, its message tied to its field", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Calculate Quote" }) });
      await form.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await form.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await form.getByRole("button", { name: "Add a stop" }).click();
      await form.getByLabel("Stop 1 address").fill("NE");
      await form.getByRole("button", { name: "Calculate Quote" }).click();
      const address = form.getByLabel("Stop 1 address");
      await expect(address).toHaveAttribute("aria-invalid", "true");
      await expect(address).toHaveAccessibleDescription(/Please enter a valid address for this stop/);
      await expect(form.getByLabel("Pickup address")).toHaveValue("1 Grey Street, Newcastle NE1 6EE");
      await address.fill("Gateshead NE8 1AA");
      await form.getByRole("button", { name: "Calculate Quote" }).click();
      await expect(page.getByTestId("quote-card").getByTestId("route-stops")).toContainText("Gateshead NE8 1AA");
    });

    test("/distance-calculator: measures each leg of a route with a stop, and prices it", async ({ page }) => {
      await open(page, "/distance-calculator", mode.javaScriptEnabled);
      const form = page.locator("#distance-calculator");
      await form.getByLabel("Pickup address").fill("Birmingham B1 1AA");
      await form.getByLabel("Delivery address").fill("Coventry CV1 1GF");
      await addStop(form, 1, "Solihull B91 3AA", "Drop-off", mode.javaScriptEnabled);
      await form.getByRole("button", { name: "Calculate Distance" }).click();
      const legs = page.getByTestId("distance-legs");
      await expect(legs.getByRole("listitem")).toHaveCount(2);
      await expect(legs).toContainText("Leg 1: Birmingham B1 1AA to Solihull B91 3AA");
      await expect(form.getByLabel("Stop 1 address")).toHaveValue("Solihull B91 3AA");
      await form.getByRole("button", { name: "Get Simple Quote" }).click();
      const quote = page.getByTestId("calculator-quote");
      await expect(quote).toContainText("Extra stops (1 × £10.00)£10.00");
      await expect(quote.getByTestId("route-legs").getByRole("listitem")).toHaveCount(2);
    });

    test("/quote: the detailed form's stops, up to 4, with floors and lifts", async ({ page }) => {
      test.slow(); // four stops added by post without JavaScript
      await open(page, "/quote", mode.javaScriptEnabled);
      const form = page.locator("#detailed-quote-form");
      await form.getByLabel("Pickup address").fill("22 Kensington Church Street, London W8 4EP");
      await form.getByLabel("Delivery address").fill("5 Portobello Road, London W11 3DA");
      for (const [n, address] of ["Hammersmith W6 9DN", "Fulham SW6 1AA", "Chelsea SW3 4AA", "Ealing W5 2AA"].entries())
        await addStop(form, n + 1, address, "Drop-off", mode.javaScriptEnabled);
      await expect(form.getByRole("button", { name: "Add a stop" })).toBeDisabled();
      // The rows meet WCAG 2.1 AA as axe checks it (labels, names, contrast): the same markup
      // either way, checked with JavaScript (axe's run never ends on this page without it).
      if (mode.javaScriptEnabled) {
        await expectAccessible(page, { include: "#detailed-quote-form" });
      }
      await form.getByLabel("Stop 2 floor").selectOption("secondFloor");
      await form.getByRole("button", { name: "Add Item" }).click();
      await form.getByLabel("Item name").fill("Sofa");
      await form.getByRole("button", { name: "Generate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByTestId("route-stop")).toHaveCount(4);
      await expect(card.getByTestId("route-stops")).toContainText("Fulham SW6 1AA · Second floor");
      await card.getByText("Show price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toContainText("Extra stops (4 × £10.00)£40.00");
      await expect(card.getByTestId("quote-breakdown")).toContainText("Floor access£20.00");
    });
  });
}

// ---------- the whole journey: book and pay a three-stop move, then the move day ----------

const PHOTO = "tests/fixtures/van-photo.jpg";

/** Today in the UK, as the quote form's date field takes it: a move the driver may start now (from 00:00). */
const ukToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** A driver with an account, approved, who will be given the move. */
async function newDriver() {
  const db = await appDb();
  const user = await db.user.create({
    data: { username: "Riley Driver", email: uniqueEmail("stops-driver"), role: "driver" },
  });
  const driver = await createDriver({
    name: "Riley Driver",
    email: user.email,
    phone: "07700 900888",
    vanType: "large",
    location: "Newcastle upon Tyne",
    userId: user.id,
  });
  return { user, driver };
}

/** The driver hands in a proof (a photo, the recipient, a signature) on the page they are on. */
async function handInProof(page: Page, button: string, recipient: string, javaScript: boolean) {
  await page.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
  await page.getByLabel("Recipient's name").fill(recipient);
  if (javaScript) await drawSignature(page);
  else await page.getByLabel("The recipient types their name as their signature").fill(recipient);
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/driver$/);
}

const STOPS = [
  ["Gateshead NE8 1AA", "Pickup"],
  ["Wallsend NE28 6AA", "Drop-off"],
  ["Durham DH1 1AA", "Drop-off"],
] as const;

for (const mode of jsModes) {
  test(`a customer books and pays a three-stop move; the driver works through it on the day and the customer follows it (${mode.name})`, async ({
    signedInPage,
  }) => {
    test.slow(); // the whole journey, in two browsers
    const js = mode.javaScriptEnabled;
    const db = await appDb();
    const email = uniqueEmail("stops-customer");
    await db.user.create({ data: { username: "Morgan Mover", email } });
    const { user: driverUser, driver } = await newDriver();
    const customerPage = await signedInPage(email, { javaScriptEnabled: js });

    // The quote: three stops between the pickup and the delivery, today.
    await open(customerPage, "/calculator", js);
    const form = customerPage
      .locator("form")
      .filter({ has: customerPage.getByRole("button", { name: "Calculate Quote" }) });
    await form.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
    await form.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await form.getByLabel("Moving date").fill(ukToday());
    await form.getByLabel("Start time").fill("00:00");
    for (const [index, [address, type]] of STOPS.entries()) await addStop(form, index + 1, address, type, js);
    await form.getByRole("button", { name: "Calculate Quote" }).click();
    const card = customerPage.getByTestId("quote-card");
    await expect(card.getByTestId("route-stop")).toHaveCount(3);
    await card.getByRole("button", { name: "Proceed to Checkout" }).click();

    // Checkout shows the route and its legs; the customer pays on the sandbox card page.
    await expect(customerPage).toHaveURL(/\/checkout\?booking=/);
    const bookingId = new URL(customerPage.url()).searchParams.get("booking")!;
    await expect(customerPage.getByTestId("route-stops")).toContainText("Stop 3 (drop-off): Durham DH1 1AA");
    await expect(customerPage.getByTestId("checkout-breakdown")).toContainText("Extra stops (3 × £10.00)£30.00");
    await expect(customerPage.getByTestId("route-legs").getByRole("listitem")).toHaveCount(4);
    const total = (await customerPage.getByTestId("checkout-total").textContent())!;
    await customerPage.getByRole("link", { name: /Pay by card on a secure payment page/ }).click();
    await expect(customerPage).toHaveURL(/\/stripe-checkout\?booking=/);
    if (js) await open(customerPage, customerPage.url(), true);
    await customerPage.getByLabel("Phone number").fill("07400 900321");
    await customerPage.getByRole("button", { name: `Pay ${total} securely` }).click();
    await expect(customerPage).toHaveURL(/\/sandbox-checkout\//);
    if (js) await open(customerPage, customerPage.url(), true);
    await customerPage.getByLabel("Card number").fill("4242 4242 4242 4242");
    await customerPage.getByLabel("Expiry (MM/YY)").fill("12/34");
    await customerPage.getByLabel("CVC").fill("123");
    await customerPage.getByRole("button", { name: /^Pay £/ }).click();
    await expect(customerPage.getByRole("heading", { name: "Booking Confirmed" })).toBeVisible();
    await expect(customerPage.getByTestId("receipt").getByTestId("route-stops")).toContainText(
      "Stop 1 (pickup): Gateshead NE8 1AA",
    );
    const reference = (await customerPage.getByTestId("booking-reference").textContent())!;

    // An admin gives the move to the driver (admin-bookings.spec.ts tests that screen).
    await db.booking.update({
      where: { id: bookingId },
      data: { driverId: driver.id, status: "assigned", trackingStatus: "assigned" },
    });

    const driverPage = await signedInPage(driverUser.email, {
      javaScriptEnabled: js,
      ...(js ? { permissions: ["geolocation"], geolocation: { latitude: 54.94, longitude: -1.6 } } : {}),
    });
    await open(customerPage, `/booking-tracker?booking=${bookingId}`, js);
    const route = customerPage.getByTestId("tracker-route");
    await expect(route.getByTestId("route-stop")).toHaveCount(3);
    const follow = async () => {
      if (!js) await customerPage.reload();
    };

    // The day: on the way (sharing a position), nearby, arrived.
    await open(driverPage, "/driver", js);
    const job = () => driverPage.getByTestId(`job-${reference}`);
    await job().getByRole("button", { name: "Start: on my way" }).click();
    await expect(job().getByRole("button", { name: "I'm nearby" })).toBeVisible();
    if (js) await expect(job().getByTestId("position-sharing")).toContainText("Sharing your position");
    else {
      await job().getByLabel("Where are you? (postcode or town)").fill("Gateshead");
      await job().getByRole("button", { name: "Share my position now" }).click();
      await expect(driverPage.getByText("Position shared")).toBeVisible();
    }
    await follow();
    await expect(customerPage.getByTestId("live-distance")).toContainText("from the pickup address");
    for (const button of ["I'm nearby", "I've arrived"]) {
      await job().getByRole("button", { name: button }).click();
      await expect(driverPage).toHaveURL(/\/driver$/);
    }
    await follow();
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Arrived");

    // Each stop in order: the pickup with one button, each drop-off with its proof.
    await expect(job().getByRole("link", { name: "Complete job: proof of delivery" })).toHaveCount(0);
    await job().getByRole("button", { name: "Collected at stop 1" }).click();
    await expect(driverPage.getByRole("status").filter({ hasText: "Stop 1 (pickup): done" })).toBeVisible();
    await follow();
    await expect(route.getByTestId("route-stop-state").first()).toHaveText("Done");
    await expect(customerPage.getByTestId("updates")).toContainText("Stop 1 (pickup) is done: Gateshead NE8 1AA.");
    await expect(customerPage.getByTestId("live-distance")).toContainText("from stop 2 (drop-off)");
    const shot = js ? "js" : "nojs";
    await customerPage.screenshot({ path: `test-results/screens/stops-tracker-${shot}.png`, fullPage: true });
    await driverPage.screenshot({ path: `test-results/screens/stops-driver-${shot}.png`, fullPage: true });

    for (const n of [2, 3]) {
      await job()
        .getByRole("link", { name: `Stop ${n} (drop-off): proof of delivery` })
        .click();
      await expect(driverPage.getByRole("heading", { name: `Stop ${n} (drop-off): proof of delivery` })).toBeVisible();
      await handInProof(driverPage, "Complete drop-off", `Recipient ${n}`, js);
      await expect(driverPage.getByRole("status").filter({ hasText: `Stop ${n} (drop-off) done` })).toBeVisible();
      await follow();
      await expect(route.getByTestId("route-stop-state").nth(n - 1)).toHaveText("Done");
      // The drop-off's proof is on the customer's tracker at once, before the move ends.
      await expect(customerPage.getByTestId(`delivery-proof-stop-${n}`).getByTestId("proof-recipient")).toHaveText(
        `Recipient ${n}`,
      );
    }
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Arrived");

    // Then the final delivery completes the move.
    await job().getByRole("link", { name: "Complete job: proof of delivery" }).click();
    await handInProof(driverPage, "Complete job", "Morgan Mover", js);
    await expect(driverPage.getByRole("status").filter({ hasText: "Job completed" })).toBeVisible();
    await follow();
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Move completed");
    await expect(route.getByTestId("route-stop-state")).toHaveText(["Done", "Done", "Done"]);
    await expect(customerPage.getByTestId("delivery-proof").getByTestId("proof-recipient")).toHaveText("Morgan Mover");
    const proofs = await db.deliveryProof.findMany({ where: { bookingId }, orderBy: { stop: "asc" } });
    expect(proofs.map((proof) => [proof.stop, proof.recipientName])).toEqual([
      [0, "Morgan Mover"],
      [2, "Recipient 2"],
      [3, "Recipient 3"],
    ]);
  });
}
