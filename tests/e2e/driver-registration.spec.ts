import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { auditPage } from "./axe";
import { expect, test, type Page } from "./fixtures";
import { appDb, expectFormError, jsModes, open } from "./helpers";

const PDF = path.resolve("tests/fixtures/document.pdf");
const JPEG = path.resolve("tests/fixtures/van-photo.jpg");

const MESSAGES = [
  "Name must be at least 2 characters",
  "Please enter a valid email address",
  "Please enter a valid phone number",
  "Please select your experience",
  "Please select your van type",
  "Location is required",
  "Driver's license is required",
  "Insurance certificate is required",
  "Public liability insurance is required",
  "Vehicle photo is required",
  "You must accept the terms and conditions",
];

let emailCounter = 0;
const uniqueEmail = () => `e2e-driver-${Date.now().toString(36)}-${emailCounter++}@example.com`;

/**
 * A valid JPEG larger than 5 MB (so it travels in two chunks): the fixture with comment
 * segments after its start marker. Written to a temporary folder, never committed.
 */
function bigJpegFile(size = 9 * 1024 * 1024) {
  const jpeg = fs.readFileSync(JPEG);
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let total = jpeg.length;
  while (total < size) {
    const length = Math.min(65533, size - total);
    const segment = Buffer.alloc(length + 4, 0x41);
    segment.set([0xff, 0xfe, ((length + 2) >> 8) & 0xff, (length + 2) & 0xff]);
    parts.push(segment);
    total += segment.length;
  }
  parts.push(jpeg.subarray(2));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "easymove-e2e-")), "big-van-photo.jpg");
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}

async function fillApplicant(page: Page, email: string) {
  await page.getByLabel("Full Name").fill("Eve Applicant");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("07400 900555");
  await page.getByLabel("Location").fill("Newcastle upon Tyne");
  await page.getByLabel("Driving Experience").selectOption("3-5");
  await page.getByLabel("Van Type").selectOption("luton");
}

async function chooseFiles(page: Page, vehiclePhoto = JPEG) {
  await page.getByLabel("Driver's licence").setInputFiles(PDF);
  await page.getByLabel("Insurance certificate").setInputFiles(PDF);
  await page.getByLabel("Public liability insurance").setInputFiles(JPEG);
  await page.getByLabel("Vehicle photo").setInputFiles(vehiclePhoto);
}

async function openRegistration(page: Page, javaScript: boolean) {
  await open(page, "/driver-registration", javaScript, { status: 200 });
  await expect(page.getByRole("heading", { level: 1, name: "Become a Driver" })).toBeVisible();
}

const seriousViolations = async (page: Page) => (await auditPage(page, { bestPractice: true })).serious;

async function storedApplication(email: string) {
  const drivers = await (
    await appDb()
  ).driver.findMany({
    where: { email },
    select: {
      id: true,
      approvalStatus: true,
      documents: {
        select: { kind: true, storageKey: true, mimeType: true, sizeBytes: true },
        orderBy: { kind: "asc" },
      },
    },
  });
  return { drivers, documents: drivers[0]?.documents ?? [] };
}

for (const mode of jsModes) {
  test.describe(`driver registration ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    // axe runs as a script in the page, so without JavaScript the server's HTML is checked
    // with the app's scripts blocked (no hydration), as in a11y-routes.spec.ts.
    test("has no serious axe violations, blank and with every error showing", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
      const page = await context.newPage();
      if (!mode.javaScriptEnabled) await page.route(/\.js(\?|$)/, (route) => route.abort());
      await openRegistration(page, mode.javaScriptEnabled);
      await expect(page.locator("h1")).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expectFormError(page, "You must accept the terms and conditions");
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    test("shows every validation message of the product", async ({ page }) => {
      await openRegistration(page, mode.javaScriptEnabled);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByRole("button", { name: "Submit Application" }).click();
      for (const message of MESSAGES) await expectFormError(page, message, { exact: true });
      if (mode.javaScriptEnabled) {
        // Checked in the browser: nothing was sent.
        expect(posts).toEqual([]);
        // As you type: an error comes on leaving a field and goes as soon as the input is fixed.
        const name = page.getByLabel("Full Name");
        await name.fill("M");
        await expectFormError(page, "Name must be at least 2 characters");
        await name.pressSequentially("ark");
        await expect(page.getByText("Name must be at least 2 characters")).toHaveCount(0);
        await page.getByLabel("Email Address").fill("mark@");
        await expectFormError(page, "Please enter a valid email address");
        await page.getByLabel("Email Address").pressSequentially("example.com");
        await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
        await page.getByLabel("Phone Number").fill("0770090");
        await expectFormError(page, "Please enter a valid phone number");
        await page.getByLabel("Phone Number").pressSequentially("0123");
        await expect(page.getByText("Please enter a valid phone number")).toHaveCount(0);
        await page.getByLabel("Vehicle photo").setInputFiles(PDF);
        await expect(
          page
            .getByTestId("document-vehiclePhoto")
            .getByText("Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)"),
        ).toBeVisible();
      } else {
        // Checked on the server, which says which files to choose again and keeps what was typed.
        await expect(page.getByTestId("choose-again")).toHaveText(
          "Please choose these files again: Driver's licence, Insurance certificate, Public liability insurance, Vehicle photo.",
        );
        await page.getByLabel("Full Name").fill("M");
        await page.getByLabel("Email Address").fill("not-an-email");
        await page.getByLabel("Phone Number").fill("0770090");
        await page.getByLabel("Location").fill("Essex");
        await page.getByRole("button", { name: "Submit Application" }).click();
        await expectFormError(page, "Name must be at least 2 characters");
        await expectFormError(page, "Please enter a valid email address");
        await expectFormError(page, "Please enter a valid phone number");
        await expect(page.getByText("Location is required")).toHaveCount(0);
        await expect(page.getByLabel("Full Name")).toHaveValue("M");
        await expect(page.getByLabel("Email Address")).toHaveValue("not-an-email");
        await expect(page.getByLabel("Location")).toHaveValue("Essex");
      }
    });

    test("refuses a landline on its field (drivers are texted their jobs), keeping what was typed", async ({
      page,
    }) => {
      await openRegistration(page, mode.javaScriptEnabled);
      const email = uniqueEmail();
      await fillApplicant(page, email);
      await page.getByLabel("Phone Number").fill("020 7946 0018");
      await chooseFiles(page);
      await page.getByLabel(/I accept the terms and conditions/).check();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expectFormError(page, "Please enter a mobile number: we text you about your jobs");
      await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(/Please enter a mobile number/);
      await expect(page.getByLabel("Phone Number")).toHaveValue("020 7946 0018");
      await expect(page.getByLabel("Full Name")).toHaveValue("Eve Applicant");
      expect((await storedApplication(email.toLowerCase())).drivers).toEqual([]);
    });

    test("a second application while one is pending gets a clear message", async ({ page }) => {
      await openRegistration(page, mode.javaScriptEnabled);
      await fillApplicant(page, "Sarah.Applicant@example.com"); // seeded, pending review
      await chooseFiles(page);
      await page.getByLabel(/I accept the terms and conditions/).check();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByTestId("application-failure")).toHaveText(
        "Submission failed: An application with this email address is already being reviewed. We'll be in touch as soon as it has been checked.",
      );
      const toast = page.getByTestId("toast").filter({ hasText: "Submission Failed" });
      await expect(toast).toContainText("There was a problem submitting your application. Please try again.");
      if (!mode.javaScriptEnabled) {
        // Files already stored are kept; nothing needs choosing again.
        await expect(page.getByTestId("kept-document")).toHaveCount(4);
        await expect(page.getByTestId("choose-again")).toHaveCount(0);
      }
    });
  });
}

test.describe("driver registration without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends the application with real PDF and JPEG files in one multipart post", async ({ signIn, page }) => {
    await openRegistration(page, false);
    const email = uniqueEmail();
    await fillApplicant(page, email);
    await chooseFiles(page);
    await page.getByLabel(/I accept the terms and conditions/).check();
    const [post] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/driver-registration")),
      page.getByRole("button", { name: "Submit Application" }).click(),
    ]);
    expect(post.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    await expect(page).toHaveURL(/\/driver-registration\?submitted=1$/);
    await expect(page.getByTestId("application-success")).toHaveText("Application submitted successfully!");
    await expect(page.getByTestId("toast").filter({ hasText: "Application Submitted" })).toContainText(
      "We've received your application and will review it shortly.",
    );

    const { drivers, documents } = await storedApplication(email.toLowerCase());
    expect(drivers).toEqual([expect.objectContaining({ approvalStatus: "pending" })]);
    // (Ordered as the document kinds are declared.)
    expect(documents.map((document) => [document.kind, document.mimeType])).toEqual([
      ["license", "application/pdf"],
      ["insurance", "application/pdf"],
      ["liability", "image/jpeg"],
      ["vehiclePhoto", "image/jpeg"],
    ]);
    expect(documents[0]!.sizeBytes).toBe(fs.statSync(PDF).size);

    // The documents are private: an admin can open them, nobody else.
    const licence = documents[0]!.storageKey;
    expect(licence).toMatch(/^uploads\/[a-f0-9]{64}\.pdf$/);
    const anonymous = await page.request.get(`/${licence}`);
    expect(anonymous.status()).toBe(401);
    await signIn("alice@example.com");
    expect((await page.request.get(`/${licence}`)).status()).toBe(403);
    await signIn("admin@easymove.local");
    const asAdmin = await page.request.get(`/${licence}`);
    expect(asAdmin.status()).toBe(200);
    expect(asAdmin.headers()["content-type"]).toBe("application/pdf");
    expect(asAdmin.headers()["x-content-type-options"]).toBe("nosniff");
    expect(asAdmin.headers()["content-disposition"]).toBe(
      `inline; filename="document.pdf"; filename*=UTF-8''document.pdf`,
    );
    expect((await asAdmin.body()).equals(fs.readFileSync(PDF))).toBe(true);
  });

  test("keeps the files that passed when a file is refused, and asks only for the refused one", async ({ page }) => {
    await openRegistration(page, false);
    const email = uniqueEmail();
    await fillApplicant(page, email);
    await chooseFiles(page, PDF); // a PDF is not a vehicle photo
    await page.getByLabel(/I accept the terms and conditions/).check();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByTestId("application-failure")).toHaveText(
      "Submission failed: Vehicle photo must be an image (JPEG, PNG, WebP or HEIC)",
    );
    await expect(page.getByTestId("choose-again")).toHaveText("Please choose these files again: Vehicle photo.");
    await expect(page.getByTestId("kept-document")).toHaveCount(3);
    await expect(page.getByLabel("Full Name")).toHaveValue("Eve Applicant");
    await expect(page.getByLabel("Van Type")).toHaveValue("luton");
    await page.getByLabel("Vehicle photo").setInputFiles(JPEG);
    await page.getByLabel(/I accept the terms and conditions/).check();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByTestId("application-success")).toHaveText("Application submitted successfully!");
    expect((await storedApplication(email)).documents).toHaveLength(4);
  });
});

test.describe("driver registration with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("uploads a file over 5 MB in chunks with a moving progress bar, then sends the application as JSON", async ({
    page,
  }) => {
    const bigPhoto = bigJpegFile();
    await openRegistration(page, true);
    const email = uniqueEmail();
    await fillApplicant(page, email);
    await chooseFiles(page, bigPhoto);
    await page.getByLabel(/I accept the terms and conditions/).check();

    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") calls.push(new URL(request.url()).pathname);
    });
    // Record every value the progress bar shows; slow the upload down so it has time to move.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar ? Number(bar.getAttribute("aria-valuenow")) : null;
        if (value !== null && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["aria-valuenow"],
      });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });

    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submitting..." })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByTestId("application-success")).toHaveText("Application submitted successfully!", {
      timeout: 25_000,
    });
    await expect(page.getByTestId("toast").filter({ hasText: "Application Submitted" })).toContainText(
      "We've received your application and will review it shortly.",
    );

    // The form is reset.
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    await expect(page.getByLabel("Email Address")).toHaveValue("");
    expect(await page.getByLabel("Vehicle photo").evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(
      0,
    );

    // Five chunks for four files (the 9 MB photo in two), four assemblies, one JSON application.
    expect(calls.filter((call) => call === "/api/drivers/upload-chunk")).toHaveLength(5);
    expect(calls.filter((call) => call === "/api/drivers/assemble-chunks")).toHaveLength(4);
    expect(calls.filter((call) => call === "/api/drivers/apply")).toHaveLength(1);
    expect(calls).not.toContain("/driver-registration");

    // The bar moved: several values between 0 and 100, never backwards.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const { drivers, documents } = await storedApplication(email);
    expect(drivers).toHaveLength(1);
    const photo = documents.find((document) => document.kind === "vehiclePhoto")!;
    expect(photo.mimeType).toBe("image/jpeg");
    expect(photo.sizeBytes).toBe(fs.statSync(bigPhoto).size);
    fs.rmSync(path.dirname(bigPhoto), { recursive: true, force: true });
  });

  test("shows the server's reason when a file is refused", async ({ page }) => {
    await openRegistration(page, true);
    await fillApplicant(page, uniqueEmail());
    await chooseFiles(page);
    // An executable renamed .pdf: the browser cannot tell, the server reads its first bytes.
    await page.getByLabel("Insurance certificate").setInputFiles({
      name: "insurance.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
    });
    await page.getByLabel(/I accept the terms and conditions/).check();
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByTestId("application-failure")).toHaveText(
      "Submission failed: Insurance certificate must be a PDF or an image (JPEG, PNG, WebP or HEIC)",
    );
    await expect(page.getByTestId("toast").filter({ hasText: "Submission Failed" })).toContainText(
      "There was a problem submitting your application. Please try again.",
    );
    // The typed application stays for another try.
    await expect(page.getByLabel("Full Name")).toHaveValue("Eve Applicant");
    await expect(page.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });
});
