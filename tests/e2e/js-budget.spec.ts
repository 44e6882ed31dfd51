// The JavaScript budget (performance-budget.json): each key page is loaded in Chromium and
// the gzipped sizes of the scripts it downloads are summed. Bytes, not timing, so it is steady
// on any machine. A page over its limit fails: ship less rather than raise the limit.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, type BrowserContext, type Response } from "./fixtures";
import { appDb, bookAMove } from "./helpers";

const budget = JSON.parse(fs.readFileSync(path.resolve("performance-budget.json"), "utf8")) as {
  javascriptKb: Record<string, number>;
};

/** The gzipped bytes of the same-origin JavaScript a page downloads, file by file. */
async function javascriptOf(context: BrowserContext, url: string, origin: string) {
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (response.url().startsWith(origin) && (type.includes("javascript") || /\.m?js(\?|$)/.test(response.url())))
      scripts.push(response);
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  expect(response?.ok(), `${url} answered ${response?.status()}`).toBe(true);
  const files: { file: string; gzipped: number }[] = [];
  for (const script of scripts) {
    const body = await script.body();
    files.push({ file: new URL(script.url()).pathname, gzipped: zlib.gzipSync(body, { level: 9 }).length });
  }
  await page.close();
  return { bytes: files.reduce((sum, file) => sum + file.gzipped, 0), files };
}

test("every key page's JavaScript stays within performance-budget.json", async ({ browser, baseURL, signIn }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const db = await appDb();
  const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });
  const customer = await db.user.findFirstOrThrow({
    where: { role: "customer", isActive: true, email: "alice@example.com" },
  });

  const anonymous = await browser.newContext();
  const customerContext = await browser.newContext();
  await signIn(customer.email, { context: customerContext, origin });
  const adminContext = await browser.newContext();
  await signIn(admin.email, { context: adminContext, origin });
  // A booking of the signed-in customer's own, for checkout and the tracker.
  const bookingPage = await customerContext.newPage();
  const booking = await bookAMove(bookingPage, true);
  await bookingPage.close();

  const pages: [name: string, url: string, context: BrowserContext][] = [
    ["/", "/", anonymous],
    ["/quote", "/quote", anonymous],
    ["/calculator", "/calculator", anonymous],
    ["/distance-calculator", "/distance-calculator", anonymous],
    ["/signin", "/signin", anonymous],
    ["/signup", "/signup", anonymous],
    ["/london-services", "/london-services", anonymous],
    ["/checkout", `/checkout?booking=${booking}`, customerContext],
    ["/stripe-checkout", `/stripe-checkout?booking=${booking}`, customerContext],
    ["/embedded-checkout", `/embedded-checkout?booking=${booking}`, customerContext],
    ["/driver-registration", "/driver-registration", anonymous],
    ["/booking-tracker", `/booking-tracker?booking=${booking}`, customerContext],
    ["/admin/dashboard", "/admin/dashboard", adminContext],
  ];
  expect(Object.keys(budget.javascriptKb).sort()).toEqual(pages.map(([name]) => name).sort());

  const over: string[] = [];
  for (const [name, url, context] of pages) {
    const { bytes, files } = await javascriptOf(context, `${origin}${url}`, origin);
    const limitKb = budget.javascriptKb[name]!;
    expect(files.length, `${name} downloads its JavaScript`).toBeGreaterThan(0);
    test.info().annotations.push({
      type: "js",
      description: `${name}: ${(bytes / 1024).toFixed(1)} KB gzipped (budget ${limitKb} KB)`,
    });
    if (bytes > limitKb * 1024) {
      const biggest = [...files]
        .sort((a, b) => b.gzipped - a.gzipped)
        .slice(0, 5)
        .map((file) => `${file.file} ${(file.gzipped / 1024).toFixed(1)} KB`);
      over.push(`${name}: ${(bytes / 1024).toFixed(1)} KB > ${limitKb} KB (largest: ${biggest.join(", ")})`);
    }
  }
  await Promise.all([anonymous.close(), customerContext.close(), adminContext.close()]);
  expect(over, "pages over their JavaScript budget").toEqual([]);
});
