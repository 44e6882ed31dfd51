// The driver app without a signal, in Chromium with Playwright's offline switch:
// after "On the way" the phone goes offline; the driver arrives, hands in a drop-off stop's
// proof and the final one (photos and a drawn signature), a reload keeps it all, and when the
// signal returns each step reaches the server once, in order, with its phone time. Sending
// the same queue again changes nothing. A job an admin moved on meanwhile refuses the kept
// step in one sentence. The app installs (manifest, service worker on the driver's pages
// only); no customer page registers a service worker.
import type { Page } from "@playwright/test";
import { createCustomer, createDriver, createJobToday } from "../support/factories";
import { expect, test } from "./fixtures";
import { appDb, drawSignature, open, uniqueEmail } from "./helpers";

const PHOTO = "tests/fixtures/van-photo.jpg";

/** A driver and today's paid job for them, with a drop-off on the way when `withStop`. */
async function driversJob({
  trackingStatus = "assigned",
  withStop = false,
}: { trackingStatus?: "assigned" | "nearby" | "arrived"; withStop?: boolean } = {}) {
  const customer = await createCustomer({
    username: "Olive Offline",
    email: uniqueEmail("offline-customer"),
    phone: "07400 900611",
  });
  const { user, ...driver } = await createDriver({
    account: true,
    name: "Nia Nosignal",
    email: uniqueEmail("offline-driver"),
    phone: "07400 900612",
    vanType: "large",
  });
  const driverUser = user!;
  const booking = await createJobToday({
    driverId: driver.id,
    trackingStatus,
    customerId: customer.id,
    customerName: "Olive Offline",
    customerEmail: customer.email,
    customerPhone: "07400 900611",
    deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
    ...(withStop
      ? {
          stops: {
            create: [
              { position: 1, type: "dropoff", address: "9 Tower Block, Gateshead NE8 1AA", floorAccess: "ground" },
            ],
          },
        }
      : {}),
  });
  const { reference } = booking;
  return { booking, customer, driverUser, driver, reference };
}

/** The service worker controls the page and holds a copy of each of `urls`. */
async function readyOffline(page: Page, urls: string[]) {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          if (!navigator.serviceWorker.controller) return "not controlled";
          const cache = await caches.open("driver-pages");
          const missing = [];
          for (const url of wanted) if (!(await cache.match(url, { ignoreVary: true }))) missing.push(url);
          return missing.length === 0 ? "ready" : `missing ${missing.join(", ")}`;
        }, urls),
      { timeout: 20_000 },
    )
    .toBe("ready");
}

test.describe("the driver's day without a signal", () => {
  test("a multi-stop job worked offline from arrival to completion arrives once, in order, with its phone times", async ({
    signedInPage,
  }) => {
    test.slow(); // a whole job, offline and back
    const { booking, driverUser, reference, customer } = await driversJob({ withStop: true });
    const page = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    const proofs = [`/driver/jobs/${booking.id}/complete`, `/driver/jobs/${booking.id}/complete?stop=1`];
    const chat = `/booking-tracker?booking=${booking.id}&tab=chat#chat`;

    // First visit: the app installs itself and keeps copies of the day's pages.
    await open(page, "/driver", true);
    await readyOffline(page, ["/driver", ...proofs, chat.replace("#chat", "")]);
    const job = page.getByTestId(`job-${reference}`);
    await job.getByRole("button", { name: "Start: on my way" }).click();
    await expect(job.getByTestId("job-status")).toContainText("On the way");

    // In the basement: no signal.
    await page.context().setOffline(true);
    await expect(page.getByTestId("offline-banner")).toContainText(/Offline: shown as of \d\d:\d\d/);
    const offlineFrom = new Date();
    await job.getByRole("button", { name: "I'm nearby" }).click();
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(1\)/);
    await job.getByRole("button", { name: "I've arrived" }).click();
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(2\)/);

    // The chat opens from the phone's copy; a message waits there to be sent.
    await job.getByRole("link", { name: "Chat with customer" }).click();
    await expect(page.getByRole("heading", { name: "Driver Chat" })).toBeVisible();
    await page.getByRole("button", { name: "I've arrived outside." }).click();
    await expect(page.getByTestId("chat-waiting")).toContainText("I've arrived outside.");
    await expect(page.getByTestId("chat-waiting")).toContainText("Waiting to send");
    await page.goto("/driver");
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(3\)/);

    // The next step is offered at once: the drop-off's proof, on a page opened from the phone's copy.
    await job.getByRole("link", { name: "Stop 1 (drop-off): proof of delivery" }).click();
    await expect(page.getByRole("heading", { name: "Stop 1 (drop-off): proof of delivery" })).toBeVisible();
    await expect(page.getByTestId("offline-banner")).toContainText("Offline");
    await page.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
    await page.getByLabel("Recipient's name").fill("Sam Neighbour");
    await drawSignature(page);
    await page.getByRole("button", { name: "Complete drop-off" }).click();
    await expect(page).toHaveURL(/\/driver$/);
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(4\)/);

    await job.getByRole("link", { name: "Complete job: proof of delivery" }).click();
    await expect(page.getByRole("heading", { name: "Complete the job" })).toBeVisible();
    await page.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
    await page.getByLabel("Recipient's name").fill("Olive Offline");
    await page.getByLabel("Or, instead, the recipient types their name").fill("Olive Offline");
    await page.getByRole("button", { name: "Complete job" }).click();
    await expect(page).toHaveURL(/\/driver$/);
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(5\)/);
    await expect(job.getByTestId("job-status")).toContainText("Move completed");

    // A reload with no signal keeps every queued action, photos and all.
    await page.reload();
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(5\)/);
    const db = await appDb();
    expect(
      await db.trackingEvent.count({ where: { bookingId: booking.id, status: { not: "en_route" }, stop: null } }),
    ).toBe(1);
    // A copy of the queue, to send it a second time later.
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("easymove-driver");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const all = await new Promise<unknown[]>((resolve) => {
        const request = db.transaction("actions").objectStore("actions").getAll();
        request.onsuccess = () => resolve(request.result);
      });
      (window as unknown as { __queue: unknown[] }).__queue = all;
      db.close();
    });

    // The signal returns: everything is sent, in order, and the page shows the server's job.
    await page.context().setOffline(false);
    await expect(job.getByTestId("waiting-to-send")).toHaveCount(0, { timeout: 20_000 });
    await expect(
      page.getByRole("region", { name: "Recently completed" }).getByTestId(`job-${reference}`),
    ).toBeVisible();

    const steps = await db.trackingEvent.findMany({
      where: { bookingId: booking.id },
      orderBy: { happenedAt: "asc" },
    });
    expect(steps.map((step) => (step.stop ? `stop ${step.stop}` : step.status))).toEqual([
      "assigned",
      "en_route",
      "nearby",
      "arrived",
      "stop 1",
      "completed",
    ]);
    for (const step of steps.slice(2)) {
      // Each at its time on the phone, while it was offline, before it reached the server.
      expect(step.happenedAt.getTime()).toBeGreaterThanOrEqual(offlineFrom.getTime() - 1000);
      expect(step.happenedAt.getTime()).toBeLessThan(step.createdAt.getTime());
    }
    expect(await db.deliveryProof.count({ where: { bookingId: booking.id } })).toBe(2);
    // The photos were made smaller on the phone (and checked again on the server).
    for (const photo of await db.deliveryPhoto.findMany({ where: { proof: { bookingId: booking.id } } }))
      expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(1600);
    expect(await db.deliveryPhoto.count({ where: { proof: { bookingId: booking.id } } })).toBe(2);
    const messages = await db.chatMessage.findMany({ where: { bookingId: booking.id } });
    expect(messages.map((message) => message.content)).toEqual(["I've arrived outside."]);
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id, kind: "earning" } })).toBe(1);

    // The same queue sent a second time changes nothing.
    await page.evaluate(async () => {
      const queue = (window as unknown as { __queue: unknown[] }).__queue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("easymove-driver");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction("actions", "readwrite");
      for (const record of queue) tx.objectStore("actions").put(record);
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    });
    await page.reload(); // a page that opens with queued actions sends them
    await expect(page.getByTestId("waiting-to-send")).toHaveCount(0, { timeout: 20_000 });
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id } })).toBe(6);
    expect(await db.chatMessage.count({ where: { bookingId: booking.id } })).toBe(1);
    expect(await db.deliveryProof.count({ where: { bookingId: booking.id } })).toBe(2);
    expect(await db.driverLedgerEntry.count({ where: { bookingId: booking.id } })).toBe(1);
    await expect(page.getByTestId("kept-refused")).toHaveCount(0);

    // The driver's earnings have the job; the customer's tracker shows the steps.
    await open(page, "/driver/earnings", true);
    await expect(page.getByRole("main")).toContainText(reference);
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: true });
    await open(customerPage, `/booking-tracker?booking=${booking.id}`, true);
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Move completed");
    await expect(customerPage.getByText("Stop 1 done")).toBeVisible();
  });

  test("a step kept while an admin moved the job on is refused in one sentence, and nothing is applied", async ({
    signedInPage,
  }) => {
    const { booking, driverUser, reference } = await driversJob({ trackingStatus: "nearby" });
    const page = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    await open(page, "/driver", true);
    await readyOffline(page, ["/driver"]);

    await page.context().setOffline(true);
    const job = page.getByTestId(`job-${reference}`);
    await job.getByRole("button", { name: "I've arrived" }).click();
    await expect(job.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(1\)/);

    // Meanwhile our team sets the job to "Arrived" from the admin page.
    const db = await appDb();
    const admin = await db.user.findFirstOrThrow({ where: { role: "admin" } });
    const overrideAt = new Date();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "arrived" } });
    await db.trackingEvent.create({
      data: { bookingId: booking.id, status: "arrived", createdById: admin.id, happenedAt: overrideAt },
    });
    const at = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
    }).format(overrideAt);

    await page.context().setOffline(false);
    await expect(page.getByTestId("kept-refused")).toHaveText(
      `Our team set this job to “Arrived” at ${at}; your arrival was not recorded.`,
      { timeout: 20_000 },
    );
    await expect(job.getByTestId("waiting-to-send")).toHaveCount(0);
    expect(await db.trackingEvent.count({ where: { bookingId: booking.id, status: "arrived" } })).toBe(1);
    expect(await db.driverAction.count({ where: { bookingId: booking.id } })).toBe(0);
    await page.getByRole("button", { name: "OK" }).click();
    await expect(page.getByTestId("kept-refused")).toHaveCount(0);
  });
});

test.describe("a proof kept for a job cancelled meanwhile", () => {
  test("is refused in one sentence, and goes to support from that message with its photos", async ({
    signedInPage,
  }) => {
    const { booking, driverUser, reference } = await driversJob({ trackingStatus: "arrived" });
    const page = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    const proofPage = `/driver/jobs/${booking.id}/complete`;
    await open(page, "/driver", true);
    await readyOffline(page, ["/driver", proofPage]);

    await page.context().setOffline(true);
    await page.getByTestId(`job-${reference}`).getByRole("link", { name: "Complete job: proof of delivery" }).click();
    await page.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
    await page.getByLabel("Recipient's name").fill("Olive Offline");
    await drawSignature(page);
    await page.getByRole("button", { name: "Complete job" }).click();
    await expect(page).toHaveURL(/\/driver$/);
    await expect(page.getByTestId("waiting-to-send")).toHaveText(/Waiting to send \(1\)/);

    // Meanwhile the customer cancels.
    const db = await appDb();
    const cancelledAt = new Date();
    await db.booking.update({ where: { id: booking.id }, data: { status: "cancelled", cancelledAt } });
    const at = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
    }).format(cancelledAt);

    await page.context().setOffline(false);
    await expect(page.getByTestId("kept-refused")).toHaveText(
      `This job was cancelled at ${at}; your proof of delivery was not recorded.`,
      { timeout: 20_000 },
    );
    expect(await db.deliveryProof.count({ where: { bookingId: booking.id } })).toBe(0);
    await page.getByRole("button", { name: "Send the proof to support" }).click();
    await expect(page.getByText("The proof was sent to support.")).toBeVisible();
    await expect(page.getByTestId("kept-refused")).toHaveCount(0);
    const ticket = await db.supportRequest.findFirstOrThrow({ where: { bookingId: booking.id } });
    expect(ticket.message).toContain(`A proof of delivery for ${reference}`);
    expect(ticket.message).toContain(`Why: This job was cancelled at ${at}; your proof of delivery was not recorded.`);
    expect(ticket.message).toContain("Received by: Olive Offline");
    const email = await db.message.findFirstOrThrow({
      where: { bookingId: booking.id, kind: "kept-proof-to-support" },
    });
    expect((email.refs as { photos: unknown[] }).photos).toHaveLength(2); // the photo and the drawn signature
  });
});

test.describe("the installable driver app", () => {
  test("has a valid manifest, and its service worker controls /driver after the first visit", async ({
    page,
    signedInPage,
    request,
  }) => {
    const { driverUser } = await driversJob();
    const manifest = await (await request.get("/driver.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "EasyMove Driver", start_url: "/driver", display: "standalone" });
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.headers()["content-type"]).toBe("image/png");
    }

    const driverPage = await signedInPage(driverUser.email, { javaScriptEnabled: true });
    await open(driverPage, "/driver", true);
    await expect(driverPage.locator('link[rel="manifest"]')).toHaveAttribute("href", "/driver.webmanifest");
    await driverPage.evaluate(() => navigator.serviceWorker.ready);
    await driverPage.reload();
    expect(await driverPage.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/driver-sw\.js$/);

    // A customer's pages register nothing, link no manifest, and load none of the driver app's code.
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text().catch(() => ""));
    });
    for (const path of ["/", "/quote", "/signin", "/driver-registration"]) {
      await open(page, path, true);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
    }
    const code = await Promise.all(scripts);
    expect(code.length).toBeGreaterThan(3);
    for (const script of code) {
      expect(script).not.toContain("driver-sw.js");
      expect(script).not.toContain("easymove-driver");
    }
  });
});
