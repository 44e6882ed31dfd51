// Counted words follow English plural rules (domain/plural.ts, Intl.PluralRules) everywhere: no
// screen says "1 photos", and no module picks a word with a hand-written `=== 1 ?`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countOf, pluralWord } from "~/domain/plural";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("counted words", () => {
  it("says 1 photo, 2 photos and 0 photos", () => {
    expect(countOf(1, "photo")).toBe("1 photo");
    expect(countOf(2, "photo")).toBe("2 photos");
    expect(countOf(0, "photo")).toBe("0 photos");
    expect(pluralWord(1, "a stop is", "stops are")).toBe("a stop is");
  });

  it("are never chosen by hand in the app's code", () => {
    const handMade = /[=!]== 1 \? ["'`]/;
    const offenders = sourceFiles("app").filter((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .some((line) => handMade.test(line)),
    );
    expect(offenders).toEqual([]);
  });
});
