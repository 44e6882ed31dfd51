// The honeypot on the public forms: people (and API clients, who send no honeypot fields)
// pass; a bot that fills the hidden field, or forges its signed time, gets an ordinary
// answer while nothing is created.
import { describe, expect, it } from "vitest";
import { action as signUpAction } from "~/routes/_auth+/signup";
import { action as calculatorAction } from "~/routes/_quote+/calculator";
import { action as applyAction } from "~/routes/api+/drivers.apply";
import { db } from "~/server/platform/db.server";
import { honeypot } from "~/server/platform/honeypot.server";
import { HONEYPOT_FIELDS } from "~/utils/honeypot-fields";
import { call, formRequest, jsonRequest, unique, uniqueIp } from "./auth-helpers";

const { nameFieldName, validFromFieldName } = HONEYPOT_FIELDS;
/** What a rendered form carries: the empty trap and its signed render time. */
const asRendered = (filled = "") => ({
  [nameFieldName]: filled,
  [validFromFieldName]: honeypot.getInputProps({ validFromTimestamp: Date.now() - 1000 }).encryptedValidFrom!,
});

// isSpam itself is unit-tested (tests/unit/honeypot.test.ts); here, what each form does with it.
describe("the public forms", () => {
  it("sign-up: a bot is sent on as if signed up, and no account is made", async () => {
    const email = `bot-${unique()}@example.com`;
    const fields = { username: "Bot", email, password: "long-enough-1", confirmPassword: "long-enough-1" };
    const outcome = await call(
      signUpAction,
      formRequest("/signup", { ...fields, ...asRendered("filled") }, { ip: uniqueIp() }),
    );
    expect([302, 303]).toContain(outcome.status);
    expect(outcome.location).toBe("/");
    expect(outcome.headers.get("Set-Cookie")).toBeNull();
    expect(await db.user.count({ where: { email } })).toBe(0);

    const person = await call(signUpAction, formRequest("/signup", { ...fields, ...asRendered() }, { ip: uniqueIp() }));
    expect(person.status).toBe(302);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("quote form: a bot gets the empty form back and no quote is saved", async () => {
    const pickupAddress = `${unique()} Grey Street, Newcastle NE1 6EE`;
    const fields = {
      __form__: "calculator-form",
      pickupAddress,
      deliveryAddress: "40 Osborne Road, Newcastle NE2 2AL",
      moveDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      moveTime: "09:00",
      vanSize: "small",
      helpers: "0",
    };
    const bot = await call(calculatorAction, formRequest("/calculator", { ...fields, ...asRendered("filled") }));
    expect(bot.status).toBe(303);
    expect(bot.location).toBe("/calculator");
    expect(await db.quote.count({ where: { pickupAddress } })).toBe(0);

    const person = await call(calculatorAction, formRequest("/calculator", { ...fields, ...asRendered() }));
    expect(person.location).toMatch(/^\/calculator\?quote=/);
    expect(await db.quote.count({ where: { pickupAddress } })).toBe(1);
  });

  it("driver application (JSON, as the page's JavaScript sends it): a bot is answered 201 and nothing is saved", async () => {
    const email = `bot-driver-${unique()}@example.com`;
    const outcome = await call(
      applyAction,
      jsonRequest("/api/drivers/apply", { name: "Bot Driver", email, ...asRendered("filled") }, { ip: uniqueIp() }),
    );
    expect(outcome.status).toBe(201);
    expect(outcome.body).toEqual({ success: true, message: "Application submitted successfully" });
    expect(await db.driver.count({ where: { email } })).toBe(0);
  });
});
