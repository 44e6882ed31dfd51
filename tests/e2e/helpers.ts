import { expect, type Locator, type Page } from "@playwright/test";

// The shared test data (tests/support/factories.ts), for the specs that import them from here.
export { todaysMove, uniqueEmail } from "../support/factories";

/** Waits for React to hydrate before a JS-on test interacts with the page. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state
        ?.initialized === true,
  );
}

export const jsModes = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

/**
 * Goes to a page and, with JavaScript on, waits until it is hydrated: the one way the tests open
 * a page. With `status`, the page must answer with it.
 */
export async function open(page: Page, url: string, javaScriptEnabled: boolean, { status }: { status?: number } = {}) {
  const response = await page.goto(url);
  if (status !== undefined) expect(response?.status(), url).toBe(status);
  if (javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** A client address of its own (sent as X-Forwarded-For), so one test's rate limits never touch another's. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/**
 * The app's own Prisma client on the e2e server's database. Imported when first asked for,
 * not at the top: the app's modules read the environment that playwright.config.ts sets for
 * this process (the e2e server's secret) and scripts/with-test-db.mjs (its database).
 */
export async function appDb() {
  return (await import("~/server/platform/db.server")).db;
}

/** A session cookie for a seeded user, made by the app's own sign-in code (startUserSession). */
export async function sessionCookieFor(email: string, baseURL: string) {
  const [db, { startUserSession }] = await Promise.all([appDb(), import("~/server/auth/auth.server")]);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, role: true } });
  if (!user) throw new Error(`No seeded user ${email}`);
  const [name, ...value] = (await startUserSession(new Request(baseURL), user)).split(";")[0]!.split("=");
  return { name: name!, value: value.join("="), url: baseURL };
}

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/**
 * A quote on /calculator (of the server at `origin`, the default e2e server if not given),
 * then "Proceed to Checkout": the booking's id, with the page on its checkout.
 */
export async function bookAMove(
  page: Page,
  javaScriptEnabled: boolean,
  { origin = "", vanSize = "medium" }: { origin?: string; vanSize?: string } = {},
) {
  await open(page, `${origin}/calculator`, javaScriptEnabled);
  await page.getByLabel("Pickup address").fill("1 Grey Street, Newcastle NE1 6EE");
  await page.getByLabel("Delivery address").fill("40 Osborne Road, Newcastle NE2 2AL");
  await page.getByLabel("Moving date").fill(inTwoWeeks());
  await page.getByLabel("Van size").selectOption(vanSize);
  await page.getByRole("button", { name: "Calculate Quote" }).click();
  await page.getByTestId("quote-card").getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\?booking=/);
  return new URL(page.url()).searchParams.get("booking")!;
}

/**
 * A failed submit's message, as every form shows it: in the form's error summary (a link to
 * the field for a field's message, which also stands beside the field).
 */
export async function expectFormError(scope: Page | Locator, message: string, options: { exact?: boolean } = {}) {
  await expect(scope.getByTestId("error-summary").getByText(message, options)).toBeVisible();
}

/** Signs the proof's pad with a zigzag, as a finger would. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++)
    await page.mouse.move(box.x + 20 + step * 30, box.y + box.height / 2 + (step % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  // The pad took the strokes (its label says so), before the form goes.
  await expect(page.getByText("Ask the recipient to sign here (signed).")).toBeVisible();
}

/** Marks the page's window: the mark survives client-side updates and is gone after a reload. */
export async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
/** The page was not loaded again since markWindow: every step since was client-side. */
export async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

/**
 * The local outbox's e-mails to `to`, newest last, once at least `count` have arrived: the app
 * server's job queue sends each within a second or two of the change it reports.
 */
export async function mailsTo(to: string, count = 1) {
  const { readOutbox } = await import("~/server/platform/email.server");
  await expect.poll(async () => (await readOutbox(to)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return readOutbox(to);
}
