// A shared phone keeps nothing that is not its user's. A driver's phone copies their day's pages
// for offline use and keeps what they do without a signal; signing out, with JavaScript on
// (Remix posts /logout.data) or off (a plain form post), leaves no copy and no queued action, and a
// driver with unsent actions is asked first. A customer who uses the phone afterwards has none
// of their pages stored, the tracker included; a job given back leaves the phone's copies at once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb, open, sessionCookieFor, todaysMove, uniqueEmail } from "./helpers";

/** A driver with two of today's jobs, and a customer with a booking of their own. */
async function driverAndCustomer() {
  const db = await appDb();
  const driverUser = await db.user.create({
    data: { username: "Sol Shared", email: uniqueEmail("shared-driver"), role: "driver" },
  });
  const driver = await createDriver({
    name: "Sol Shared",
    email: driverUser.email,
    phone: "07400 900711",
    vanType: "large",
    location: "Newcastle upon Tyne",
    userId: driverUser.id,
  });
  const customer = await db.user.create({
    data: { username: "Cass Customer", email: uniqueEmail("shared-customer"), phone: "07400 900712" },
  });
  const booking = (status: "assigned" | "pending", driverId: string | null, moveTime: string) =>
    db.booking.create({
      data: {
        reference: `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        customerId: customer.id,
        driverId,
        status,
        paymentState: "paid",
        trackingStatus: driverId ? "assigned" : null,
        pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
        deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
        ...todaysMove(),
        moveTime,
        vanSize: "medium",
        distanceTenths: 25,
        estimatedHours: 2,
        customerName: "Cass Customer",
        customerEmail: customer.email,
        customerPhone: "07400 900712",
        subTotal: 8000,
        platformFee: 2000,
        driverShare: 6000,
        vatAmount: 1600,
        originalPrice: 9600,
        finalPrice: 9600,
      },
    });
  const kept = await booking("assigned", driver.id, "22:00");
  const dropped = await booking("assigned", driver.id, "23:00");
  const customersOwn = await booking("pending", null, "23:30");
  return { driverUser, customer, kept, dropped, customersOwn };
}

/** What the phone holds: the pages copied for offline use, and the actions kept to send. */
async function phoneHolds(page: Page) {
  return page.evaluate(async () => {
    const copies = (await caches.has("driver-pages"))
      ? (await (await caches.open("driver-pages")).keys()).map((request) => {
          const url = new URL(request.url);
          return `${url.pathname}${url.search}`;
        })
      : [];
    const kept = await new Promise<number>((resolve) => {
      const opening = indexedDB.open("easymove-driver");
      opening.onupgradeneeded = () =>
        opening.result.createObjectStore("actions", { keyPath: "seq", autoIncrement: true });
      opening.onsuccess = () => {
        const request = opening.result.transaction("actions").objectStore("actions").count();
        request.onsuccess = () => {
          resolve(request.result);
          opening.result.close();
        };
      };
      opening.onerror = () => resolve(-1);
    });
    return { copies: copies.sort(), kept };
  });
}

/** Until the service worker controls the page and has copied each of `urls`. */
async function copied(page: Page, urls: string[]) {
  await expect
    .poll(
      async () => {
        const { copies } = await phoneHolds(page);
        return urls.filter((url) => !copies.includes(url));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
}

/** Actions kept on the phone and not sent yet (as a signal lost mid-send leaves them). */
async function keepUnsent(page: Page, bookingId: string, count: number) {
  await page.evaluate(
    async ({ bookingId, count }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open("easymove-driver");
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const tx = db.transaction("actions", "readwrite");
      for (let index = 0; index < count; index++)
        tx.objectStore("actions").add({
          id: crypto.randomUUID(),
          kind: "chat",
          bookingId,
          happenedAt: new Date().toISOString(),
          fields: { content: `Kept message ${index + 1}` },
        });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      // Told as another tab of the app tells the open pages.
      const channel = new BroadcastChannel("easymove-driver-kept");
      channel.postMessage("changed");
      channel.close();
    },
    { bookingId, count },
  );
}

const proofPage = (bookingId: string) => `/driver/jobs/${bookingId}/complete`;
const chatPage = (bookingId: string) => `/booking-tracker?booking=${bookingId}&tab=chat`;

test.describe("a shared phone, JavaScript on", () => {
  test("signing out asks first about unsent actions, then leaves no copy and nothing kept", async ({
    signedInPage,
  }) => {
    const { driverUser, kept } = await driverAndCustomer();
    const page = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    await open(page, "/driver", true);
    await copied(page, ["/driver", proofPage(kept.id), chatPage(kept.id)]);
    await keepUnsent(page, kept.id, 2);

    // Asked first; "Cancel" keeps them and the driver signed in.
    page.once("dialog", async (dialog) => {
      expect(dialog.message()).toBe("2 actions are not sent yet. Sign out anyway?");
      await dialog.dismiss();
    });
    await page.getByText("Sol Shared").first().click();
    await page.getByRole("button", { name: "Log Out" }).first().click();
    await expect(page).toHaveURL(/\/driver$/);
    expect((await phoneHolds(page)).kept).toBe(2);

    const signOut = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/logout"));
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Log Out" }).first().click();
    expect(new URL((await signOut).url()).pathname).toBe("/logout.data");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await expect.poll(() => phoneHolds(page)).toEqual({ copies: [], kept: 0 });
  });

  test("a customer's pages are never stored, the tracker included, on a phone a driver used", async ({
    browser,
    baseURL,
  }) => {
    const { driverUser, customer, kept, customersOwn } = await driverAndCustomer();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
    await context.addCookies([await sessionCookieFor(driverUser.email, baseURL!)]);
    const page = await context.newPage();
    await open(page, "/driver", true);
    await copied(page, ["/driver", proofPage(kept.id)]);

    // The driver's session ends some other way (another browser signed them out everywhere):
    // the worker stays, and a customer signs in on the same phone.
    await context.clearCookies();
    await context.addCookies([await sessionCookieFor(customer.email, baseURL!)]);
    await open(page, `/booking-tracker?booking=${customersOwn.id}`, true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await open(page, `/booking-tracker?booking=${customersOwn.id}&tab=chat`, true);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const { copies } = await phoneHolds(page);
    expect(copies.filter((url) => url.includes(customersOwn.id))).toEqual([]);
    await context.close();
  });

  test("a job given back leaves the phone's copies at once", async ({ signedInPage }) => {
    const { driverUser, kept, dropped } = await driverAndCustomer();
    const page = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    await open(page, "/driver", true);
    await copied(page, [proofPage(kept.id), proofPage(dropped.id), chatPage(dropped.id)]);

    const card = page.getByTestId(`job-${dropped.reference}`);
    await card.getByText("I can't do this job").click();
    await card.getByRole("button", { name: `Drop job ${dropped.reference}` }).click();
    await expect(page.getByTestId(`job-${dropped.reference}`)).toHaveCount(0);
    await expect
      .poll(async () => (await phoneHolds(page)).copies.filter((url) => url.includes(dropped.id)))
      .toEqual([]);
    expect((await phoneHolds(page)).copies).toContain(proofPage(kept.id));
    // Its page, opened again, says it is not theirs any more: the site's own 404, with a way back.
    await page.goto(proofPage(dropped.id));
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByTestId("not-found-reason")).toHaveText("This job is not yours any more.");
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });
});

test.describe("a shared phone, JavaScript off", () => {
  test("a plain sign-out post leaves no copy and nothing kept", async ({ baseURL }, testInfo) => {
    const { driverUser, kept } = await driverAndCustomer();
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "easymove-shared-phone-"));
    const launch = (javaScriptEnabled: boolean) =>
      chromium.launchPersistentContext(profile, {
        ...testInfo.project.use.launchOptions,
        baseURL,
        javaScriptEnabled,
      });
    let context: BrowserContext | null = null;
    try {
      // The driver's day on their phone (the app installs with JavaScript), with an action kept.
      context = await launch(true);
      // Kept on the phone's disk (an expiry), as a signed-in browser keeps its sign-in across restarts.
      const cookie = await sessionCookieFor(driverUser.email, baseURL!);
      await context.addCookies([{ ...cookie, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
      let page = context.pages()[0] ?? (await context.newPage());
      await open(page, "/driver", true);
      await copied(page, ["/driver", proofPage(kept.id)]);
      await keepUnsent(page, kept.id, 1);
      await context.close();

      // The same phone with JavaScript off: the menu and its sign-out are plain HTML.
      context = await launch(false);
      page = context.pages()[0] ?? (await context.newPage());
      await open(page, "/account", false);
      await page.locator("summary", { hasText: "Sol Shared" }).first().click();
      await page.getByRole("button", { name: "Log Out" }).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
      await context.close();

      // Looked at again with JavaScript, to read the phone's storage: nothing is left.
      context = await launch(true);
      page = context.pages()[0] ?? (await context.newPage());
      await open(page, "/", true);
      expect(await phoneHolds(page)).toEqual({ copies: [], kept: 0 });
    } finally {
      await context?.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
