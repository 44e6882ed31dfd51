// The accessibility statement's report form (/accessibility): a report reaches the support
// inbox and the reporter gets a copy; bad input is a 400 with each field's message and the
// input kept; a bot is thanked and nothing is sent; a flood is refused. And a page's action
// that answers with errors marks its title "Error: " (server/platform/form-errors.server.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/accessibility";
import { ACCESSIBILITY_REPORT_MESSAGES } from "~/schemas/accessibility-report-messages";
import { env } from "~/server/platform/env.server";
import { withFormErrorTitle } from "~/server/platform/form-errors.server";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";
import { useEnv } from "../support/env";
import { call, formRequest, unique, uniqueIp } from "./auth-helpers";
import { readOutbox } from "./messages";

let outbox: string;
beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "a11y-outbox-"));
});
useEnv(() => ({ OUTBOX_DIR: outbox }));
afterAll(async () => {
  await fs.rm(outbox, { recursive: true, force: true });
});

const report = (email: string) => ({
  name: "Sam Reader",
  email,
  page: "/checkout",
  problem: "The pay button is not read out by my screen reader.",
});

describe("POST /accessibility", () => {
  it("sends the report to the support inbox and a copy to the reporter", async () => {
    const email = `reporter-${unique()}@example.com`;
    const outcome = await call(action, formRequest("/accessibility", report(email), { enhanced: true }));
    expect(outcome.status).toBe(200);
    expect(outcome.body.status).toBe("success");
    const toSupport = (await readOutbox(env.SUPPORT_EMAIL)).filter((mail) => mail.text.includes(email));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.subject).toBe("Accessibility problem reported: /checkout");
    expect(toSupport[0]!.text).toContain("The pay button is not read out by my screen reader.");
    const copy = await readOutbox(email);
    expect(copy).toHaveLength(1);
    expect(copy[0]!.text).toContain("We reply within 5 working days.");
    expect(copy[0]!.text).toContain("The pay button is not read out");
  });

  it("without JavaScript, answers with a redirect to the statement that says it was sent", async () => {
    const outcome = await call(action, formRequest("/accessibility", report(`plain-${unique()}@example.com`)));
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/accessibility?sent=1#report");
  });

  it("refuses a report without an e-mail or a problem: a 400, each field's own message, the input kept", async () => {
    const outcome = await call(
      action,
      formRequest("/accessibility", { name: "Kim", email: "not-an-address", page: "/quote", problem: "  " }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.email).toEqual([ACCESSIBILITY_REPORT_MESSAGES.emailInvalid]);
    expect(outcome.body.error.problem).toEqual([ACCESSIBILITY_REPORT_MESSAGES.problem]);
    expect(outcome.body.initialValue).toMatchObject({ name: "Kim", email: "not-an-address", page: "/quote" });
  });

  it("thanks a bot that fills the honeypot and sends nothing", async () => {
    const email = `bot-${unique()}@example.com`;
    const outcome = await call(
      action,
      formRequest("/accessibility", { ...report(email), [HONEYPOT_FIELDS.nameFieldName]: "spam" }),
    );
    expect(outcome.status).toBe(200);
    expect(await readOutbox(email)).toEqual([]);
  });

  it("refuses a sixth report from one address within the hour (429)", async () => {
    const ip = uniqueIp();
    for (let n = 0; n < 5; n++)
      expect(
        (
          await call(
            action,
            formRequest("/accessibility", report(`flood-${unique()}@example.com`), { ip, enhanced: true }),
          )
        ).status,
      ).toBe(200);
    const refused = await call(action, formRequest("/accessibility", report(`flood-${unique()}@example.com`), { ip }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("a page answering a form with errors", () => {
  const run = async (status: number) => {
    const context = {} as AppLoadContext;
    const wrapped = withFormErrorTitle(async () => data({ ok: status < 400 }, { status }));
    await wrapped({ request: new Request("http://localhost/"), params: {}, context } as ActionFunctionArgs);
    return context.formErrors === true;
  };

  it("marks the request for an 'Error: ' title on a 400 or a 422, not on a success or a refusal", async () => {
    expect(await run(400)).toBe(true);
    expect(await run(422)).toBe(true);
    expect(await run(200)).toBe(false);
    expect(await run(429)).toBe(false);
    const context = {} as AppLoadContext;
    await withFormErrorTitle(async () => new Response("bad", { status: 400 }))({
      request: new Request("http://localhost/"),
      params: {},
      context,
    } as ActionFunctionArgs);
    expect(context.formErrors).toBe(true);
  });
});
