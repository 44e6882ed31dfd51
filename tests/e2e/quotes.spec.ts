import { expect, test, type Page } from "@playwright/test";
import { jsModes, waitForHydration } from "./helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const mode of jsModes) {
  test.describe(`quotes ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("home: the short quote form gives a quote card in place of the form", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const hero = page.locator("#quote");
      await hero.getByLabel("Pickup address").fill("14 Duke Street, Chelmsford CM1 1HL");
      await hero.getByLabel("Delivery address").fill("3 Newland Street, Witham CM8 2AF");
      await hero.getByLabel("Moving date").fill(inTwoDays);
      await hero.getByLabel("Van size").selectOption("medium");
      await hero.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await expect(card.getByTestId("quote-distance")).toContainText("miles");
      await expect(page.locator("#quote").getByRole("button", { name: "Calculate Quote" })).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "Quote calculated" })).toContainText(/Your quote for [\d.]+ miles is £[\d,]+\.\d\d/);
      await card.getByRole("link", { name: "Start a new quote" }).click();
      await expect(page.locator("#quote").getByRole("button", { name: "Calculate Quote" })).toBeVisible();
    });

    test("home: Show More Options keeps what was typed; quick-add, quantities and floors price in", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const hero = page.locator("#quote");
      await hero.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await hero.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await hero.getByLabel("Moving date").fill(inTwoDays);
      await hero.getByRole("button", { name: "Show More Options" }).click();
      for (const section of ["Locations", "Date & Time", "Items to Move", "Van & Services", "Access Conditions"]) {
        await expect(hero.getByRole("group", { name: section })).toBeVisible();
      }
      await expect(hero.getByLabel("Pickup address")).toHaveValue("1 Grey Street, Newcastle NE1 6EE");
      await expect(hero.getByLabel("Moving date")).toHaveValue(inTwoDays);
      await expect(hero.getByRole("button", { name: "Show More Options" })).toHaveCount(0);

      await hero.getByRole("button", { name: "Add Sofa" }).click();
      await hero.getByRole("button", { name: "Add Wardrobe" }).click();
      await expect(hero.getByTestId("quote-item")).toHaveCount(2);
      const sofa = hero.getByTestId("quote-item").filter({ hasText: "Sofa" });
      await expect(sofa.getByRole("button", { name: "Fewer Sofa" })).toBeDisabled();
      await sofa.getByRole("button", { name: "More Sofa" }).click();
      await expect(sofa.getByTestId("item-quantity")).toHaveText("2");
      await hero.getByRole("button", { name: "Add Sofa" }).click();
      await expect(sofa.getByTestId("item-quantity")).toHaveText("3");
      await sofa.getByRole("button", { name: "Fewer Sofa" }).click();
      await expect(sofa.getByTestId("item-quantity")).toHaveText("2");
      await hero.getByTestId("quote-item").filter({ hasText: "Wardrobe" }).getByRole("button", { name: "Remove Wardrobe" }).click();
      await expect(hero.getByTestId("quote-item")).toHaveCount(1);

      await expect(hero.getByLabel("Lift available at delivery")).toBeHidden();
      await hero.getByLabel("Delivery floor").selectOption("thirdFloorPlus");
      await expect(hero.getByLabel("Lift available at delivery")).toBeVisible();
      await hero.getByLabel("Helpers").selectOption("1");
      await hero.getByRole("button", { name: "Calculate Quote" }).click();

      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await card.getByText("Show price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toContainText("Floor access");
      await expect(card.getByTestId("quote-breakdown")).toContainText("Helpers (1 × 2h at £25/h)");
      await expect(card.getByTestId("quote-breakdown")).toContainText("£30.00");
    });

    test("home: past dates are refused", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const hero = page.locator("#quote");
      await expect(hero.getByLabel("Moving date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
      await hero.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await hero.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await hero.getByLabel("Moving date").fill("2024-01-10");
      await hero.getByRole("button", { name: "Calculate Quote" }).click();
      await expect(hero.getByText("Please choose today or a later date")).toBeVisible();
    });

    test("/calculator gives a real quote, with breakdown and checkout", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await expect(page.getByLabel("Start time")).toHaveValue("09:00");
      await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill(inTwoDays);
      await page.getByLabel("Van size").selectOption("small");
      await page.getByRole("button", { name: "Calculate Quote" }).click();

      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await expect(card.getByTestId("quote-total")).toHaveText("£42.00");
      await expect(card.getByTestId("quote-distance")).toContainText("1.3 miles");
      await expect(card.getByTestId("quote-distance")).toContainText("estimated");
      await expect(page.getByRole("status").filter({ hasText: "Quote calculated" })).toContainText("Your quote for 1.3 miles is £42.00");

      const breakdown = card.getByTestId("quote-breakdown");
      await expect(breakdown).toBeHidden();
      await card.getByText("Show price breakdown").click();
      await expect(breakdown).toContainText("Minimum charge adjustment");
      await expect(breakdown).toContainText("Total");
      await expect(card).toContainText("Your driver receives £30.00");

      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout\?quote=/);
      await expect(page.getByTestId("checkout-total")).toHaveText("£42.00");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });

    test("/calculator shows the spec's messages and keeps what was typed", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("NE1");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill("");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      await expect(page.getByText("Please enter a valid pickup address")).toBeVisible();
      await expect(page.getByText("Please select a date")).toBeVisible();
      await expect(page.getByLabel("Pickup address")).toHaveValue("NE1");
      await expect(page.getByLabel("Delivery address")).toHaveValue("40 Osborne Road, Newcastle NE2 2AL");
      await expect(page.getByLabel("Moving date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
    });

    test("an address that cannot be located asks for a postcode, with the error toast", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("Somewhere Lovely");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      await expect(page.getByText(/Please enter a full UK postcode/)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "There was a problem calculating your quote. Please try again." })).toBeVisible();
      await expect(page.getByLabel("Pickup address")).toHaveValue("Somewhere Lovely");
    });

    test("/quote with items, floors and a lift", async ({ page }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("22 Kensington Church Street, London W8 4EP");
      await page.getByLabel("Delivery address").fill("5 Portobello Road, London W11 3DA");
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expect(page.getByText("Please add at least one item to generate a quote.")).toBeVisible();

      await page.getByRole("button", { name: "Add Item" }).click();
      await expect(page.getByTestId("item-row")).toHaveCount(1);
      await page.getByLabel("Quantity").fill("0");
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expect(page.getByText("Item name is required")).toBeVisible();
      await expect(page.getByText("Quantity must be greater than 0")).toBeVisible();

      await page.getByLabel("Item name").fill("Piano");
      await page.getByLabel("Quantity").fill("1");
      await page.getByLabel("Category").selectOption("Furniture");
      await page.getByLabel("Fragile").check();
      await page.getByRole("button", { name: "Add Item" }).click();
      await expect(page.getByTestId("item-row")).toHaveCount(2);
      await expect(page.getByLabel("Item name").first()).toHaveValue("Piano");
      await page.getByRole("button", { name: "Remove item 2" }).click();
      await expect(page.getByTestId("item-row")).toHaveCount(1);

      await page.getByLabel("Pickup floor").selectOption("secondFloor");
      await page.getByLabel("Lift available at pickup").check();
      await page.getByRole("button", { name: "Generate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await card.getByText("Show price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toContainText("Floor access");
      await expect(card.getByTestId("quote-breakdown")).toContainText("£20.00");
    });

    test("lift toggles show only above the ground floor", async ({ page }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      await expect(page.getByLabel("Lift available at pickup")).toBeHidden();
      await page.getByLabel("Pickup floor").selectOption("firstFloor");
      await expect(page.getByLabel("Lift available at pickup")).toBeVisible();
      await expect(page.getByLabel("Lift available at delivery")).toBeHidden();
    });

    test("/distance-calculator measures, then prices simple and detailed quotes", async ({ page }) => {
      await open(page, "/distance-calculator", mode.javaScriptEnabled);
      if (mode.javaScriptEnabled) {
        await expect(page.getByRole("button", { name: "Calculate Distance" })).toBeDisabled();
      } else {
        await page.getByRole("button", { name: "Calculate Distance" }).click();
        await expect(page.getByText("Please enter both addresses").first()).toBeVisible();
      }
      await page.getByLabel("Pickup address").fill("London SW1A 1AA");
      await page.getByLabel("Delivery address").fill("Birmingham B1 1BB");
      await page.getByRole("button", { name: "Calculate Distance" }).click();
      const result = page.getByTestId("distance-result");
      await expect(result).toContainText("London SW1A 1AA");
      await expect(result.getByTestId("result-distance")).toHaveText(/^1[12]\d miles \(estimated\)$/);
      await expect(result.getByTestId("result-time")).toHaveText(/^\d hours?( \d+ mins?)?$/);
      await expect(result).toContainText("offline_estimate_postcode_district");

      await page.getByRole("button", { name: "Get Simple Quote" }).click();
      await expect(page.getByTestId("calculator-quote")).toContainText("Simple quote");
      await expect(page.getByTestId("calculator-quote")).toContainText("Total price including VAT");
      await page.getByRole("button", { name: "Get Detailed Quote" }).click();
      await expect(page.getByTestId("calculator-quote")).toContainText("Detailed quote");
      await expect(page.getByTestId("calculator-quote")).toContainText("Helpers (1 × 2h at £25/h)");
    });

    test("/distance-calculator names a failure in a red box", async ({ page }) => {
      await open(page, "/distance-calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("Qwertyuiop");
      await page.getByLabel("Delivery address").fill("B1 1BB");
      await page.getByRole("button", { name: "Calculate Distance" }).click();
      await expect(page.getByTestId("calculator-error")).toContainText("Failed to calculate distance");
    });
  });
}

test("with JavaScript, validation runs as you type and the button says Calculating...", async ({ page }) => {
  await open(page, "/calculator", true);
  const pickup = page.getByLabel("Pickup address");
  await pickup.fill("NE1");
  await pickup.blur();
  await expect(page.getByText("Please enter a valid pickup address")).toBeVisible();
  await pickup.fill("1 Grey Street, Newcastle NE1 6EE");
  await expect(page.getByText("Please enter a valid pickup address")).toBeHidden();

  await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
  await page.getByLabel("Moving date").fill(inTwoDays);
  // Hold the response so the pending state is visible.
  await page.route("**/calculator*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole("button", { name: "Calculate Quote" }).click();
  await expect(page.getByRole("button", { name: "Calculating..." })).toBeDisabled();
  await expect(page.getByTestId("quote-card")).toBeVisible();
});

test("with JavaScript, an address field says maps are unavailable without a key", async ({ page }) => {
  await open(page, "/calculator", true);
  await expect(page.getByText("Maps unavailable - API key missing")).toHaveCount(0);
  await page.getByLabel("Pickup address").focus();
  await expect(page.getByText("Maps unavailable - API key missing")).toBeVisible();
});

test("with JavaScript, the last priced addresses are remembered in the browser", async ({ page }) => {
  await open(page, "/calculator", true);
  await page.getByLabel("Pickup address").fill("2 Colmore Row, Birmingham B3 2BJ");
  await page.getByLabel("Delivery address").fill("12 Hertford Street, Coventry CV1 1LF");
  await page.getByRole("button", { name: "Calculate Quote" }).click();
  await expect(page.getByTestId("quote-card")).toBeVisible();
  await open(page, "/quote", true);
  await expect(page.getByLabel("Pickup address")).toHaveValue("2 Colmore Row, Birmingham B3 2BJ");
  await expect(page.getByLabel("Delivery address")).toHaveValue("12 Hertford Street, Coventry CV1 1LF");
});
