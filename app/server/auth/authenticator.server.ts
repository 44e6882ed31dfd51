// Sign-in for customers, drivers and admins goes through remix-auth's Authenticator with
// remix-auth-form's FormStrategy: "user" for /signin and the sign-in dialog, "admin" for
// /admin/login; the JSON API hands its fields to the same strategies as a form. Each
// strategy validates the form (the page's zod schema) and checks the credentials with
// signIn() (argon2id, the same work for unknown e-mails, rate limits); the caller then
// starts a session or issues a token.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { adminLoginSchema, signInSchema } from "~/schemas/auth";
import { clientAddress } from "~/server/platform/client-address.server";
import { signIn, type SignInResult } from "./auth.server";

// remix-auth hands a strategy a copy of the request alone; the client's address (the key of
// the sign-in rate limits) reaches it through the call's async context instead.
const signInClient = new AsyncLocalStorage<string>();

type SignInFields = { email: string; password: string; redirectTo?: string };

type Checked = Extract<Submission<SignInFields>, { status: "success" }>;
type Refused = Exclude<Submission<SignInFields>, { status: "success" }>;

/** The form as parsed, and the credentials' verdict (none when the form itself is incomplete). */
export type SignInAttempt = { submission: Checked; result: SignInResult } | { submission: Refused; result: null };

function formStrategy(schema: typeof signInSchema | typeof adminLoginSchema, adminOnly: boolean) {
  return new FormStrategy<SignInAttempt>(async ({ form }) => {
    const submission: Submission<SignInFields> = parseWithZod(form, { schema });
    if (submission.status !== "success") return { submission, result: null };
    const { email, password } = submission.value;
    return {
      submission,
      result: await signIn({ email, password, ip: signInClient.getStore() ?? clientAddress(undefined), adminOnly }),
    };
  });
}

export const authenticator = new Authenticator<SignInAttempt>()
  .use(formStrategy(signInSchema, false), "user")
  .use(formStrategy(adminLoginSchema, true), "admin");

export type SignInStrategy = "user" | "admin";

/** A page's sign-in: the request's own form, from the client at `address` (context.clientAddress). */
export function authenticateForm(strategy: SignInStrategy, request: Request, address: string) {
  return signInClient.run(address, () => authenticator.authenticate(strategy, request));
}

/** The JSON API's sign-in: its body's text fields, given to the strategy as a form post. */
export function authenticateFields(
  strategy: SignInStrategy,
  request: Request,
  address: string,
  fields: Record<string, unknown>,
) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string") form.set(name, value);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/x-www-form-urlencoded");
  return authenticateForm(strategy, new Request(request.url, { method: "POST", headers, body: form }), address);
}
