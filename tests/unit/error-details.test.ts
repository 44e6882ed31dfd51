import { describe, expect, it } from "vitest";
import { errorDetailsToShow } from "~/utils/error-details";

describe("error page details", () => {
  it("never show a stack trace in production", () => {
    expect(errorDetailsToShow(new Error("database password is hunter2"), false)).toBeNull();
  });

  it("help developers in development", () => {
    expect(errorDetailsToShow(new Error("boom"), true)).toContain("boom");
    expect(errorDetailsToShow("not an error", true)).toBeNull();
  });
});
