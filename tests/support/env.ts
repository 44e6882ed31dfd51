// Configuration a test changes is scoped and undone, so one file's (or block's, or test's)
// values never leak into the next: the app's `env` is one object that every module shares.
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { env } from "~/server/platform/env.server";

type EnvValues = { -readonly [K in keyof typeof env]?: (typeof env)[K] };

function apply(values: EnvValues): EnvValues {
  const keys = Object.keys(values) as (keyof EnvValues)[];
  const saved = Object.fromEntries(keys.map((key) => [key, env[key]])) as EnvValues;
  Object.assign(env, values);
  return saved;
}

/**
 * These values for the enclosing file or describe block; the old ones come back after it.
 * A function gives values known only once the block runs (a stand-in's address).
 */
export function useEnv(values: EnvValues | (() => EnvValues)) {
  let saved: EnvValues = {};
  beforeAll(() => {
    saved = apply(typeof values === "function" ? values() : values);
  });
  afterAll(() => {
    Object.assign(env, saved);
  });
}

/** These values for the running test only; the old ones come back when it ends. */
export function setEnv(values: EnvValues) {
  const saved = apply(values);
  onTestFinished(() => {
    Object.assign(env, saved);
  });
}

/** The configuration that points the app's PayPal client at a running stand-in (paypal-stand-in.ts). */
export const payPalEnv = (standIn: { clientId: string; clientSecret: string; baseUrl: string }): EnvValues => ({
  PAYPAL_CLIENT_ID: standIn.clientId,
  PAYPAL_CLIENT_SECRET: standIn.clientSecret,
  PAYPAL_API_BASE: standIn.baseUrl,
});
