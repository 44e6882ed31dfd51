// Lighthouse (the npm package) in its default mobile profile on /usr/bin/chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM } from "./js-size.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The four scores (0-100) and LCP (ms), CLS, TBT (ms) of each page. */
export async function runLighthouse(baseUrl, pages, { debuggingPort } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    port: debuggingPort,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-dev-shm-usage",
    ],
  });
  const results = {};
  try {
    for (const page of pages) {
      // A trace that could not be recorded (NO_NAVSTART and the like) is tried once more.
      let runnerResult;
      for (let attempt = 0; attempt < 2 && (!runnerResult || runnerResult.lhr.runtimeError); attempt++)
        runnerResult = await lighthouse(`${baseUrl}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        });
      const { categories, audits } = runnerResult.lhr;
      results[page.name] = {
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])),
        lcpMs: audits["largest-contentful-paint"]?.numericValue,
        cls: audits["cumulative-layout-shift"]?.numericValue,
        tbtMs: audits["total-blocking-time"]?.numericValue,
        error: runnerResult.lhr.runtimeError?.message ?? null,
        failing: CATEGORIES.flatMap((id) =>
          (categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 0.9)
            .map((ref) => ref.id),
        ),
      };
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
