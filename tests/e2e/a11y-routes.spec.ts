// Every page route, as an auditor checks it: axe-core's WCAG 2.2 A and AA rules (wcag2a,
// wcag2aa, wcag21a, wcag21aa, wcag22aa), and its best practice on the public pages, signed in
// as whoever may see the page, with JavaScript on and off: no serious or critical violation,
// the moderate ones printed and held to tests/e2e/axe-moderate-baseline.json (which a count
// over fails), one h1, one main, the page's language, a header and footer on the public pages,
// and no sideways scrolling at 320 CSS px. A page route with no entry in ROUTES fails the
// first test.
// Without JavaScript, axe runs in the server's HTML with the app's scripts blocked.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ROUTE_FILES } from "../support/route-files";
import { auditPage } from "./axe";
import { expect, test, type Browser } from "./fixtures";
import {
  appDb,
  bookAMove,
  jsModes,
  randomIp,
  sessionCookieFor,
  todaysMove,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

type Who = "visitor" | "customer" | "driver" | "admin";
type Sample = {
  bookingId: string;
  completedId: string;
  sandboxId: string;
  activeJobId: string;
  claimId: string;
  invitationToken: string;
};
type RouteCase = { url: (sample: Sample) => string; who: Who; status?: number };

/** Every page route (by the flat name of route-files.ts), the URL it is checked at and by whom. */
const ROUTES: Record<string, RouteCase> = {
  _index: { url: () => "/", who: "visitor" },
  quote: { url: () => "/quote", who: "visitor" },
  calculator: { url: () => "/calculator", who: "visitor" },
  "distance-calculator": { url: () => "/distance-calculator", who: "visitor" },
  "london-services": { url: () => "/london-services", who: "visitor" },
  "birmingham-services": { url: () => "/birmingham-services", who: "visitor" },
  "terms-and-conditions": { url: () => "/terms-and-conditions", who: "visitor" },
  cover: { url: () => "/cover", who: "visitor" },
  accessibility: { url: () => "/accessibility", who: "visitor" },
  "driver-registration": { url: () => "/driver-registration", who: "visitor" },
  $: { url: () => "/no-such-page", who: "visitor", status: 404 },
  signin: { url: () => "/signin", who: "visitor" },
  signup: { url: () => "/signup", who: "visitor" },
  "forgot-password": { url: () => "/forgot-password", who: "visitor" },
  "reset-password.$token": { url: () => "/reset-password/not-a-real-token", who: "visitor", status: 410 },
  "admin_.login": { url: () => "/admin/login", who: "visitor" },
  "admin_.login_.code": { url: () => "/admin/login/code", who: "visitor" },
  "admin_.signup": { url: () => "/admin/signup", who: "visitor" },
  account: { url: () => "/account", who: "customer" },
  bookings: { url: () => "/bookings", who: "customer" },
  "booking-tracker": { url: (s) => `/booking-tracker?booking=${s.bookingId}`, who: "customer" },
  "bookings_.$id.cancel": { url: (s) => `/bookings/${s.bookingId}/cancel`, who: "customer" },
  "bookings_.$id.invoice": { url: (s) => `/bookings/${s.completedId}/invoice`, who: "customer" },
  "bookings_.$id.help": { url: (s) => `/bookings/${s.bookingId}/help`, who: "customer" },
  "bookings_.$id.rate": { url: (s) => `/bookings/${s.completedId}/rate`, who: "customer" },
  "bookings_.$id.claim": { url: (s) => `/bookings/${s.completedId}/claim`, who: "customer" },
  checkout: { url: (s) => `/checkout?booking=${s.bookingId}`, who: "customer" },
  "embedded-checkout": { url: (s) => `/embedded-checkout?booking=${s.bookingId}`, who: "customer" },
  "stripe-checkout": { url: (s) => `/stripe-checkout?booking=${s.bookingId}`, who: "customer" },
  "paypal-checkout": { url: (s) => `/paypal-checkout?booking=${s.bookingId}`, who: "customer" },
  "sandbox-checkout.$id": { url: (s) => `/sandbox-checkout/${s.sandboxId}`, who: "customer" },
  "booking-confirmation": { url: (s) => `/booking-confirmation?booking=${s.completedId}`, who: "customer" },
  "booking-receipt": { url: (s) => `/booking-receipt?booking=${s.completedId}`, who: "customer" },
  driver: { url: () => "/driver", who: "driver" },
  "driver.jobs.$id.complete": { url: (s) => `/driver/jobs/${s.activeJobId}/complete`, who: "driver" },
  "driver.jobs.$id.position": { url: (s) => `/driver/jobs/${s.activeJobId}/position`, who: "driver" },
  "driver.earnings": { url: () => "/driver/earnings", who: "driver" },
  "driver.availability": { url: () => "/driver/availability", who: "driver" },
  support: { url: () => "/support", who: "visitor" },
  "admin.support": { url: () => "/admin/support", who: "admin" },
  "admin.messages": { url: () => "/admin/messages", who: "admin" },
  admin: { url: () => "/admin", who: "admin" },
  "admin.dashboard": { url: () => "/admin/dashboard", who: "admin" },
  "admin.bookings": { url: () => "/admin/bookings", who: "admin" },
  "admin.bookings.$id": { url: (s) => `/admin/bookings/${s.bookingId}`, who: "admin" },
  "admin.claims._index": { url: () => "/admin/claims", who: "admin" },
  "admin.claims.$id": { url: (s) => `/admin/claims/${s.claimId}`, who: "admin" },
  "admin.drivers": { url: () => "/admin/drivers", who: "admin" },
  "admin.users": { url: () => "/admin/users", who: "admin" },
  "admin.payments": { url: () => "/admin/payments", who: "admin" },
  "admin.payouts": { url: () => "/admin/payouts", who: "admin" },
  business: { url: () => "/business", who: "customer" },
  "business.signup": { url: () => "/business/signup", who: "visitor" },
  "business.users": { url: () => "/business/users", who: "customer" },
  "business.join.$token": { url: (s) => `/business/join/${s.invitationToken}`, who: "visitor" },
  "admin.two-factor": { url: () => "/admin/two-factor", who: "admin" },
  "stripe-config": { url: () => "/stripe-config", who: "admin" },
  "payment-test": { url: () => "/payment-test", who: "admin" },
  "test-detailed-quotes": { url: () => "/test-detailed-quotes", who: "admin" },
};

const EMAILS: Record<Exclude<Who, "visitor">, string> = {
  customer: "",
  driver: "mark.driver@example.com",
  admin: "admin@easymove.local",
};

const BASELINE_FILE = path.resolve("tests/e2e/axe-moderate-baseline.json");
const baseline: Record<string, number> = fs.existsSync(BASELINE_FILE)
  ? JSON.parse(fs.readFileSync(BASELINE_FILE, "utf8"))
  : {};
const moderateFound: Record<string, number> = {};

let sample: Sample;

/**
 * A customer of their own with a booking to pay, a completed and paid move, and a sandbox card
 * page; they own a business account, with an open invitation to a colleague.
 */
async function makeSample(): Promise<Sample> {
  const db = await appDb();
  const customer = await db.user.create({ data: { username: "Ada Audit", email: uniqueEmail("a11y") } });
  EMAILS.customer = customer.email;
  const invitationToken = `a11y-${Math.random().toString(36).slice(2)}`;
  await db.businessAccount.create({
    data: {
      name: "Ada Audit Ltd",
      billingAddress: "1 Grey Street\nNewcastle NE1 6EE",
      members: { create: { userId: customer.id, role: "owner" } },
      invitations: {
        create: {
          email: uniqueEmail("a11y-colleague"),
          role: "booker",
          tokenHash: createHash("sha256").update(invitationToken, "utf8").digest("hex"),
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      },
    },
  });
  const move = (status: "pending" | "completed") => ({
    reference: `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    customerId: customer.id,
    status,
    paymentState: status === "completed" ? ("paid" as const) : ("unpaid" as const),
    pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
    deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
    moveDate: new Date(Date.now() + (status === "completed" ? -2 : 14) * 86_400_000),
    vanSize: "medium" as const,
    distanceTenths: 25,
    estimatedHours: 2,
    customerName: "Ada Audit",
    customerEmail: customer.email,
    subTotal: 8000,
    platformFee: 2000,
    driverShare: 6000,
    vatAmount: 400,
    originalPrice: 8400,
    finalPrice: 8400,
  });
  const driver = await db.driver.findFirstOrThrow({ where: { approvalStatus: "approved" } });
  const booking = await db.booking.create({ data: move("pending") });
  const completed = await db.booking.create({
    // Delivered just now: its claim page has the form to check.
    data: { ...move("completed"), driverId: driver.id, trackingStatus: "completed", completedAt: new Date() },
  });
  await db.payment.create({
    data: {
      bookingId: completed.id,
      amountPence: 8400,
      status: "succeeded",
      provider: "sandbox",
      method: "card",
      providerPaymentId: `sbx_pi_${completed.id}`,
      customerName: "Ada Audit",
      customerEmail: customer.email,
    },
  });
  const sandbox = await db.sandboxCheckout.create({
    data: {
      id: `sbx_cs_${booking.id}`,
      paymentIntentId: `sbx_pi_a11y_${booking.id}`,
      idempotencyKey: `a11y-${booking.id}`,
      amountPence: 8400,
      bookingId: booking.id,
      customerEmail: customer.email,
      description: `Booking ${booking.reference}`,
      successUrl: `/booking-confirmation?booking=${booking.id}`,
      cancelUrl: `/checkout?booking=${booking.id}`,
    },
  });
  // The seeded driver's job under way (arrived): their job card shares a position, and the
  // proof-of-delivery page has a form to show.
  const markDriver = await db.driver.findFirstOrThrow({ where: { user: { email: EMAILS.driver } } });
  const active = await db.booking.create({
    data: {
      ...move("pending"),
      ...todaysMove(),
      status: "in_progress",
      paymentState: "paid",
      driverId: markDriver.id,
      trackingStatus: "arrived",
    },
  });
  // A damage claim on the delivered move, for the admin's claim page.
  const ticket = await db.supportRequest.create({
    data: { bookingId: completed.id, userId: customer.id, kind: "claim", message: "Damage claim: 1. Lamp" },
  });
  const claim = await db.damageClaim.create({
    data: {
      bookingId: completed.id,
      customerId: customer.id,
      ticketId: ticket.id,
      claimedPence: 4_000,
      payablePence: 4_000,
      items: { create: { position: 0, description: "Lamp, shade torn", amountPence: 4_000, payablePence: 4_000 } },
    },
  });
  return {
    bookingId: booking.id,
    completedId: completed.id,
    sandboxId: sandbox.id,
    activeJobId: active.id,
    claimId: claim.id,
    invitationToken,
  };
}

async function contextFor(browser: Browser, baseURL: string, who: Who) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  if (who !== "visitor") await context.addCookies([await sessionCookieFor(EMAILS[who], baseURL)]);
  // Every code's discount popup has been seen: it has a test of its own.
  await context.addInitScript(() =>
    window.localStorage.setItem("easymove:discount-popup-seen", JSON.stringify(["WELCOME5", "RETURN10", "LOYAL15"])),
  );
  return context;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  sample = await makeSample();
});

test("every page route has an accessibility check", () => {
  const pages = ROUTE_FILES.filter((route) =>
    /export default function/.test(fs.readFileSync(`.${route.file}`, "utf8")),
  ).map((route) => route.name);
  expect(pages.length).toBeGreaterThan(30);
  expect(pages.filter((name) => !ROUTES[name]).sort(), "page routes without an entry in ROUTES").toEqual([]);
  expect(
    Object.keys(ROUTES).filter((name) => !pages.includes(name)),
    "entries that are not page routes",
  ).toEqual([]);
});

for (const mode of jsModes) {
  test(`every page route, ${mode.name}: no serious axe violation, one h1, no sideways scrolling at 320 px`, async ({
    browser,
    baseURL,
  }) => {
    // Every page with axe, two at a time: about 2.5 minutes alone, more beside the other worker.
    test.setTimeout(480_000);
    const failures: string[] = [];
    // One browser context per role, each route in a page of its own.
    const contexts = new Map<Who, ReturnType<typeof contextFor>>();
    const contextOf = (who: Who) => {
      let context = contexts.get(who);
      if (!context) {
        context = contextFor(browser, baseURL!, who).then(async (made) => {
          if (!mode.javaScriptEnabled) await made.route(/\.js(\?|$)/, (request) => request.abort());
          return made;
        });
        contexts.set(who, context);
      }
      return context;
    };
    const check = async ([name, route]: [string, RouteCase]) => {
      const page = await (await contextOf(route.who)).newPage();
      const url = route.url(sample);
      const response = await page.goto(url);
      expect(response?.status(), `${name} (${url})`).toBe(route.status ?? 200);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const h1s = await page.locator("h1").count();
      if (h1s !== 1) failures.push(`${name}: ${h1s} h1 elements`);
      const landmarks = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        main: document.querySelectorAll("main").length,
        banner: document.querySelectorAll("body > * header:not(main header), body > header").length,
        contentinfo: document.querySelectorAll("body > * footer:not(main footer), body > footer").length,
      }));
      if (landmarks.lang !== "en-GB") failures.push(`${name}: lang ${landmarks.lang}`);
      if (landmarks.main !== 1) failures.push(`${name}: ${landmarks.main} main landmarks`);
      // The admin's sign-in pages stand alone, without the site's header and footer.
      const publicPage = route.who === "visitor" && !name.startsWith("admin");
      if (publicPage && (landmarks.banner < 1 || landmarks.contentinfo < 1))
        failures.push(`${name}: no page header or footer`);
      const { serious, moderate } = await auditPage(page, { bestPractice: publicPage });
      if (serious.length > 0) failures.push(`${name}: ${JSON.stringify(serious)}`);
      const key = `${name} ${mode.javaScriptEnabled ? "js" : "no-js"}`;
      moderateFound[key] = moderate.length;
      if (moderate.length > 0) console.log(`axe, moderate or minor, ${key}: ${JSON.stringify(moderate)}`);
      await page.setViewportSize({ width: 320, height: 720 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) failures.push(`${name}: ${width} px wide at 320 px`);
      await page.close();
    };
    // Two pages at a time: axe's checks keep a core busy, and the machine has two.
    const queue = Object.entries(ROUTES);
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await check(next);
    };
    await Promise.all([lane(), lane()]);
    await Promise.all([...contexts.values()].map(async (context) => (await context).close()));
    expect(failures).toEqual([]);
  });
}

test("the moderate and minor axe findings do not grow", () => {
  if (process.env.UPDATE_AXE_BASELINE === "1") {
    fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(moderateFound, null, 2)}\n`);
    return;
  }
  const grown = Object.entries(moderateFound)
    .filter(([key, count]) => count > (baseline[key] ?? 0))
    .map(([key, count]) => `${key}: ${count} (baseline ${baseline[key] ?? 0})`);
  expect(Object.keys(moderateFound).length).toBeGreaterThan(60);
  expect(grown).toEqual([]);
});

test.describe("states an auditor checks too, with JavaScript", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

  test("a form's errors, a quote result with its toast, and the checkout's dialog: no serious violation, and what is announced", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A form's errors: the summary has the focus.
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect((await auditPage(page)).serious).toEqual([]);

    // A quote result and its toast: the heading has the focus, the live regions say so.
    await page.goto("/calculator");
    await waitForHydration(page);
    await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
    await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
    await page.getByRole("button", { name: "Calculate Quote" }).click();
    await expect(page.getByRole("heading", { name: "Quote Ready" })).toBeFocused();
    await expect(page.getByTestId("announcer")).toContainText("Quote ready: £");
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Quote calculated");
    expect((await auditPage(page)).serious).toEqual([]);

    // The checkout's sign-in dialog, open for a visitor who has just booked.
    const visitor = await contextFor(browser, baseURL!, "visitor");
    const dialogPage = await visitor.newPage();
    await bookAMove(dialogPage, true);
    await waitForHydration(dialogPage);
    await expect(dialogPage.getByRole("dialog")).toBeVisible();
    expect((await auditPage(dialogPage)).serious).toEqual([]);
    await visitor.close();
  });

  test("a change of page moves focus to its heading and says its title", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByTestId("announcer")).toHaveText(await page.title());
  });

  test("the focus ring is still drawn in forced colours (high contrast)", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/");
    await waitForHydration(page);
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style, `focus stop ${step + 1}`).not.toBe("none");
      expect(outline.width, `focus stop ${step + 1}`).toBeGreaterThanOrEqual(2);
    }
  });

  test("a driver's status change is announced on the customer's tracker", async ({ browser, baseURL }) => {
    const db = await appDb();
    const driverUser = await db.user.findUniqueOrThrow({ where: { email: EMAILS.driver } });
    const driver = await db.driver.findFirstOrThrow({ where: { userId: driverUser.id } });
    const customer = await db.user.findUniqueOrThrow({ where: { email: EMAILS.customer } });
    const booking = await db.booking.create({
      data: {
        reference: `EM-A${Date.now().toString(36).slice(-5).toUpperCase()}`,
        customerId: customer.id,
        driverId: driver.id,
        status: "assigned",
        trackingStatus: "assigned",
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        ...todaysMove(),
        vanSize: "medium",
        distanceTenths: 20,
        estimatedHours: 1,
        customerName: "Ada Audit",
        customerEmail: customer.email,
        subTotal: 4000,
        platformFee: 1000,
        driverShare: 3000,
        vatAmount: 200,
        originalPrice: 4200,
        finalPrice: 4200,
      },
    });
    const customerContext = await contextFor(browser, baseURL!, "customer");
    const tracker = await customerContext.newPage();
    await tracker.goto(`/booking-tracker?booking=${booking.id}`);
    await waitForHydration(tracker);

    const driverContext = await contextFor(browser, baseURL!, "driver");
    const driverPage = await driverContext.newPage();
    await driverPage.goto("/driver");
    await waitForHydration(driverPage);
    await driverPage.getByTestId(`job-${booking.reference}`).getByRole("button", { name: "Start: on my way" }).click();

    await expect(tracker.getByTestId("announcer")).toHaveText("Driver status: On the way");
    await Promise.all([customerContext.close(), driverContext.close()]);
  });
});
