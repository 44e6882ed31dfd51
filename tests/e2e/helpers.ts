import type { Page } from "@playwright/test";
import pg from "pg";

/** Waits for React to hydrate before a JS-on test interacts with the page. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } }).__remixRouter?.state?.initialized === true);
}

export const jsModes = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

export async function withDb<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A session cookie for a seeded user, made by the app's own sign-in code (startUserSession). */
export async function sessionCookieFor(email: string, baseURL: string) {
  // Imported here, not at the top: the app's modules read the environment that
  // playwright.config.ts sets for this process (the e2e server's secret and database).
  const [{ db }, { startUserSession }] = await Promise.all([import("~/server/db.server"), import("~/server/auth.server")]);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, role: true } });
  if (!user) throw new Error(`No seeded user ${email}`);
  const [name, ...value] = (await startUserSession(new Request(baseURL), user)).split(";")[0]!.split("=");
  return { name: name!, value: value.join("="), url: baseURL };
}
