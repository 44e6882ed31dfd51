import { expect, test } from "./fixtures";
import { jsModes, waitForHydration } from "./helpers";

const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

for (const mode of jsModes) {
  test.describe(`shared chrome ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("home page shows the header, the footer and figures from the database", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "EasyMove home" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Get Instant Quote" })).toHaveAttribute("href", "/#quote");
      await expect(header.getByRole("link", { name: "Join as Driver" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
      // the support phone and e-mail, side by side.
      const contact = header.getByTestId("header-contact");
      await expect(contact.getByRole("link", { name: /0191 498 0123/ })).toHaveAttribute("href", "tel:01914980123");
      await expect(contact.getByRole("link", { name: /support@easymove\.example/ })).toHaveAttribute(
        "href",
        "mailto:support@easymove.example",
      );
      await expect(page.getByTestId("network-stats")).toContainText(/\d+ vetted drivers · \d+ completed moves/);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Payment Settings" })).toHaveAttribute("href", "/stripe-config");
      await expect(footer).toContainText("Newcastle upon Tyne");
      await expect(footer.getByTestId("liability")).toContainText("Every move includes cover for your goods");
      await expect(footer.getByTestId("liability").getByRole("link", { name: "what is covered" })).toHaveAttribute(
        "href",
        "/cover",
      );
    });

    test("Features menu opens and lists its six anchors", async ({ page }) => {
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("navigation", { name: "Main" }).getByText("Features").click();
      const menu = page.getByRole("navigation", { name: "Main" }).getByRole("list");
      for (const name of [
        "How It Works",
        "Van Size Guide",
        "Areas We Cover",
        "About Us",
        "FAQ",
        "Distance Calculator",
      ]) {
        await expect(menu.getByRole("link", { name })).toBeVisible();
      }
    });

    test("mobile slide-out menu opens and closes", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await page.getByLabel("Open menu").click();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Join as Driver" })).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Get Instant Quote" })).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Email support@easymove.example" })).toHaveAttribute(
        "href",
        "mailto:support@easymove.example",
      );
      // Tapping the dimmed page beside the panel closes it, with or without JavaScript.
      await page.mouse.click(20, 500);
      await expect(mobileNav).toBeHidden();
      if (mode.javaScriptEnabled) {
        await page.getByLabel("Open menu").click();
        await page.getByRole("button", { name: "Close menu" }).click();
        await expect(mobileNav).toBeHidden();
      } else {
        await expect(page.getByRole("button", { name: "Close menu" })).toHaveCount(0);
      }
    });

    test("a signed-in user sees their menu and can log out", async ({ page, signIn }) => {
      await signIn("alice@example.com");
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const userMenu = page.getByTestId("user-menu");
      await expect(userMenu).toContainText("Alice Johnson");
      await userMenu.locator("summary").click();
      await userMenu.getByRole("button", { name: "Log Out" }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    test("unknown paths show the 404 page, not indexed", async ({ page }) => {
      const response = await page.goto("/no-such-page/here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      // Words for people, and a way back: no developer's hint.
      await expect(page.getByTestId("not-found-reason")).toHaveText(
        "The link may be mistyped, or the page may have moved.",
      );
      await expect(page.getByRole("main")).not.toContainText("app/routes");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test("flashed toasts render without JavaScript and disappear after their duration", async ({
  browser,

  signIn,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn("alice@example.com", { context });
  await page.goto("/");
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByRole("button", { name: "Log Out" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Signed out");
  await expect(toast).toBeHidden({ timeout: 8000 });
  await context.close();
});

test.describe("toasts with JavaScript", () => {
  test("session and page toasts share one stack of three; a 50 px swipe dismisses; each keeps its own timer", async ({
    page,
  }) => {
    // Frozen timers: toasts leave only when the test moves the clock or dismisses them.
    await page.clock.install();
    await page.goto("/signin");
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByLabel("Email").fill("alice@example.com");
    await page.getByLabel("Password").fill("demo-password-2026");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    const toasts = page.getByTestId("toast");
    await expect(toasts).toHaveCount(1); // from the session: signed in

    const userMenu = page.getByTestId("user-menu");
    await userMenu.locator("summary").click();
    await userMenu.getByRole("button", { name: "Log Out" }).click();
    await expect(toasts).toHaveCount(2);
    await expect(toasts.nth(1)).toContainText("Signed out");

    // From the page: a quote that cannot be priced answers with its error toast.
    const hero = page.locator("#quote");
    await hero.getByLabel("Pickup address").fill("Flat 1, NE1 4ST");
    await hero.getByLabel("Delivery address").fill("Flat 2, NE1 4ST");
    await hero.getByLabel("Moving date").fill(inTwoDays);
    await hero.getByRole("button", { name: "Calculate Quote" }).click();
    await expect(toasts).toHaveCount(3);
    await expect(toasts.nth(2)).toContainText("There was a problem calculating your quote");

    // A fourth (from the session again) pushes the oldest out.
    await hero.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
    await hero.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await hero.getByRole("button", { name: "Calculate Quote" }).click();
    await expect(page.getByTestId("quote-card")).toBeVisible();
    await expect(toasts).toHaveCount(3);
    await expect(toasts.nth(0)).toContainText("Signed out");
    await expect(toasts.nth(2)).toContainText("Quote calculated");

    // Swipes: 30 px snaps back, 60 px dismisses.
    const newest = toasts.nth(2);
    const box = (await newest.boundingBox())!;
    const swipe = async (distance: number) => {
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + distance, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(toasts).toHaveCount(3);
    await expect(newest).not.toHaveAttribute("style", /translateX/);
    await swipe(60);
    await expect(toasts).toHaveCount(2);
    await expect(toasts.filter({ hasText: "Quote calculated" })).toHaveCount(0);
    // A toast under the pointer waits (WCAG 2.2.1): move away first.
    await page.mouse.move(5, 5);

    // Dismissing one at 3 s leaves the other's 5 s timer as it was.
    await page.clock.runFor(3000);
    await toasts
      .filter({ hasText: "There was a problem" })
      .getByRole("button", { name: "Dismiss notification" })
      .click();
    await page.mouse.move(5, 5);
    await expect(toasts).toHaveCount(1);
    await page.clock.runFor(1900);
    await expect(toasts).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(toasts).toHaveCount(0);
  });

  test("a toast waits while it is hovered or focused, and an error toast stays until dismissed", async ({ page }) => {
    await page.clock.install();
    await page.goto("/calculator");
    await waitForHydration(page);
    const toasts = page.getByTestId("toast");
    // An error toast: a quote that cannot be priced.
    await page.getByLabel("Pickup address").fill("Flat 1, NE1 4ST");
    await page.getByLabel("Delivery address").fill("Flat 2, NE1 4ST");
    await page.getByLabel("Moving date").fill(inTwoDays);
    await page.getByRole("button", { name: "Calculate Quote" }).click();
    const error = toasts.filter({ hasText: "There was a problem calculating your quote" });
    await expect(error).toHaveAttribute("role", "alert");
    await page.clock.runFor(60_000);
    await expect(error).toBeVisible();
    // It never took the focus.
    expect(await error.evaluate((toast) => toast.contains(document.activeElement))).toBe(false);

    // A success toast: hovered, it waits past its 5 s; left, it goes after the rest of them.
    await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
    await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await page.getByRole("button", { name: "Calculate Quote" }).click();
    const done = toasts.filter({ hasText: "Quote calculated" });
    await expect(done).toBeVisible();
    await done.hover();
    await page.clock.runFor(8000);
    await expect(done).toBeVisible();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await expect(done).toHaveCount(0);
    await expect(error).toBeVisible();
    await error.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(error).toHaveCount(0);
  });
});
