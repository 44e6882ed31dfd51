// Multi-stop moves (issue 20 part 1, PRICING.md "Extra stops (v2)"): "Add a stop" on every
// quote form, with JavaScript (in place) and without (a post that keeps what was typed).
import { expect, test, type Locator, type Page } from "./fixtures";
import { jsModes, waitForHydration } from "./helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

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
      // Everything typed is still there after each add (a post, without JavaScript).
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

    test("/quote: the detailed form's stops, up to 4, with floors and lifts", async ({ page }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      const form = page.locator("#detailed-quote-form");
      await form.getByLabel("Pickup address").fill("22 Kensington Church Street, London W8 4EP");
      await form.getByLabel("Delivery address").fill("5 Portobello Road, London W11 3DA");
      for (const [n, address] of ["Hammersmith W6 9DN", "Fulham SW6 1AA", "Chelsea SW3 4AA", "Ealing W5 2AA"].entries())
        await addStop(form, n + 1, address, "Drop-off", mode.javaScriptEnabled);
      await expect(form.getByRole("button", { name: "Add a stop" })).toBeDisabled();
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
