// The parts sent as HTML and not hydrated (components/ui/server-html.tsx): the home page's
// sections and the footer. Their links navigate in place; after a client-side navigation to
// the page they are there all the same; without JavaScript they are plain HTML.
import { expect, test, type Page } from "./fixtures";
import { appDb, expectNoReload, markWindow, waitForHydration } from "./helpers";

const homeSections = (page: Page) => [
  page.getByRole("heading", { level: 2, name: "How It Works" }),
  page.getByRole("heading", { level: 2, name: "Areas We Cover" }),
  page.getByTestId("region-london"),
];

test.describe("parts sent as HTML only, with JavaScript", () => {
  test("a client-side navigation to the home page brings its sections, and their links navigate in place", async ({
    page,
  }) => {
    await page.goto("/london-services");
    await waitForHydration(page);
    await markWindow(page);
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    for (const part of homeSections(page)) await expect(part).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Price Calculator" })).toBeVisible();
    await expectNoReload(page);

    // A link inside the sections (not rendered by React in the browser) navigates without a reload.
    await page.getByRole("link", { name: "Our Birmingham services" }).click();
    await expect(page).toHaveURL(/\/birmingham-services$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Birmingham");
    await expectNoReload(page);

    // And so does one in the footer; the browser's back button returns to the sections.
    await page.getByRole("contentinfo").getByRole("link", { name: "Distance Calculator" }).click();
    await expect(page).toHaveURL(/\/distance-calculator$/);
    await expectNoReload(page);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    for (const part of homeSections(page)) await expect(part).toBeVisible();
    await expectNoReload(page);
  });

  test("the footer, hidden on the admin pages, is there when an admin goes to the site", async ({ page, signIn }) => {
    const db = await appDb();
    const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
    await signIn(admin.email);
    await page.goto("/admin/dashboard");
    await waitForHydration(page);
    await markWindow(page);
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Price Calculator" })).toBeVisible();
    for (const part of homeSections(page)) await expect(part).toBeVisible();
    await expectNoReload(page);
  });

  test("the page as loaded keeps the server's HTML: nothing is fetched again", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "fetch" && new URL(request.url()).pathname === "/") fetched.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    for (const part of homeSections(page)) await expect(part).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(fetched).toEqual([]);
  });
});

test.describe("parts sent as HTML only, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's sections and the footer are there, their links plain links", async ({ page }) => {
    await page.goto("/");
    for (const part of homeSections(page)) await expect(part).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Price Calculator" }).click();
    await expect(page).toHaveURL(/\/calculator$/);
  });
});
