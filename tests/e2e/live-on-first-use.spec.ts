// Forms sent as HTML and made live on first use (components/ui/live-on-first-use.tsx): the
// home page's quote form, /quote, /distance-calculator, the checkout's discount code and the
// driver application. Their code is not loaded with the page; coming to the form loads it, and
// the swap keeps what was typed, the focus and the caret, and a submit made before it.
import { expect, test, type Page } from "./fixtures";
import { expectNoReload, markWindow, waitForHydration } from "./helpers";

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/** The page's script files requested so far, by name (e.g. "home-quote-form"). */
function scriptsLoaded(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/([\w.-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}

const form = (page: Page, name: string) => page.locator(`[data-live="${name}"]`);

test.describe("a form made live on first use", () => {
  test("the home page's quote form loads its code when the visitor comes to it, and keeps what they type", async ({
    page,
  }) => {
    const scripts = scriptsLoaded(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts).not.toContain("home-quote-form");
    await expect(form(page, "home-quote-form")).not.toHaveAttribute("data-live-ready");

    // Typing at once: the first keys land in the page's HTML, the rest in the live form.
    const pickup = page.getByLabel("Pickup address");
    await pickup.click();
    await page.keyboard.type("1 Grey Street, Newcastle NE1 6EE", { delay: 15 });
    await expect(form(page, "home-quote-form")).toHaveAttribute("data-live-ready", "");
    expect(scripts).toContain("home-quote-form");
    await expect(pickup).toHaveValue("1 Grey Street, Newcastle NE1 6EE");
    await expect(pickup).toBeFocused();

    // Live: checked as you type (the form's own checks), then priced in place.
    await markWindow(page);
    await page.getByLabel("Delivery address").fill("NE2");
    await page.getByLabel("Delivery address").blur();
    await expect(page.getByText("Please enter a valid delivery address").first()).toBeVisible();
    await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await page.getByLabel("Moving date").fill(inTwoWeeks());
    await page.getByRole("button", { name: "Calculate Quote" }).click();
    await expect(page.getByTestId("quote-total")).toBeVisible();
    await expectNoReload(page);
  });

  test("a submit made before the code arrives is made again by the live form, without a reload", async ({ page }) => {
    // The form's code is held back until the submit has been pressed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-quote-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await waitForHydration(page);
    await markWindow(page);
    await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
    await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await page.getByLabel("Moving date").fill(inTwoWeeks());
    await page.getByRole("button", { name: "Calculate Quote" }).click();
    await expect(form(page, "home-quote-form")).not.toHaveAttribute("data-live-ready");
    release();
    await expect(page.getByTestId("quote-total")).toBeVisible();
    await expectNoReload(page);
  });

  test("a keyboard user's focus stays where it is through the swap, on a button too", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/home-quote-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Pickup address").focus();
    const calculate = page.getByRole("button", { name: "Calculate Quote" });
    for (let step = 0; step < 20 && !(await calculate.evaluate((button) => button === document.activeElement)); step++)
      await page.keyboard.press("Tab");
    await expect(calculate).toBeFocused();
    release();
    await expect(form(page, "home-quote-form")).toHaveAttribute("data-live-ready", "");
    await expect(calculate).toBeFocused();
  });

  test("/quote, /distance-calculator and /driver-registration load their form's code on first use", async ({
    page,
  }) => {
    const scripts = scriptsLoaded(page);
    for (const [path, name, chunk, field] of [
      ["/quote", "detailed-quote-form", "detailed-quote-form", "Pickup address"],
      ["/distance-calculator", "distance-calculator", "distance-calculator-form", "Pickup address"],
      ["/driver-registration", "driver-application", "driver-application-form", "Full Name"],
    ] as const) {
      scripts.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(scripts, path).not.toContain(chunk);
      expect(scripts, path).not.toContain("conform");
      await page.getByLabel(field).focus();
      await expect(form(page, name)).toHaveAttribute("data-live-ready", "");
      await expect(page.getByLabel(field)).toBeFocused();
      expect(scripts, path).toContain(chunk);
    }
  });

  test("a driver's chosen file is carried into the live form", async ({ page }) => {
    await page.goto("/driver-registration");
    await waitForHydration(page);
    // A file chosen before anything focuses the form: chosen in the page's HTML.
    await page.getByLabel("Driver's licence").setInputFiles({
      name: "licence.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await page.getByLabel("Full Name").focus();
    await expect(form(page, "driver-application")).toHaveAttribute("data-live-ready", "");
    await expect(page.getByLabel("Full Name")).toBeFocused();
    expect(
      await page.getByLabel("Driver's licence").evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe("licence.pdf");
  });
});
