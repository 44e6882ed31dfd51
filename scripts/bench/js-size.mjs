// JavaScript per page, as a browser gets it: each page is loaded in Chromium and the
// JavaScript it downloads (same origin, script responses) is gzipped and summed.
import fs from "node:fs";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";

export const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => fs.existsSync(file));

/** The key pages and how to open each: `visitor` is what prepareVisitors() returned. */
export function keyPages(visitor) {
  return [
    { name: "/", path: "/" },
    { name: "/quote", path: "/quote" },
    { name: "/calculator", path: "/calculator" },
    { name: "/distance-calculator", path: "/distance-calculator" },
    { name: "/signin", path: "/signin" },
    { name: "/signup", path: "/signup" },
    { name: "/london-services", path: "/london-services" },
    { name: "/checkout", path: `/checkout?booking=${visitor.checkoutBooking}`, cookie: visitor.customerCookie },
    {
      name: "/stripe-checkout",
      path: `/stripe-checkout?booking=${visitor.checkoutBooking}`,
      cookie: visitor.customerCookie,
    },
    {
      name: "/embedded-checkout",
      path: `/embedded-checkout?booking=${visitor.checkoutBooking}`,
      cookie: visitor.customerCookie,
    },
    { name: "/driver-registration", path: "/driver-registration" },
    {
      name: "/booking-tracker",
      path: `/booking-tracker?booking=${visitor.trackerBooking}`,
      cookie: visitor.customerCookie,
    },
    { name: "/admin/dashboard", path: "/admin/dashboard", cookie: visitor.adminCookie },
  ];
}

/** { page: { bytes, files } } for each page: gzipped bytes of the JavaScript it downloaded. */
export async function measureJs(baseUrl, pages) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const results = {};
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      if (page.cookie) {
        const [name, ...value] = page.cookie.split("=");
        await context.addCookies([{ name, value: value.join("="), url: baseUrl }]);
      }
      const tab = await context.newPage();
      const scripts = [];
      tab.on("response", (response) => {
        const url = response.url();
        const type = response.headers()["content-type"] ?? "";
        if (url.startsWith(baseUrl) && (type.includes("javascript") || /\.m?js(\?|$)/.test(url)))
          scripts.push(response);
      });
      const response = await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "networkidle" });
      if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`);
      const finalPath = new URL(tab.url()).pathname;
      let bytes = 0;
      const files = [];
      for (const script of scripts) {
        const body = await script.body().catch(() => null);
        if (!body) continue;
        const gzipped = zlib.gzipSync(body, { level: 9 }).length;
        bytes += gzipped;
        files.push({ file: new URL(script.url()).pathname, gzipped });
      }
      results[page.name] = { bytes, files, finalPath };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
