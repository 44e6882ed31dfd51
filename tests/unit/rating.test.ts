// The rating rules: the average in tenths (rounded half up, whole-number arithmetic), and the
// forms' schemas for a rating and a help request, with the messages a customer reads.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { averageTenths, averageTenthsOf, ratingText, siteRatingOf } from "~/domain/ratings";
import { HELP_MESSAGE_MAX, HELP_MESSAGES, helpRequestSchema } from "~/schemas/help-request";
import { RATING_COMMENT_MAX, RATING_MESSAGES, ratingSchema } from "~/schemas/rating";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const parseRating = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ratingSchema });
const parseHelp = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: helpRequestSchema });

/** A refused form's errors by field (none for an accepted one). */
const errorsOf = (
  result: { status?: string; error?: Record<string, string[] | null> | null } | { status: "success" },
) => ("error" in result && result.status === "error" ? (result.error ?? {}) : {});

describe("a driver's average rating", () => {
  it("is the average of the stars in tenths, rounded", () => {
    expect(averageTenthsOf([5, 4, 4])).toBe(43);
    expect(averageTenthsOf([5, 5, 4])).toBe(47);
    expect(averageTenthsOf([5])).toBe(50);
    expect(averageTenthsOf([1, 2])).toBe(15);
    expect(averageTenthsOf([3, 3, 3, 3, 3, 3, 4])).toBe(31); // 3.142…
  });

  it("rounds a half up, decided in whole numbers (4.45 is 45, 4.25 is 43)", () => {
    // 89 / 20 = 4.45 and 17 / 4 = 4.25: floating point would hold these as 4.4499… and 42.4999…
    expect(averageTenths(89, 20)).toBe(45);
    expect(averageTenths(17, 4)).toBe(43);
    expect(averageTenths(9, 2)).toBe(45);
  });

  it("is null with no ratings", () => {
    expect(averageTenthsOf([])).toBeNull();
    expect(averageTenths(0, 0)).toBeNull();
  });

  it("reads as one decimal", () => {
    expect(ratingText(43)).toBe("4.3");
    expect(ratingText(50)).toBe("5.0");
    expect(ratingText(null)).toBeNull();
  });
});

describe("the rating form", () => {
  it("takes 1 to 5 whole stars and an optional comment, trimmed", () => {
    const starsOnly = parseRating({ stars: "4" });
    expect(starsOnly).toMatchObject({ status: "success", value: { stars: 4 } });
    expect(starsOnly.status === "success" && starsOnly.value.comment).toBeUndefined();
    expect(parseRating({ stars: "1", comment: "  Late but careful  " })).toMatchObject({
      status: "success",
      value: { stars: 1, comment: "Late but careful" },
    });
    const blank = parseRating({ stars: "5", comment: "   " });
    expect(blank.status === "success" && blank.value).toEqual({ stars: 5, comment: undefined });
  });

  it.each([
    [{}],
    [{ stars: "" }],
    [{ stars: "0" }],
    [{ stars: "6" }],
    [{ stars: "4.5" }],
    [{ stars: "five" }],
    [{ stars: "-1" }],
  ])("refuses %j with one clear message", (fields) => {
    const result = parseRating(fields as Record<string, string>);
    expect(result.status).toBe("error");
    expect(errorsOf(result).stars).toEqual([RATING_MESSAGES.starsRequired]);
  });

  it(`caps the comment at ${RATING_COMMENT_MAX} characters`, () => {
    expect(parseRating({ stars: "3", comment: "x".repeat(RATING_COMMENT_MAX) }).status).toBe("success");
    expect(errorsOf(parseRating({ stars: "3", comment: "x".repeat(RATING_COMMENT_MAX + 1) })).comment).toEqual([
      RATING_MESSAGES.commentTooLong,
    ]);
  });
});

describe("the help request form", () => {
  it("stores a change request or a support request with its message", () => {
    expect(parseHelp({ kind: "change_request", message: " Please come at 10 " })).toMatchObject({
      status: "success",
      value: { kind: "change_request", message: "Please come at 10", latitude: null, longitude: null },
    });
    expect(parseHelp({ kind: "support", message: "Help" })).toMatchObject({
      status: "success",
      value: { kind: "support" },
    });
  });

  it("needs a message for a change or support request, each kind with its own words", () => {
    expect(errorsOf(parseHelp({ kind: "change_request" })).message).toEqual([
      HELP_MESSAGES.messageRequired.change_request,
    ]);
    expect(errorsOf(parseHelp({ kind: "support", message: "   " })).message).toEqual([
      HELP_MESSAGES.messageRequired.support,
    ]);
    expect(errorsOf(parseHelp({ kind: "location_share" })).message).toEqual([
      HELP_MESSAGES.messageRequired.location_share,
    ]);
  });

  it("shares a location by coordinates (no message needed) or by words", () => {
    expect(parseHelp({ kind: "location_share", latitude: "54.9783", longitude: "-1.6178" })).toMatchObject({
      status: "success",
      value: { kind: "location_share", latitude: 54.9783, longitude: -1.6178, message: "Shared my location" },
    });
    expect(parseHelp({ kind: "location_share", message: "By the blue door" })).toMatchObject({
      status: "success",
      value: { message: "By the blue door", latitude: null, longitude: null },
    });
  });

  it("refuses coordinates off the globe, or only one of the two", () => {
    expect(errorsOf(parseHelp({ kind: "location_share", latitude: "91", longitude: "0" })).latitude).toEqual([
      HELP_MESSAGES.invalidLocation,
    ]);
    expect(errorsOf(parseHelp({ kind: "location_share", latitude: "50", longitude: "abc" })).longitude).toEqual([
      HELP_MESSAGES.invalidLocation,
    ]);
    expect(errorsOf(parseHelp({ kind: "location_share", latitude: "50", message: "here" })).message).toEqual([
      HELP_MESSAGES.invalidLocation,
    ]);
  });

  it("ignores coordinates sent with another kind", () => {
    expect(parseHelp({ kind: "support", message: "Hi", latitude: "50", longitude: "1" })).toMatchObject({
      status: "success",
      value: { latitude: null, longitude: null },
    });
  });

  it("refuses an unknown kind and an over-long message", () => {
    expect(errorsOf(parseHelp({ kind: "refund_me", message: "x" })).kind).toEqual([HELP_MESSAGES.invalidKind]);
    // A problem report is a kind of its own (whether it may be filed is the server's rule: 48 hours).
    expect(errorsOf(parseHelp({ kind: "complaint", message: "x" }))).toEqual({});
    expect(errorsOf(parseHelp({ kind: "support", message: "x".repeat(HELP_MESSAGE_MAX + 1) })).message).toEqual([
      HELP_MESSAGES.messageTooLong,
    ]);
  });
});

describe("the site's rating", () => {
  it("is stated only from 10 ratings of completed moves, as their average to one decimal", () => {
    expect(siteRatingOf(45, 9)).toBeNull();
    expect(siteRatingOf(0, 0)).toBeNull();
    expect(siteRatingOf(46, 10)).toEqual({ value: "4.6", count: 10 });
    expect(siteRatingOf(5 * 1249 + 4, 1250)).toEqual({ value: "5.0", count: 1250 });
  });
});
