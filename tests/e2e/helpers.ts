import { createCookieSessionStorage } from "@remix-run/node";
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

/** A signed session cookie for a seeded user, made the way the app makes them. */
export async function sessionCookieFor(email: string, baseURL: string) {
  const sessionId = await withDb(async (client) => {
    const user = await client.query<{ id: string }>(`select id from "User" where email = $1`, [email]);
    if (!user.rows[0]) throw new Error(`No seeded user ${email}`);
    const id = `e2e${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    await client.query(`insert into "Session" (id, "userId", "expiresAt") values ($1, $2, now() + interval '1 day')`, [id, user.rows[0].id]);
    return id;
  });
  const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: ["e2e-session-secret"], path: "/", httpOnly: true, sameSite: "lax" } });
  const session = await storage.getSession();
  session.set("sessionId", sessionId);
  const value = (await storage.commitSession(session)).split(";")[0]!.split("=").slice(1).join("=");
  return { name: "__session", value, url: baseURL };
}
