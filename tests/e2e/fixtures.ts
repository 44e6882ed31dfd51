// The e2e tests' own `test`: Playwright's, with the signed-in states they share as fixtures.
// A spec imports `test` and `expect` (and Playwright's types) from here. Sessions are made by
// the app's own sign-in code (helpers.ts sessionCookieFor), so no test types a password it
// does not mean to test.
import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { appDb, sessionCookieFor, uniqueEmail } from "./helpers";

export * from "@playwright/test";

type Target = { context?: BrowserContext; origin?: string };

type Fixtures = {
  /** Signs a user (seeded or made by the test) in on a browser context: the test's own by default. */
  signIn: (email: string, target?: Target) => Promise<void>;
  /** Makes a new customer and signs them in (the test's context by default): their e-mail. */
  newCustomer: (options?: { username?: string; prefix?: string } & Target) => Promise<string>;
  /** A page of its own browser context (a second person, or a second device), signed in as the user; closed after the test. */
  signedInPage: (email: string, options?: BrowserContextOptions) => Promise<Page>;
};

export type SignIn = Fixtures["signIn"];
export type NewCustomer = Fixtures["newCustomer"];

export const test = base.extend<Fixtures>({
  signIn: async ({ context, baseURL }, use) => {
    await use(async (email, { context: target = context, origin = baseURL! } = {}) => {
      await target.addCookies([await sessionCookieFor(email, origin)]);
    });
  },
  newCustomer: async ({ signIn }, use) => {
    await use(async ({ username = "Pat Customer", prefix = "customer", ...target } = {}) => {
      const email = uniqueEmail(prefix);
      await (await appDb()).user.create({ data: { username, email } });
      await signIn(email, target);
      return email;
    });
  },
  signedInPage: async ({ browser, baseURL, signIn }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email, options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      await signIn(email, { context });
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
