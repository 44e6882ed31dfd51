// The public pages from the keyboard: a working skip link, visible focus, the menu, the van
// guide and the FAQ. axe, one h1 and the landmarks of every page route, with JavaScript and
// without, are in a11y-routes.spec.ts.
import { expect, test } from "./fixtures";
import { jsModes, waitForHydration } from "./helpers";

for (const mode of jsModes) {
  test.describe(`accessibility ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

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
        // The element that has the focus as the style is read: a form made live on first use
        // (live-on-first-use.tsx) may have just put its live twin in the place of the one found.
        const outline = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
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

    test("checkboxes are targets of at least 24 by 24 px (WCAG 2.2, 2.5.8)", async ({ page }) => {
      await page.goto("/quote");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      // The box's own size, whether or not its section is open just now.
      const measure = async (box: ReturnType<typeof page.getByLabel>) => {
        await expect(box).toHaveCSS("width", "24px");
        await expect(box).toHaveCSS("height", "24px");
      };
      await measure(page.getByLabel("Lift available at pickup"));
      await measure(page.getByLabel("Lift available at delivery"));
      await page.goto("/");
      await measure(page.getByLabel("Pause the rotating van pictures"));
    });
  });
}
