// How a message is retried (domain/message-delivery.ts): the first retry within a minute, never
// more than 30 minutes apart, for at least 48 hours; a permanent refusal is not retried.
import { describe, expect, it } from "vitest";
import {
  isPermanentRefusal,
  KEEP_TRYING_HOURS,
  LONGEST_RETRY_SECONDS,
  messageKey,
  retryLimit,
  retryWaitSeconds,
} from "~/domain/message-delivery";

describe("retries", () => {
  it("retries first within a minute", () => {
    expect(retryWaitSeconds(1).longest).toBeLessThanOrEqual(60);
    expect(retryWaitSeconds(1).shortest).toBeGreaterThan(0);
  });

  it("backs off, and never waits more than 30 minutes", () => {
    for (let retry = 1; retry < 200; retry++) {
      const wait = retryWaitSeconds(retry);
      expect(wait.longest).toBeLessThanOrEqual(LONGEST_RETRY_SECONDS);
      expect(wait.shortest).toBeLessThanOrEqual(wait.longest);
      if (retry > 1) expect(wait.shortest).toBeGreaterThanOrEqual(retryWaitSeconds(retry - 1).shortest);
    }
    expect(retryWaitSeconds(2).shortest).toBeGreaterThan(retryWaitSeconds(1).shortest);
    expect(retryWaitSeconds(50)).toEqual({ shortest: LONGEST_RETRY_SECONDS, longest: LONGEST_RETRY_SECONDS });
  });

  it("keeps trying for at least 48 hours even when every wait is the shortest, and not for days more", () => {
    const limit = retryLimit();
    const shortestTotal = Array.from({ length: limit }, (_, index) => retryWaitSeconds(index + 1).shortest).reduce(
      (sum, wait) => sum + wait,
    );
    const longestTotal = Array.from({ length: limit }, (_, index) => retryWaitSeconds(index + 1).longest).reduce(
      (sum, wait) => sum + wait,
    );
    expect(shortestTotal).toBeGreaterThanOrEqual(KEEP_TRYING_HOURS * 3600);
    expect(longestTotal).toBeLessThan((KEEP_TRYING_HOURS + 6) * 3600);
  });
});

describe("permanent refusals", () => {
  it("an SMTP 5xx (no such mailbox) is permanent; a 4xx or a connection error is not", () => {
    expect(isPermanentRefusal(Object.assign(new Error("550 5.1.1 no such user"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentRefusal(Object.assign(new Error("451 try later"), { responseCode: 451 }))).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });

  it("Twilio's 4xx (not a valid number, unsubscribed) is permanent; 429 and 5xx are not", () => {
    expect(isPermanentRefusal({ status: 400, code: 21211 })).toBe(true);
    expect(isPermanentRefusal({ status: 400, code: 21610 })).toBe(true);
    expect(isPermanentRefusal({ status: 429 })).toBe(false);
    expect(isPermanentRefusal({ status: 503 })).toBe(false);
  });
});

it("a message's key names the event and what it is about", () => {
  expect(messageKey("booking-confirmed", "b1")).toBe("booking-confirmed:b1");
  expect(messageKey("driver-assigned", "b1", "d2")).toBe("driver-assigned:b1:d2");
});
