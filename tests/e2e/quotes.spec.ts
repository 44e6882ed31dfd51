import { expectAccessible } from "./axe";
import { expect, test } from "./fixtures";
import { jsModes, expectFormError, open } from "./helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
// A real village the offline estimate cannot place (no postcode).
const UNPLACEABLE = "Rose Cottage, Little Snoring";

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
      await expect(page.getByRole("status").filter({ hasText: "Quote calculated" })).toContainText(
        /Your quote for [\d.]+ miles is £[\d,]+\.\d\d/,
      );
      await card.getByRole("link", { name: "Start a new quote" }).click();
      await expect(page.locator("#quote").getByRole("button", { name: "Calculate Quote" })).toBeVisible();
    });

    test("home: Show More Options keeps what was typed; quick-add, quantities and floors price in", async ({
      page,
    }) => {
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
      await hero
        .getByTestId("quote-item")
        .filter({ hasText: "Wardrobe" })
        .getByRole("button", { name: "Remove Wardrobe" })
        .click();
      await expect(hero.getByTestId("quote-item")).toHaveCount(1);

      await expect(hero.getByLabel("Lift available at delivery")).toBeHidden();
      await hero.getByLabel("Delivery floor").selectOption("thirdFloorPlus");
      await expect(hero.getByLabel("Lift available at delivery")).toBeVisible();
      await hero.getByLabel("Helpers").selectOption("1");
      await hero.getByRole("button", { name: "Calculate Quote" }).click();

      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await card.getByText("Show price breakdown").click();
      // The toggle says what it does next (by CSS, so without JavaScript too).
      await expect(card.getByText("Show price breakdown")).toBeHidden();
      await card.getByText("Hide price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toBeHidden();
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
      await expectFormError(hero, "Please choose today or a later date");
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
      await expect(page.getByRole("status").filter({ hasText: "Quote calculated" })).toContainText(
        "Your quote for 1.3 miles is £42.00",
      );

      const breakdown = card.getByTestId("quote-breakdown");
      await expect(breakdown).toBeHidden();
      await card.getByText("Show price breakdown").click();
      await expect(breakdown).toContainText("Minimum charge adjustment");
      await expect(breakdown).toContainText("Total");
      await expect(card).toContainText("Your driver receives £30.00");

      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout\?booking=/);
      await expect(page.getByTestId("checkout-total")).toHaveText("£42.00");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });

    test("/calculator shows the product's messages and keeps what was typed", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("NE1");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByLabel("Moving date").fill("");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      await expectFormError(page, "Please enter a valid pickup address");
      await expectFormError(page, "Please select a date");
      await expect(page.getByLabel("Pickup address")).toHaveValue("NE1");
      await expect(page.getByLabel("Delivery address")).toHaveValue("40 Osborne Road, Newcastle NE2 2AL");
      await expect(page.getByLabel("Moving date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
    });

    test("an impossible distance is the customer's to fix, with the error toast", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("Flat 1, NE1 4ST");
      await page.getByLabel("Delivery address").fill("Flat 2, NE1 4ST");
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      await expectFormError(page, "Invalid distance. Addresses may be too similar or incomplete.");
      await expect(
        page.getByRole("alert").filter({ hasText: "There was a problem calculating your quote. Please try again." }),
      ).toBeVisible();
      await expect(page.getByLabel("Pickup address")).toHaveValue("Flat 1, NE1 4ST");
    });

    test("two streets of one town without postcodes: a labelled in-town estimate, not a dead end", async ({ page }) => {
      await open(page, "/calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("10 Downing Street, London");
      await page.getByLabel("Delivery address").fill("Oxford Street, London");
      await page.getByLabel("Moving date").fill(inTwoDays);
      await page.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await expect(card.getByTestId("quote-distance")).toHaveText("3.0 miles (in-town estimate)");
    });

    // The e2e server's Google Maps is down (playwright.config.ts) and the offline estimate
    // cannot place this village: the distance service has failed.
    test("/quote: a failing distance service gives 'Quote Generation Failed' and a labelled estimate that checkout will not sell", async ({
      page,
    }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill(UNPLACEABLE);
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByRole("button", { name: "Add Item" }).click();
      await page.getByLabel("Item name").fill("Sofa");
      await page.getByRole("button", { name: "Generate Quote" }).click();

      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Using Estimated Quote")).toBeVisible();
      await expect(card.getByTestId("estimate-notice")).toContainText("Quote Generation Failed");
      await expect(card.getByTestId("estimate-notice")).toContainText("an estimate for a 15-mile move");
      await expect(card.getByText("Quote Ready")).toHaveCount(0);
      await expect(card.getByTestId("quote-distance")).toContainText("15 miles");
      await expect(card.getByTestId("quote-distance")).toContainText("(assumed)");
      await expect(card).toContainText("Estimated price including VAT");
      await expect(page.getByTestId("toast").filter({ hasText: "Quote Generation Failed" })).toContainText(
        "Using Estimated Quote",
      );
      if (mode.javaScriptEnabled) await expectAccessible(page); // axe runs as a script in the page

      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout\?quote=/);
      const summary = page.getByTestId("checkout-summary");
      await expect(summary.getByText("Using Estimated Quote")).toBeVisible();
      await expect(summary.getByTestId("estimate-notice")).toContainText(
        "cannot be booked until we can measure the distance",
      );
      await expect(page.getByTestId("toast").filter({ hasText: "Quote Generation Failed" })).toBeVisible();
      await expect(summary.getByRole("button", { name: "Measure the distance again" })).toBeVisible();
      if (mode.javaScriptEnabled) await expectAccessible(page); // axe runs as a script in the page
    });

    test("home: the short form gives the labelled estimate too when the distance service fails", async ({ page }) => {
      await open(page, "/", mode.javaScriptEnabled);
      const hero = page.locator("#quote");
      await hero.getByLabel("Pickup address").fill(UNPLACEABLE);
      await hero.getByLabel("Delivery address").fill("3 Newland Street, Witham CM8 2AF");
      await hero.getByLabel("Moving date").fill(inTwoDays);
      await hero.getByRole("button", { name: "Calculate Quote" }).click();
      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Using Estimated Quote")).toBeVisible();
      await expect(card.getByTestId("estimate-notice")).toContainText("Quote Generation Failed");
    });

    test("/quote: an item's disassembly box is kept and explained; the breakdown says fuel and the return journey are included", async ({
      page,
    }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
      await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
      await page.getByRole("button", { name: "Add Item" }).click();
      await page.getByLabel("Item name").fill("Wardrobe");
      await page.getByLabel("Quantity").fill("2");
      await page.getByLabel("Needs disassembly").check();
      // Adding a second item keeps the first one's box ticked (a round trip without JavaScript).
      await page.getByRole("button", { name: "Add Item" }).click();
      await expect(page.getByLabel("Needs disassembly").first()).toBeChecked();
      await expect(page.getByLabel("Needs disassembly").nth(1)).not.toBeChecked();
      await page.getByLabel("Item name").nth(1).fill("Boxes");
      await page.getByRole("button", { name: "Generate Quote" }).click();

      const card = page.getByTestId("quote-card");
      await expect(card.getByText("Quote Ready")).toBeVisible();
      await card.getByText("Show price breakdown").click();
      await expect(card).toContainText("Marked for disassembly: Wardrobe ×2.");
      await expect(card.getByTestId("quote-breakdown")).toContainText(
        "Fuel and return journey: included in the distance charge",
      );

      await card.getByRole("button", { name: "Proceed to Checkout" }).click();
      await expect(page.getByTestId("checkout-breakdown")).toContainText(
        "Fuel and return journey: included in the distance charge",
      );
      await expect(page.getByTestId("checkout-summary").getByText("Using Estimated Quote")).toHaveCount(0);
    });

    test("/quote with items, floors and a lift", async ({ page }) => {
      await open(page, "/quote", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("22 Kensington Church Street, London W8 4EP");
      await page.getByLabel("Delivery address").fill("5 Portobello Road, London W11 3DA");
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expectFormError(page, "Please add at least one item to generate a quote.");

      await page.getByRole("button", { name: "Add Item" }).click();
      await expect(page.getByTestId("item-row")).toHaveCount(1);
      await page.getByLabel("Quantity").fill("0");
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expectFormError(page, "Item name is required");
      await expectFormError(page, "Quantity must be greater than 0");

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
      // The toggle says what it does next (by CSS, so without JavaScript too).
      await expect(card.getByText("Show price breakdown")).toBeHidden();
      await card.getByText("Hide price breakdown").click();
      await expect(card.getByTestId("quote-breakdown")).toBeHidden();
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
        // The form goes live when the visitor comes to it (LiveOnFirstUse); then the buttons
        // wait for both addresses.
        await page.getByLabel("Pickup address").focus();
        await expect(page.getByRole("button", { name: "Calculate Distance" })).toBeDisabled();
        await expect(page.getByLabel("Pickup address")).toBeFocused();
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

    test("/distance-calculator's quote buttons use every quote form's 5-character address rule", async ({ page }) => {
      await open(page, "/distance-calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("B1");
      await page.getByLabel("Delivery address").fill("CV1");
      for (const button of ["Get Simple Quote", "Get Detailed Quote"]) {
        await page.getByRole("button", { name: button }).click();
        await expectFormError(page, "Please enter a valid pickup address");
        await expectFormError(page, "Please enter a valid delivery address");
        await expect(page.getByTestId("calculator-quote")).toHaveCount(0);
        await expect(page.getByLabel("Pickup address")).toHaveValue("B1");
      }
      // Measuring needs only both addresses.
      await page.getByRole("button", { name: "Calculate Distance" }).click();
      await expect(page.getByTestId("distance-result")).toContainText("miles");
      await expect(page.getByText("Please enter a valid pickup address")).toHaveCount(0);
    });

    test("/distance-calculator's quote card notes that fuel and the return journey are included", async ({ page }) => {
      await open(page, "/distance-calculator", mode.javaScriptEnabled);
      await page.getByLabel("Pickup address").fill("Birmingham B1 1BB");
      await page.getByLabel("Delivery address").fill("Coventry CV1 1GF");
      await page.getByRole("button", { name: "Get Simple Quote" }).click();
      await expect(page.getByTestId("calculator-quote")).toContainText(
        "Fuel and return journey: included in the distance charge",
      );
    });

    test("/test-detailed-quotes prices each case as the van its title names", async ({
      page,

      signIn,
    }) => {
      await signIn(process.env.ADMIN_EMAIL || "admin@easymove.local");
      await open(page, "/test-detailed-quotes", mode.javaScriptEnabled);
      const luton = page.getByTestId("preset-case").filter({ hasText: "luton, express, 45 items" });
      await expect(luton.getByTestId("preset-van")).toHaveText("Priced as a luton van");
      await expect(luton).toContainText("Van size (luton ×1.3)");
      await expect(luton).toContainText("Fuel and return journey: included in the distance charge");
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
  // As you type: the field's own message (the summary comes with a submit).
  await expect(page.getByTestId("field-error").getByText("Please enter a valid pickup address")).toBeVisible();
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
  // Pending, the button keeps the focus (aria-disabled, not disabled) and refuses a second submit.
  const pending = page.getByRole("button", { name: "Calculating..." });
  await expect(pending).toHaveAttribute("aria-disabled", "true");
  await expect(pending).toBeFocused();
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
