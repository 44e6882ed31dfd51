// Accessibility of every public page: axe (WCAG 2.1 A and AA) with no serious or critical
// violation, one h1, the landmarks, a working skip link, visible focus and keyboard-only use.
// Add new public pages to PUBLIC_PAGES.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { jsModes, waitForHydration } from "./helpers";

const PUBLIC_PAGES: { name: string; path: string; status?: number }[] = [
  { name: "home", path: "/" },
  { name: "home, FAQ filtered", path: "/?faq=policy" },
  { name: "terms and conditions", path: "/terms-and-conditions" },
  { name: "London services", path: "/london-services" },
  { name: "Birmingham services", path: "/birmingham-services" },
  { name: "not found", path: "/no-such-page", status: 404 },
  { name: "price calculator", path: "/calculator" },
  { name: "detailed quote", path: "/quote" },
  { name: "distance calculator", path: "/distance-calculator" },
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.passes.length, "axe ran its checks").toBeGreaterThan(10);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

for (const mode of jsModes) {
  test.describe(`accessibility ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    for (const { name, path, status = 200 } of PUBLIC_PAGES) {
      test(`${name} (${path}) has one h1 and the landmarks`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        if (mode.javaScriptEnabled) await waitForHydration(page);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.getByRole("banner")).toHaveCount(1);
        await expect(page.getByRole("main")).toHaveCount(1);
        await expect(page.getByRole("contentinfo")).toHaveCount(1);
        await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
      });
    }

    // axe runs as a script in the page, so the page without JavaScript is checked as the
    // server's HTML with the app's scripts blocked (no hydration), which is what it shows then.
    for (const { name, path, status = 200 } of PUBLIC_PAGES) {
      test(`${name} (${path}) has no serious or critical axe violations`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
        const page = await context.newPage();
        if (!mode.javaScriptEnabled) await page.route(/\.js(\?|$)/, (route) => route.abort());
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        if (mode.javaScriptEnabled) await waitForHydration(page);
        else
          expect(await page.evaluate(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter))).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      });
    }

    test("the skip link is the first stop and jumps to the content", async ({ page }) => {
      await page.goto("/terms-and-conditions");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
      await page.keyboard.press("Tab");
      await expect(page.locator("main :focus")).toHaveCount(1);
    });

    test("focus is always visible", async ({ page }) => {
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      for (let step = 0; step < 12; step++) {
        await page.keyboard.press("Tab");
        const focused = page.locator(":focus");
        await expect(focused, `focus stop ${step + 1}`).toHaveCount(1);
        const outline = await focused.evaluate((element) => {
          const style = getComputedStyle(element);
          return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
        });
        expect(outline.style, `focus stop ${step + 1}`).not.toBe("none");
        expect(outline.width, `focus stop ${step + 1}`).toBeGreaterThanOrEqual(2);
      }
    });

    test("the Features menu works from the keyboard alone", async ({ page }) => {
      await page.goto("/terms-and-conditions");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const summary = nav.locator("summary", { hasText: "Features" });
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(nav.getByRole("link", { name: "Van Size Guide" })).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "How It Works" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Van Size Guide" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/#van-guide$/);
      await expect(page.locator("#van-guide")).toBeInViewport();
    });

    test("the van guide pause switch and the FAQ work from the keyboard alone", async ({ page }) => {
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const pause = page.getByLabel("Pause the rotating van pictures");
      await pause.focus();
      await page.keyboard.press("Space");
      await expect(pause).toBeChecked();
      const question = page.getByTestId("faq-list").locator("details").nth(1);
      await question.locator("summary").focus();
      await page.keyboard.press("Space");
      await expect(question).toHaveAttribute("open", "");
      await expect(question.locator("p")).toBeVisible();
    });
  });
}
