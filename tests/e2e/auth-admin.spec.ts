// Admins in the browser, with JavaScript off and on: sign-up with a wrong and a right key,
// login, the guard's redirects and the dashboard; and the admin API's tokens.
import { expect, test } from "./fixtures";
import { appDb, jsModes, open, randomIp, uniqueEmail, waitForHydration, expectFormError } from "./helpers";

const ADMIN_KEY = "e2e-admin-key"; // playwright.config.ts

for (const mode of jsModes) {
  test.describe(`admin access ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

    test("the guard sends a visitor to /admin/login and back after signing in; the dashboard shows the role and the six stats", async ({
      page,
    }) => {
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
      await expect(page.getByRole("banner")).toContainText("Admin");

      const signIn = page.getByRole("main").getByRole("button", { name: "Sign In" });
      await signIn.click();
      await expectFormError(page, "Email is required");
      await expectFormError(page, "Password is required");

      await page.getByLabel("Email").fill("admin@easymove.local");
      await page.getByLabel("Password").fill("not-the-password");
      await signIn.click();
      await expect(page.getByRole("alert")).toContainText("Invalid credentials");

      await page.getByLabel("Password").fill("admin-demo-2026");
      await signIn.click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      await expect(page.getByTestId("role-badge")).toHaveText("admin");
      for (const stat of [
        "totalBookings",
        "todayBookings",
        "totalRevenue",
        "newUsers",
        "newDrivers",
        "activeComplaints",
      ]) {
        await expect(page.getByTestId(`stat-${stat}`)).toBeVisible();
      }
      await expect(page.getByTestId("stat-totalRevenue")).toContainText(/£[\d,]+\.\d{2}/);
      await expect(page.getByTestId("stat-totalBookings").locator("dd").first()).toHaveText(/^\d+$/);

      // Signed in, /admin/login and /admin go straight to the dashboard.
      await page.goto("/admin/login");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.goto("/admin");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });

    test("a signed-in customer or driver is sent to /", async ({ page, context, signIn }) => {
      await signIn("ben@example.com");
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/$/);
      await context.clearCookies();
      await signIn("priya.driver@example.com");
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/$/);
    });

    test("a customer's valid password is 'Invalid credentials' at /admin/login", async ({ page }) => {
      await open(page, "/admin/login", mode.javaScriptEnabled);
      await page.getByLabel("Email").fill("chloe@example.com");
      await page.getByLabel("Password").fill("demo-password-2026");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toContainText("Invalid credentials");
    });

    test("admin sign-up: the product's rules, a wrong key, then the right one, then login", async ({ page }) => {
      const email = uniqueEmail("admin");
      await open(page, "/admin/signup", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Sign Up" })).toBeVisible();
      const submit = page.getByRole("button", { name: "Create Admin Account" });

      await page.getByLabel("Username").fill("Ada Admin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("12345");
      await page.getByLabel("Confirm Password").fill("54321");
      await page.getByLabel("Admin Registration Key").fill("wrong-key");
      await submit.click();
      await expectFormError(page, "Password must be at least 8 characters long");
      await expectFormError(page, "Passwords do not match");

      await page.getByLabel("Password", { exact: true }).fill("admin-pass-1");
      await page.getByLabel("Confirm Password").fill("admin-pass-1");
      await page.getByLabel("Admin Registration Key").fill("wrong-key");
      await submit.click();
      await expectFormError(page, "Invalid admin registration key");
      await expect(page.getByLabel("Username")).toHaveValue("Ada Admin");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      if (!mode.javaScriptEnabled) await expect(page.getByLabel("Admin Registration Key")).toHaveValue("");

      await page.getByLabel("Password", { exact: true }).fill("admin-pass-1");
      await page.getByLabel("Confirm Password").fill("admin-pass-1");
      await page.getByLabel("Admin Registration Key").fill(ADMIN_KEY);
      await submit.click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByText("Admin account created")).toBeVisible();

      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("admin-pass-1");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByText("Signed in as")).toContainText("Ada Admin");
      await expect(page.getByTestId("role-badge")).toHaveText("admin");
    });

    test("a deactivated admin's session stops working at once", async ({ page, signIn }) => {
      const email = uniqueEmail("gone-admin");
      const created = await page.request.post("/api/admin/signup", {
        data: { username: "Gone Admin", email, password: "admin-pass-1", adminKey: ADMIN_KEY },
        headers: { "X-Forwarded-For": randomIp() },
      });
      expect(created.status()).toBe(201);
      await signIn(email);
      await open(page, "/admin/dashboard", mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      await (await appDb()).user.update({ where: { email }, data: { isActive: false } });
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    });
  });
}

test.describe("admin API", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

  test("a login token opens /api/admin/stats until logout; no token is 401, a customer's is 403", async ({
    request,
  }) => {
    expect((await request.get("/api/admin/stats")).status()).toBe(401);

    const login = await request.post("/api/admin/login", {
      data: { email: "admin@easymove.local", password: "admin-demo-2026" },
    });
    expect(login.status()).toBe(200);
    const { token, admin } = await login.json();
    expect(admin).toEqual({ role: "admin", username: "EasyMove Admin", email: "admin@easymove.local" });
    const stats = await request.get("/api/admin/stats", { headers: { Authorization: `Bearer ${token}` } });
    expect(stats.status()).toBe(200);
    expect(Object.keys(await stats.json()).sort()).toEqual([
      "activeComplaints",
      "newDrivers",
      "newUsers",
      "todayBookings",
      "totalBookings",
      "totalRevenue",
    ]);

    const customer = await request.post("/api/auth/signin", {
      data: { email: "daniel@example.com", password: "demo-password-2026" },
    });
    const customerBody = await customer.json();
    expect(customerBody.user).toEqual({ username: "Daniel Okafor", email: "daniel@example.com", role: "customer" });
    expect(
      (await request.get("/api/admin/stats", { headers: { Authorization: `Bearer ${customerBody.token}` } })).status(),
    ).toBe(403);

    expect((await request.post("/api/auth/logout", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      200,
    );
    expect((await request.get("/api/admin/stats", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      401,
    );
  });

  test("admin sign-up over the API needs the key", async ({ request }) => {
    const body = { username: "Api Admin", email: uniqueEmail("api-admin"), password: "admin-pass-1" };
    const wrong = await request.post("/api/admin/signup", { data: { ...body, adminKey: "nope" } });
    expect(wrong.status()).toBe(403);
    expect((await wrong.json()).message).toBe("Invalid admin registration key");
    const right = await request.post("/api/admin/signup", { data: { ...body, adminKey: ADMIN_KEY } });
    expect(right.status()).toBe(201);
    expect(await right.json()).toEqual({ user: { username: "Api Admin" } });
  });
});
