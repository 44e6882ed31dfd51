import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// The e2e server's e-mails and uploads stay apart from the local demo's (and from other
// parallel runs); tests read the outbox through the same variable.
const E2E_DATA = path.resolve(".data/e2e", BUILD_DIR);
process.env.OUTBOX_DIR = path.join(E2E_DATA, "outbox");
process.env.UPLOAD_DIR = path.join(E2E_DATA, "uploads");
// The e2e server's session secret: tests that sign in through the app's session code
// (tests/e2e/helpers.ts) make cookies the server accepts.
const SESSION_SECRET = "e2e-session-secret";
process.env.SESSION_SECRET = SESSION_SECRET;
// Debian's headless shell when present: a third faster on these 2-core machines than full
// Chromium in headless mode (E2E_CHROMIUM picks another).
const chromium = [
  process.env.E2E_CHROMIUM ?? "",
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].find((path) => fs.existsSync(path));
// The Stripe-configured server and its Stripe stand-in sit 100 and 200 ports up (parallel runs
// pick nearby ports, so not the very next ones).
const STRIPE_APP_PORT = PORT + 100;
const STRIPE_STAND_IN_PORT = PORT + 200;
const PAYPAL_STAND_IN_PORT = PORT + 300;
process.env.E2E_STRIPE_APP_URL = `http://127.0.0.1:${STRIPE_APP_PORT}`;

const APP_ENV = {
  NODE_ENV: "production",
  // A throwaway test database (scripts/with-test-db.mjs): a local demo, not production.
  LOCAL_DATABASE: "1",
  // The tests stand in for many clients behind one proxy, each with its own X-Forwarded-For
  // (helpers.ts randomIp), so that one test's rate limits never touch another's.
  TRUSTED_PROXY_HOPS: "1",
  ACCESS_LOG: "off",
  // Most tests send no address of their own and so share one; quotes are many across the run.
  API_RATE_LIMIT_PER_MINUTE: "600",
  BUILD_DIR,
  SESSION_SECRET,
  ENCRYPTION_KEY: "e2e-encryption-key",
  ADMIN_REGISTRATION_KEY: "e2e-admin-key",
  OUTBOX_DIR: process.env.OUTBOX_DIR!,
  UPLOAD_DIR: process.env.UPLOAD_DIR!,
  // Google Maps is configured but down (the app's own 404 answers for it): distances come
  // from the offline estimate, as without a key, and an address that estimate cannot place
  // is a failing distance service ("Quote Generation Failed", tests/e2e/quotes.spec.ts).
  GOOGLE_MAPS_API_KEY: "e2e-google-is-down",
  GOOGLE_MAPS_API_BASE: `http://127.0.0.1:${PORT}/google-maps-is-down`,
  // Keys saved on /stripe-config are checked with Stripe and PayPal first: local stand-ins answer.
  STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`,
  PAYPAL_API_BASE: `http://127.0.0.1:${PAYPAL_STAND_IN_PORT}`,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json"]],
  outputDir: `test-results/${BUILD_DIR}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Debian's Chromium when present (Playwright's own download is not reachable here).
          executablePath: chromium,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // The production build against this run's own database (see scripts/with-test-db.mjs).
      command: "tsx prisma/seed.ts && tsx server.ts",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // As `PORT=… npm start` runs the demo: no SITE_URL and no HOST (it listens on every
      // address and calls itself localhost), while the tests visit it as 127.0.0.1. Every
      // address it makes must follow the visitor (tests/e2e/any-port.spec.ts).
      env: { ...APP_ENV, PORT: String(PORT) },
    },
    {
      // A local stand-in of Stripe's API with its hosted payment page ...
      command: `tsx tests/support/run-stripe-stand-in.ts ${STRIPE_STAND_IN_PORT}`,
      url: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}/v1/checkout/sessions/ready`, // 401 without a key: up
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // PayPal credentials saved on /stripe-config are checked against a stand-in too.
      command: `tsx tests/support/run-paypal-stand-in.ts ${PAYPAL_STAND_IN_PORT}`,
      url: `http://127.0.0.1:${PAYPAL_STAND_IN_PORT}/v2/checkout/orders/ready`, // 401 without a token: up
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // ... and a second app server, on the same database, with Stripe configured to use it
      // (tests/e2e/stripe.spec.ts). The first server stays on the built-in sandbox.
      command: "tsx server.ts",
      url: `http://127.0.0.1:${STRIPE_APP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...APP_ENV,
        HOST: "127.0.0.1",
        PORT: String(STRIPE_APP_PORT),
        SITE_URL: `http://127.0.0.1:${STRIPE_APP_PORT}`,
        STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
        STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_stand_in",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_stand_in",
      },
    },
  ],
});
