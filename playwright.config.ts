import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// One shard per Playwright worker: its own database (scripts/with-test-db.mjs --databases),
// app servers, outbox and uploads, so that no test sees another worker's data. Each worker
// process loads this file too, and takes its shard's database and addresses from it.
const DATABASES = (process.env.RUN_DATABASE_URLS ?? process.env.DATABASE_URL ?? "").split(",");
const SHARDS = DATABASES.length;
const shardIn = (index: number) => {
  // Each shard's ports sit 50 up (parallel runs pick nearby ports, so not the very next ones).
  const appPort = PORT + 50 * index;
  // The Stripe-configured server sits 100 ports above its shard's app server.
  const stripeAppPort = appPort + 100;
  const data = path.resolve(".data/e2e", BUILD_DIR, `shard-${index}`);
  return {
    databaseUrl: DATABASES[index]!,
    appPort,
    stripeAppPort,
    outboxDir: path.join(data, "outbox"),
    uploadDir: path.join(data, "uploads"),
  };
};
const shards = Array.from({ length: SHARDS }, (_, index) => shardIn(index));
// In a worker, its shard (TEST_PARALLEL_INDEX, 0 in the main process); the app's modules the
// tests import (helpers.ts appDb, readOutbox) read these.
const own = shards[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]!;
if (own.databaseUrl) process.env.DATABASE_URL = own.databaseUrl;
process.env.OUTBOX_DIR = own.outboxDir;
process.env.UPLOAD_DIR = own.uploadDir;
process.env.E2E_STRIPE_APP_URL = `http://127.0.0.1:${own.stripeAppPort}`;
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
// The Stripe and PayPal stand-ins, shared by the shards (they keep nothing but what each
// request made, by its own id).
const STRIPE_STAND_IN_PORT = PORT + 200;
const PAYPAL_STAND_IN_PORT = PORT + 300;

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
  // Google Maps is configured but down (the app's own 404 answers for it): distances come
  // from the offline estimate, as without a key, and an address that estimate cannot place
  // is a failing distance service ("Quote Generation Failed", tests/e2e/quotes.spec.ts).
  GOOGLE_MAPS_API_KEY: "e2e-google-is-down",
  // Keys saved on /stripe-config are checked with Stripe and PayPal first: local stand-ins answer.
  STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`,
  PAYPAL_API_BASE: `http://127.0.0.1:${PAYPAL_STAND_IN_PORT}`,
};

export default defineConfig({
  testDir: "tests/e2e",
  // A spec file runs in one worker, its tests in order; the files are shared out.
  fullyParallel: false,
  workers: SHARDS,
  retries: process.env.CI ? 1 : 0,
  // Axe and whole flows on a 2-core machine, beside the other worker: some take over 30 s.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json"]],
  outputDir: `test-results/${BUILD_DIR}`,
  use: {
    baseURL: `http://127.0.0.1:${own.appPort}`,
    // A trace of a test's retry only (CI retries once): recording one for every test, to keep
    // the failures', took about 40 % of the run's CPU (screencast frames and DOM snapshots).
    // E2E_TRACE=on records every test's.
    trace: (process.env.E2E_TRACE ?? "on-first-retry") as "on-first-retry",
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
    ...shards
      .map((shard) => {
        const env = {
          ...APP_ENV,
          // (Run alone, without scripts/with-test-db.mjs, the servers keep the environment's own.)
          ...(shard.databaseUrl ? { DATABASE_URL: shard.databaseUrl } : {}),
          OUTBOX_DIR: shard.outboxDir,
          UPLOAD_DIR: shard.uploadDir,
          GOOGLE_MAPS_API_BASE: `http://127.0.0.1:${shard.appPort}/google-maps-is-down`,
          // Timed work once a night: no browser test waits on it, and the dispatch schedule would
          // otherwise offer every paid test booking to every nearby driver each minute, thousands
          // of messages for the servers to send (the schedules are tested in integration and in
          // tests/reliability).
          JOB_SCHEDULE_CRON: "0 3 * * *",
        };
        return [
          {
            // The production build against this shard's own database (see scripts/with-test-db.mjs).
            command: "tsx prisma/seed.ts && tsx server.ts",
            url: `http://127.0.0.1:${shard.appPort}/healthz`,
            reuseExistingServer: false,
            timeout: 120_000,
            // As `PORT=… npm start` runs the demo: no SITE_URL and no HOST (it listens on every
            // address and calls itself localhost), while the tests visit it as 127.0.0.1. Every
            // address it makes must follow the visitor (tests/e2e/any-port.spec.ts).
            env: { ...env, PORT: String(shard.appPort) },
          },
          {
            // A second app server, on the same database, with Stripe configured to use the
            // stand-in (tests/e2e/stripe.spec.ts). The first server stays on the built-in sandbox.
            command: "tsx server.ts",
            url: `http://127.0.0.1:${shard.stripeAppPort}/healthz`,
            reuseExistingServer: false,
            timeout: 120_000,
            env: {
              ...env,
              HOST: "127.0.0.1",
              PORT: String(shard.stripeAppPort),
              SITE_URL: `http://127.0.0.1:${shard.stripeAppPort}`,
              STRIPE_SECRET_KEY: "sk_test_e2e_stand_in",
              STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_stand_in",
              STRIPE_WEBHOOK_SECRET: "whsec_e2e_stand_in",
            },
          },
        ];
      })
      .flat(),
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
  ],
});
