// The sign-in dialog (the checkout's "Please sign in to pay") in a real browser with
// JavaScript: it opens in place, switches between the sign-in and sign-up cards, shows the
// server's errors, and on success goes back to its page, now signed in. The real component is
// bundled here with a stand-in router whose /signin and /signup actions answer like the real
// ones (those are tested against the real server in tests/integration/auth-pages.test.ts). Without JavaScript the component is
// two links with redirectTo (tests/unit/auth-components.test.ts; the pages' redirectTo flow
// is in auth.spec.ts).
import path from "node:path";
import { build } from "esbuild";
import { expect, test, type Page } from "./fixtures";

const HARNESS = `
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, redirect, RouterProvider, useLoaderData } from "react-router-dom";
import { AuthDialog } from "~/components/auth/auth-dialog";

const options = new URLSearchParams(location.search);
const calls = (window.__authCalls = []);
let signedIn = false;

// Answers as the real actions do: the product's error, or signed in and back to redirectTo.
async function action({ request }) {
  const fields = Object.fromEntries(await request.formData());
  const path = new URL(request.url).pathname;
  calls.push({ path, fields });
  if (fields.password === "right-password") {
    signedIn = true;
    return redirect(fields.redirectTo || "/");
  }
  return { status: "error", initialValue: { email: fields.email, username: fields.username }, error: { "": [path === "/signin" ? "Authentication failed" : "Registration failed"] } };
}

// As the real checkout: the prompt until the customer is signed in.
function Checkout() {
  const page = useLoaderData();
  return h("main", null,
    h("p", { "data-testid": "page-state" }, page.signedIn ? "signed in" : "signed out"),
    page.signedIn ? null : h(AuthDialog, {
      redirectTo: "/checkout",
      message: "Please sign in to pay",
      dismissable: options.get("locked") !== "1",
      defaultOpen: options.get("locked") === "1",
    }));
}

const router = createMemoryRouter(
  [{ path: "/checkout", element: h(Checkout), loader: () => ({ signedIn }) }, { path: "/signin", action }, { path: "/signup", action }],
  { initialEntries: ["/checkout"] },
);
window.__routerPath = () => router.state.location.pathname;
createRoot(document.getElementById("root")).render(h(RouterProvider, { router }));
`;

let bundle = "";

test.beforeAll(async () => {
  const root = process.cwd();
  const result = await build({
    stdin: { contents: HARNESS, resolveDir: root, loader: "jsx", sourcefile: "auth-dialog-harness.jsx" },
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    alias: { "~": path.join(root, "app") },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  bundle = result.outputFiles[0]!.text;
});

async function openHarness(page: Page, query = "") {
  await page.route("http://harness.test/**", (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/harness.js") return route.fulfill({ contentType: "text/javascript", body: bundle });
    return route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><body><div id="root"></div><script src="/harness.js"></script></body></html>',
    });
  });
  await page.goto(`http://harness.test/${query}`);
  await expect(page.getByTestId("page-state")).toHaveText("signed out");
}

const routerPath = (page: Page) =>
  page.evaluate(() => (window as unknown as { __routerPath: () => string }).__routerPath());
const calls = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __authCalls: { path: string; fields: Record<string, string> }[] }).__authCalls,
  );

test.describe("sign-in dialog with JavaScript", () => {
  test("opens in place and switches between the sign-in and sign-up cards", async ({ page }) => {
    await openHarness(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("auth-prompt")).toContainText("Please sign in to pay");

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Sign In");
    expect(await routerPath(page)).toBe("/checkout");

    await dialog.getByRole("button", { name: "Sign up" }).click();
    await expect(dialog.getByRole("heading", { name: "Create an Account" })).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toBeVisible();
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
    expect(await routerPath(page)).toBe("/checkout");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("heading", { name: "Create an Account" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("validates as you type, shows the server's error, and on success closes and calls the page back", async ({
    page,
  }) => {
    await openHarness(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Both email and password are required.");
    expect(await calls(page)).toHaveLength(0);

    await dialog.getByLabel("Email").fill("alice@example.com");
    await dialog.getByLabel("Password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Authentication failed");
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Password").fill("right-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("page-state")).toHaveText("signed in");
    const posted = await calls(page);
    expect(posted.at(-1)).toEqual({
      path: "/signin",
      fields: { redirectTo: "/checkout", email: "alice@example.com", password: "right-password" },
    });
  });

  test("the checkout's dialog opens at once, cannot be dismissed, and signs up in place", async ({ page }) => {
    await openHarness(page, "?locked=1");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveText("Please sign in to pay");
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Sign up" }).click();
    await dialog.getByLabel("Full Name").fill("Dee Dialog");
    await dialog.getByLabel("Email").fill("dee@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("right-password");
    await dialog.getByLabel("Confirm Password").fill("right-passwore");
    await dialog.getByLabel("Confirm Password").blur();
    // As you type: the field's own message (the summary comes with a submit).
    await expect(dialog.getByTestId("field-error").getByText("Passwords do not match.")).toBeVisible();
    await dialog.getByLabel("Confirm Password").fill("right-password");
    await expect(dialog.getByText("Passwords do not match.")).toBeHidden();
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("page-state")).toHaveText("signed in");
    expect((await calls(page)).at(-1)?.path).toBe("/signup");
  });
});
