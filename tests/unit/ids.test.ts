import { describe, expect, it } from "vitest";
import { createId } from "~/server/platform/ids.server";

describe("createId", () => {
  it("makes ids of the shape of Prisma's cuid(): 25 characters, 'c' and base 36", () => {
    expect(createId()).toMatch(/^c[0-9a-z]{24}$/);
  });

  it("never repeats within a burst, and sorts by time", () => {
    const ids = Array.from({ length: 10_000 }, () => createId());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]!.slice(1, 9) <= ids.at(-1)!.slice(1, 9)).toBe(true);
  });
});
