// The payment pages stay light: /checkout and /stripe-checkout download no more JavaScript
// (gzipped) than their budgets in performance-budget.json, and no page loads Stripe's or
// PayPal's scripts unless it needs them (here, on the built-in sandbox, none does).
import fs from "node:fs";
import zlib from "node:zlib";
import { expect, test, type Page } from "./fixtures";
import { appDb, waitForHydration } from "./helpers";

const BUDGET_KB: Record<string, number> = JSON.parse(fs.readFileSync("performance-budget.json", "utf8")).javascriptKb;

/** Gzipped bytes of the JavaScript a page downloads, and every other origin it asks. */
async function weigh(page: Page, url: string) {
  const sizes: Promise<number>[] = [];
  const foreign = new Set<string>();
  const origin = new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url()).host;
  page.on("request", (request) => {
    const host = new URL(request.url()).host;
    if (!request.url().startsWith("data:") && host !== origin && !host.startsWith("127.0.0.1")) foreign.add(host);
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      sizes.push(
        response
          .body()
          .then((body) => zlib.gzipSync(body, { level: 9 }).length)
          .catch(() => 0),
      );
  });
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  page.removeAllListeners("request");
  page.removeAllListeners("response");
  return { bytes: (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0), foreign: [...foreign] };
}

test("the checkout and the hosted-payment form ship no more JavaScript than their budgets, and nothing third-party", async ({
  signIn,
  browser,
}) => {
  const db = await appDb();
  const customer = await db.user.findFirstOrThrow({ where: { role: "customer", isActive: true } });
  const booking = await db.booking.findFirstOrThrow({
    where: { customerId: customer.id },
    orderBy: { paymentState: "asc" },
  });
  const context = await browser.newContext();
  await signIn(customer.email, { context });

  for (const path of ["/checkout", "/stripe-checkout"]) {
    const page = await weigh(await context.newPage(), `${path}?booking=${booking.id}`);
    expect(page.bytes, path).toBeLessThanOrEqual(BUDGET_KB[path]! * 1024);
    expect(page.foreign, path).toEqual([]);
  }
  const embedded = await weigh(await context.newPage(), `/embedded-checkout?booking=${booking.id}`);
  expect(embedded.foreign).toEqual([]); // the sandbox's card form: Stripe.js stays away
  await context.close();
});
