// The tracker and the driver's page together, in two browser contexts (customer and driver):
// with JavaScript the driver's status change and message reach the customer's open tracker
// without a reload, and the read tick reaches the driver; without JavaScript the same flow
// works by posting and refreshing. Both end with the proof of delivery (a drawn signature
// with JavaScript, a typed one without), seen by the customer, and a problem report.
import { createDriver } from "../support/factories";
import { expect, test } from "./fixtures";
import {
  appDb,
  drawSignature,
  expectFormError,
  expectNoReload,
  jsModes,
  markWindow,
  open,
  todaysMove,
  uniqueEmail,
} from "./helpers";

/** A customer and a driver (both with accounts) and a paid booking for today, assigned to the driver. */
async function assignedBooking() {
  const db = await appDb();
  const customer = await db.user.create({
    data: { username: "Casey Customer", email: uniqueEmail("tracker-customer"), phone: "07700 900555" },
  });
  const driverUser = await db.user.create({
    data: { username: "Dana Driver", email: uniqueEmail("tracker-driver"), role: "driver" },
  });
  const driver = await createDriver({
    name: "Dana Driver",
    email: driverUser.email,
    phone: "07700 900777",
    vanType: "medium",
    location: "Newcastle upon Tyne",
    userId: driverUser.id,
    ratingTenths: 48,
    completedJobs: 12,
  });
  const reference = `EM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const booking = await db.booking.create({
    data: {
      reference,
      customerId: customer.id,
      driverId: driver.id,
      status: "assigned",
      paymentState: "paid",
      trackingStatus: "assigned",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      ...todaysMove(),
      vanSize: "medium",
      distanceTenths: 25,
      estimatedHours: 2,
      customerName: "Casey Customer",
      customerEmail: customer.email,
      customerPhone: "07700 900555",
      subTotal: 8000,
      platformFee: 2000,
      driverShare: 6000,
      vatAmount: 1600,
      originalPrice: 9600,
      finalPrice: 9600,
    },
  });
  await db.trackingEvent.create({ data: { bookingId: booking.id, status: "assigned", note: "Driver assigned" } });
  return { booking, customer, driverUser, driver, reference };
}

const PHOTO = "tests/fixtures/van-photo.jpg";

test.describe("tracker and driver page with JavaScript", () => {
  test("the driver's status change and message reach the customer's tracker live, and the read tick reaches the driver", async ({
    signedInPage,
  }) => {
    test.slow(); // the whole move day, in two browsers
    const { booking, customer, driverUser, reference } = await assignedBooking();
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: true });
    const driverPage = await signedInPage(driverUser.email, { javaScriptEnabled: true });

    await open(customerPage, `/booking-tracker?booking=${booking.id}`, true);
    await expect(customerPage.getByRole("heading", { name: "Track your booking" })).toBeVisible();
    await expect(customerPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(customerPage.getByTestId("driver-card")).toContainText("Dana Driver");
    await expect(customerPage.getByTestId("driver-card")).toContainText("4.8 / 5");
    await expect(customerPage.getByTestId("driver-card")).toContainText("12 completed jobs");
    // "New driver" only below 5 completed jobs: not beside 12.
    await expect(customerPage.getByTestId("driver-card")).not.toContainText("New driver");
    await expect(customerPage.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "10");
    await markWindow(customerPage);

    // The driver starts the job from /driver.
    await open(driverPage, "/driver", true);
    const job = driverPage.getByTestId(`job-${reference}`);
    await expect(job).toContainText("Casey Customer");
    await expect(job).toContainText("07700 900555");
    await job.getByLabel("Minutes to pickup (optional)").fill("20");
    await job.getByRole("button", { name: "Start: on my way" }).click();
    await expect(job.getByRole("button", { name: "I'm nearby" })).toBeVisible();

    await expect(customerPage.getByTestId("tracking-label")).toHaveText("On the way");
    await expect(customerPage.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    await expect(customerPage.getByTestId("eta")).toContainText("20 minutes");
    await expect(customerPage.getByTestId("updates")).toContainText("Your driver is on the way");
    await expectNoReload(customerPage);

    // Both open the chat; the driver writes.
    await customerPage.getByRole("link", { name: "Driver Chat" }).click();
    await expect(customerPage.getByRole("heading", { name: "Driver Chat" })).toBeVisible();
    await open(driverPage, `/booking-tracker?booking=${booking.id}&tab=chat`, true);
    // The driver is not told "Your driver: <their own name>", nor offered to join as one.
    await expect(driverPage.getByTestId("driver-card").getByRole("heading")).toHaveText("You are the driver");
    await expect(driverPage.getByRole("banner").getByRole("link", { name: "Join as Driver" })).toHaveCount(0);
    await markWindow(driverPage);
    await driverPage.getByLabel("Your message").fill("Hello Casey, <b>see you</b> soon!");
    await driverPage.getByRole("button", { name: "Send" }).click();
    await expect(driverPage.getByLabel("Your message")).toHaveValue("");

    const customerChat = customerPage.getByTestId("chat-messages");
    await expect(customerChat).toContainText("Hello Casey, <b>see you</b> soon!"); // plain text, escaped
    await expectNoReload(customerPage);
    // The customer had it on screen: the driver's page shows the read tick, without a reload.
    await expect(driverPage.getByTestId("read-state")).toHaveText("✓✓ Read");
    await expectNoReload(driverPage);

    // A quick phrase from the customer reaches the driver.
    await customerPage.getByRole("button", { name: "I'm ready for pickup." }).click();
    await expect(driverPage.getByTestId("chat-messages")).toContainText("I'm ready for pickup.");
    await expect(customerPage.getByTestId("read-state").last()).toHaveText("✓✓ Read");

    // The move goes on to completion; the customer sees each step live.
    await open(driverPage, "/driver", true);
    for (const [button, label] of [
      ["I'm nearby", "Nearby"],
      ["I've arrived", "Arrived"],
    ] as const) {
      await driverPage.getByTestId(`job-${reference}`).getByRole("button", { name: button }).click();
      await customerPage.getByRole("link", { name: "Live Updates" }).click();
      await expect(customerPage.getByTestId("tracking-label")).toHaveText(label);
    }
    // Completing asks for the proof: a photo, the recipient's name and a signature drawn on the screen.
    await driverPage
      .getByTestId(`job-${reference}`)
      .getByRole("link", { name: "Complete job: proof of delivery" })
      .click();
    await expect(driverPage.getByRole("heading", { name: "Complete the job" })).toBeVisible();
    await driverPage.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
    await driverPage.getByLabel("Recipient's name").fill("Casey Customer");
    await drawSignature(driverPage);
    await driverPage.getByRole("button", { name: "Complete job" }).click();
    await expect(driverPage).toHaveURL(/\/driver$/);
    await expect(driverPage.getByRole("status").filter({ hasText: "Job completed" })).toBeVisible();

    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Move completed");
    await expect(customerPage.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const proof = customerPage.getByTestId("delivery-proof");
    await expect(proof.getByTestId("proof-recipient")).toHaveText("Casey Customer");
    await expect(proof.getByRole("img", { name: "Signature of Casey Customer" })).toBeVisible();
    await expect(proof.getByRole("img", { name: "Delivery photo 1 of 1" })).toBeVisible();
    // The photo is really served (it arrives a moment after its element, and may load lazily).
    await proof.getByTestId("proof-photo").scrollIntoViewIfNeeded();
    await expect
      .poll(() => proof.getByTestId("proof-photo").evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(driverPage.getByTestId("driver-summary")).toContainText("13 completed jobs");
    const db = await appDb();
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id }, select: { status: true } })).toEqual({
      status: "completed",
    });

    // Within 48 hours the customer can report a problem (after the arrival's discount offer).
    await customerPage.getByTestId("discount-popup").getByRole("button", { name: "Got it" }).click();
    await customerPage.getByTestId("help-complaint").getByText("Report a problem").click();
    await customerPage.getByLabel("What went wrong?").fill("A chair leg is scratched.");
    await customerPage.getByRole("button", { name: "Report the problem" }).click();
    await expect(customerPage.getByRole("status").filter({ hasText: "Problem reported" })).toBeVisible();
    expect(await db.supportRequest.findFirst({ where: { bookingId: booking.id, kind: "complaint" } })).toMatchObject({
      message: "A chair leg is scratched.",
      status: "open",
    });
    await customerPage.context().close();
    await driverPage.context().close();
  });
});

test.describe("the driver's live position", () => {
  test("with JavaScript the phone shares it as the van moves, and the customer's tracker follows without a reload", async ({
    signedInPage,
  }) => {
    const { booking, customer, driverUser, reference } = await assignedBooking();
    const db = await appDb();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route", status: "in_progress" } });
    // Gateshead, about 3 miles from the pickup (1 Grey Street, Newcastle NE1 6EE).
    const driverPage = await signedInPage(driverUser.email, {
      javaScriptEnabled: true,
      permissions: ["geolocation"],
      geolocation: { latitude: 54.94, longitude: -1.6 },
    });
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: true });

    await open(driverPage, "/driver", true);
    await expect(driverPage.getByTestId(`job-${reference}`).getByTestId("position-sharing")).toContainText(
      "Sharing your position with the customer",
    );
    // The first position is saved before the customer looks.
    await expect.poll(() => db.driverPosition.count({ where: { bookingId: booking.id } })).toBe(1);
    await open(customerPage, `/booking-tracker?booking=${booking.id}`, true);
    const distance = customerPage.getByTestId("live-distance");
    await expect(distance).toContainText(/Your driver is [\d.]+ miles from the pickup address, about \d+ minutes away/);
    const before = Number((await distance.textContent())!.match(/([\d.]+) miles/)![1]);
    expect(before).toBeGreaterThan(2);
    await markWindow(customerPage);

    // The van moves 2 km closer: the phone sends it, the tracker updates live.
    await driverPage.context().setGeolocation({ latitude: 54.958, longitude: -1.606 });
    await expect
      .poll(async () => Number(((await distance.textContent()) ?? "").match(/([\d.]+) miles/)?.[1] ?? before))
      .toBeLessThan(before);
    await expectNoReload(customerPage);
    await expect(customerPage.getByTestId("live-last-seen")).toHaveCount(0);
  });

  test("without JavaScript the driver types where they are; the tracker says how far, and when positions stop coming", async ({
    signedInPage,
  }) => {
    const { booking, customer, driverUser, reference } = await assignedBooking();
    const db = await appDb();
    await db.booking.update({ where: { id: booking.id }, data: { trackingStatus: "en_route", status: "in_progress" } });
    const driverPage = await signedInPage(driverUser.email, { javaScriptEnabled: false });
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: false });

    await driverPage.goto("/driver");
    const job = driverPage.getByTestId(`job-${reference}`);
    await job.getByRole("button", { name: "Share my position now" }).click();
    await expectFormError(driverPage, "Type the postcode or town you are in, e.g. NE1 4ST.");
    await driverPage.getByLabel("Where are you? (postcode or town)").fill("Atlantis");
    await driverPage.getByRole("button", { name: "Share my position now" }).click();
    await expectFormError(driverPage, "We could not find that place. Type a postcode, e.g. NE1 4ST.");
    await expect(driverPage.getByLabel("Where are you? (postcode or town)")).toHaveValue("Atlantis");
    await driverPage.getByLabel("Where are you? (postcode or town)").fill("Durham");
    await driverPage.getByRole("button", { name: "Share my position now" }).click();
    await expect(driverPage).toHaveURL(/\/driver$/);
    await expect(driverPage.getByText("Position shared")).toBeVisible();

    await customerPage.goto(`/booking-tracker?booking=${booking.id}`);
    await expect(customerPage.getByTestId("live-distance")).toContainText(
      /Your driver is 1\d(\.\d)? miles from the pickup address/,
    );
    await db.driverPosition.update({
      where: { bookingId: booking.id },
      data: { recordedAt: new Date(Date.now() - 5 * 60_000 - 5_000) },
    });
    await customerPage.reload();
    await expect(customerPage.getByTestId("live-last-seen")).toHaveText("Your driver was last seen 5 min ago.");
  });
});

test.describe("tracker without a live stream", () => {
  test("refused a stream (too many open: 429), the tracker polls every 30 s instead", async ({ signedInPage }) => {
    const { booking, customer, driverUser } = await assignedBooking();
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: true });
    await customerPage.clock.install();
    await customerPage.route("**/api/bookings/*/events", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "Retry-After": "30" },
        body: JSON.stringify({ error: "Too many live connections" }),
      }),
    );
    await open(customerPage, `/booking-tracker?booking=${booking.id}`, true);
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Driver assigned");
    await markWindow(customerPage);

    // The driver moves the job on; no event can reach this page.
    const { advanceTracking } = await import("~/server/bookings/tracking.server");
    const moved = await advanceTracking({
      bookingId: booking.id,
      user: { id: driverUser.id, username: driverUser.username, email: driverUser.email, role: "driver" },
      to: "en_route",
      etaMinutes: 15,
    });
    expect(moved.ok).toBe(true);
    await customerPage.clock.runFor(31_000);
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("On the way");
    await expectNoReload(customerPage);
    await customerPage.context().close();
  });
});

test.describe("tracker and driver page without JavaScript", () => {
  test("the same flow by posting and refreshing; the updates tab refreshes itself every 30 s", async ({
    signedInPage,
  }) => {
    test.slow(); // the whole move day, in two browsers
    const { booking, customer, driverUser, reference } = await assignedBooking();
    const customerPage = await signedInPage(customer.email, { javaScriptEnabled: false });
    const driverPage = await signedInPage(driverUser.email, { javaScriptEnabled: false });

    await customerPage.goto(`/booking-tracker?booking=${booking.id}`);
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Driver assigned");
    await expect(customerPage.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");

    await driverPage.goto("/driver");
    const job = driverPage.getByTestId(`job-${reference}`);
    await job.getByLabel("Minutes to pickup (optional)").fill("15");
    await job.getByRole("button", { name: "Start: on my way" }).click();
    await expect(driverPage).toHaveURL(/\/driver$/);
    await expect(driverPage.getByTestId(`job-${reference}`).getByTestId("job-status")).toContainText("On the way");

    await customerPage.reload();
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("On the way");
    await expect(customerPage.getByTestId("eta")).toContainText("15 minutes");

    // The driver writes from the chat tab; an empty message is refused with the text kept.
    await driverPage.goto(`/booking-tracker?booking=${booking.id}&tab=chat`);
    await driverPage.getByRole("button", { name: "Send" }).click();
    await expectFormError(driverPage, "Please type a message.");
    await driverPage.getByLabel("Your message").fill("Parking outside now.");
    await driverPage.getByRole("button", { name: "Send" }).click();
    await expect(driverPage.getByTestId("chat-messages")).toContainText("Parking outside now.");
    await expect(driverPage.getByTestId("read-state")).toHaveText("✓ Sent");

    await customerPage.getByRole("link", { name: "Driver Chat" }).click();
    await expect(customerPage.getByTestId("chat-messages")).toContainText("Parking outside now.");
    await customerPage.getByRole("button", { name: "Thank you!" }).click();
    await expect(customerPage.getByTestId("chat-messages")).toContainText("Thank you!");

    await driverPage.getByRole("button", { name: "Check for new messages" }).click();
    await expect(driverPage.getByTestId("read-state")).toHaveText("✓✓ Read");
    await expect(driverPage.getByTestId("chat-messages")).toContainText("Thank you!");

    // Nearby, arrived, then the proof: without JavaScript the typed name is the signature.
    for (const button of ["I'm nearby", "I've arrived"]) {
      await driverPage.goto("/driver");
      await driverPage.getByTestId(`job-${reference}`).getByRole("button", { name: button }).click();
      await expect(driverPage).toHaveURL(/\/driver$/);
    }
    await driverPage
      .getByTestId(`job-${reference}`)
      .getByRole("link", { name: "Complete job: proof of delivery" })
      .click();
    await expect(driverPage.getByTestId("signature-pad")).toHaveCount(0);
    // Without a photo: refused, with the reason and the name kept.
    await driverPage.getByLabel("Recipient's name").fill("Casey Customer");
    await driverPage.getByRole("button", { name: "Complete job" }).click();
    await expectFormError(driverPage, "Add at least one photo of the delivery.");
    await expectFormError(driverPage, "Ask the recipient to sign, or type their name as their signature.");
    await expect(driverPage).toHaveTitle(/^Error: /);
    await expect(driverPage.getByLabel("Recipient's name")).toHaveValue("Casey Customer");
    await driverPage.getByLabel("Photos of the delivery").setInputFiles(PHOTO);
    await driverPage.getByLabel("The recipient types their name as their signature").fill("Casey C");
    await driverPage.getByLabel("Damage noted (optional)").fill("None seen");
    await driverPage.getByRole("button", { name: "Complete job" }).click();
    await expect(driverPage).toHaveURL(/\/driver$/);
    await expect(driverPage.getByText("the customer can see the proof of delivery")).toBeVisible();

    await customerPage.goto(`/booking-tracker?booking=${booking.id}`);
    await expect(customerPage.getByTestId("tracking-label")).toHaveText("Move completed");
    const proof = customerPage.getByTestId("delivery-proof");
    await expect(proof.getByTestId("proof-signature")).toHaveText("Casey C (typed)");
    await expect(proof).toContainText("None seen");
    await expect(proof.getByRole("img", { name: "Delivery photo 1 of 1" })).toBeVisible();

    // The problem report, by a plain post.
    await customerPage.getByTestId("help-complaint").getByText("Report a problem").click();
    await customerPage.getByLabel("What went wrong?").fill("One box is missing.");
    await customerPage.getByRole("button", { name: "Report the problem" }).click();
    await expect(customerPage.getByText("Problem reported")).toBeVisible();
    await customerPage.context().close();
    await driverPage.context().close();
  });
});

for (const { name, javaScriptEnabled } of jsModes) {
  test.describe(`tracker access ${name}`, () => {
    test("another customer and another driver get a 404; a visitor is asked to sign in", async ({
      signedInPage,
      browser,
      baseURL,
    }) => {
      const { booking } = await assignedBooking();
      const db = await appDb();
      const stranger = await db.user.create({ data: { username: "Sam Stranger", email: uniqueEmail("stranger") } });
      const otherDriver = await db.user.create({
        data: { username: "Olly Other", email: uniqueEmail("other-driver"), role: "driver" },
      });
      for (const email of [stranger.email, otherDriver.email]) {
        const page = await signedInPage(email, { javaScriptEnabled });
        const response = await page.goto(`/booking-tracker?booking=${booking.id}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
        await page.context().close();
      }
      const visitor = await browser.newContext({ javaScriptEnabled, baseURL });
      const page = await visitor.newPage();
      await page.goto(`/booking-tracker?booking=${booking.id}`);
      await expect(page).toHaveURL(/\/signin\?redirectTo=/);
      await visitor.close();
    });
  });
}
