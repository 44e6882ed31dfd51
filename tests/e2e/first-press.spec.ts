// A press is never lost on a form made live on first use (components/ui/live-on-first-use.tsx):
// on a cold page, whose form is still the server's HTML, the first real mouse press on each of
// its buttons has its effect: its request, or the live form's own check of what is missing.
// The mouse moves onto the button and presses it, as a person's does (page.mouse), so the
// code loads while the button is being pressed.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { appDb, bookAMove, sessionCookieFor, uniqueEmail, waitForHydration } from "./helpers";

test.use({ javaScriptEnabled: true });

/** A press of `button` by a mouse coming from elsewhere on the page, while its form is still HTML. */
async function firstPress(page: Page, part: string, button: Locator) {
  await waitForHydration(page);
  await expect(page.locator(`[data-live="${part}"]`)).not.toHaveAttribute("data-live-ready");
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.move(5, 5);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.mouse.up();
}

/** A signed-in customer's booking at checkout, with £8,000 of extended cover (bought with JavaScript off, so no part is live yet). */
async function bookingWithCover(page: Page, baseURL: string) {
  const email = uniqueEmail("first-press");
  await (await appDb()).user.create({ data: { username: "Pru Press", email } });
  const context = await page.context().browser()!.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies([await sessionCookieFor(email, baseURL)]);
  const setUp = await context.newPage();
  const bookingId = await bookAMove(setUp, false);
  await setUp.getByLabel("Declared value of your goods (£)").fill("8000");
  await setUp.getByRole("button", { name: "Add extended cover" }).click();
  await expect(setUp.getByTestId("checkout-summary").getByTestId("cover-facts")).toContainText("£8,000 declared");
  await context.close();
  await page.context().addCookies([await sessionCookieFor(email, baseURL)]);
  return bookingId;
}

const posted = (page: Page, path: string) =>
  page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith(path));

test.describe("the first press on a form made live on first use", () => {
  test("the checkout's cover form: Remove extended cover, then Add extended cover, each on a cold page", async ({
    page,
    baseURL,
  }) => {
    const bookingId = await bookingWithCover(page, baseURL!);
    await page.goto(`/checkout?booking=${bookingId}`);
    const choice = page.getByTestId("cover-choice");
    const removing = posted(page, "/checkout");
    await firstPress(page, "cover-form", choice.getByRole("button", { name: "Remove extended cover" }));
    await removing;
    await expect(page.getByTestId("checkout-summary").getByTestId("cover-facts")).toContainText(
      "Standard cover (included)",
    );

    // A cold page again: "Add extended cover" with nothing declared says so on the field.
    await page.goto(`/checkout?booking=${bookingId}`);
    await firstPress(page, "cover-form", page.getByRole("button", { name: "Add extended cover" }));
    await expect(page.getByLabel("Declared value of your goods (£)")).toHaveAttribute("aria-invalid", "true");
  });

  test("the checkout's discount form: Apply, with nothing typed, says what is missing", async ({ page, baseURL }) => {
    const bookingId = await bookingWithCover(page, baseURL!);
    await page.goto(`/checkout?booking=${bookingId}`);
    await firstPress(page, "discount-form", page.getByRole("button", { name: "Apply" }));
    await expect(page.getByLabel("Discount code")).toHaveAttribute("aria-invalid", "true");
  });

  test("the home page's quote form: Calculate Quote, with nothing typed, says what is missing", async ({ page }) => {
    await page.goto("/");
    await firstPress(page, "home-quote-form", page.getByRole("button", { name: "Calculate Quote" }));
    await expect(page.getByText("Please enter a valid pickup address").first()).toBeVisible();
  });

  test("the home page's quote form: Add a stop adds a stop", async ({ page }) => {
    await page.goto("/");
    await firstPress(page, "home-quote-form", page.getByRole("button", { name: "Add a stop" }));
    await expect(page.getByLabel("Stop 1 address")).toBeVisible();
  });

  test("/quote: Generate Quote, with nothing typed, says what is missing", async ({ page }) => {
    await page.goto("/quote");
    await firstPress(page, "detailed-quote-form", page.getByRole("button", { name: "Generate Quote" }));
    await expect(page.getByText("Please enter a valid pickup address").first()).toBeVisible();
  });

  test("/quote: Add a stop and Add Item each do so", async ({ page }) => {
    await page.goto("/quote");
    await firstPress(page, "detailed-quote-form", page.getByRole("button", { name: "Add a stop" }));
    await expect(page.getByLabel("Stop 1 address")).toBeVisible();
    await page.goto("/quote");
    const items = page.locator('[data-live="detailed-quote-form"] input[name$=".name"]');
    const before = await items.count();
    await firstPress(page, "detailed-quote-form", page.getByRole("button", { name: "Add Item" }));
    await expect(items).toHaveCount(before + 1);
  });

  test("the distance calculator: Calculate Distance, with both addresses in the cold form, measures", async ({
    page,
  }) => {
    // With JavaScript its buttons wait for both addresses (a press on an empty live form does
    // nothing), so the addresses are put in the server's HTML first, with no focus to wake it.
    await page.goto("/distance-calculator");
    await waitForHydration(page);
    await page.evaluate(() => {
      const set = (name: string, value: string) =>
        ((document.querySelector(`[data-live="distance-calculator"] [name="${name}"]`) as HTMLInputElement).value =
          value);
      set("pickupAddress", "London SW1A 1AA");
      set("deliveryAddress", "Birmingham B1 1BB");
    });
    const measuring = posted(page, "/distance-calculator");
    await firstPress(page, "distance-calculator", page.getByRole("button", { name: "Calculate Distance" }));
    await measuring;
    await expect(page.getByTestId("distance-result")).toContainText("London SW1A 1AA");
  });

  test("the driver application: Submit Application, with nothing typed, says what is missing", async ({ page }) => {
    await page.goto("/driver-registration");
    await firstPress(page, "driver-application", page.getByRole("button", { name: "Submit Application" }));
    await expect(page.getByText("Name must be at least 2 characters").first()).toBeVisible();
  });
});
