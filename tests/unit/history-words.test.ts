// `npm run lint` refuses a comment, doc or test title that names an issue or a work session
// (scripts/check-history-words.ts): it says how the code is and why; history is in git.
import { describe, expect, it } from "vitest";
import { historyWordsIn } from "../../scripts/check-history-words";

describe("the history words check", () => {
  it("finds an issue number or a work session, wherever it is", () => {
    const text = [
      "// Self-dispatch (issue 34): who may take a job.",
      "// Claims, from issues 36 and 54.",
      "/** See #54 for why. */",
      'test("the burst again, the thirteenth session", () => {});',
      "Measured in the third session.",
      "// Written in session 12.",
    ].join("\n");
    expect(historyWordsIn(text).map(([line]) => line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("lets the words through where they mean something else", () => {
    const text = [
      "/** Derived from the booking, so a double click makes no second session. */",
      "// A pending document of this session, and a user's sessions are listed on /account.",
      'const colour = "#1d4ed8";',
      "// Known issues are listed on the accessibility statement.",
    ].join("\n");
    expect(historyWordsIn(text)).toEqual([]);
  });
});
