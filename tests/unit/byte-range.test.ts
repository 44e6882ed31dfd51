import { describe, expect, it } from "vitest";
import { parseByteRange } from "~/server/platform/byte-range.server";

describe("parseByteRange", () => {
  it("reads one range of the three forms, clipped to the size", () => {
    expect(parseByteRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("answers ranges past the end or backwards as unsatisfiable", () => {
    expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=50-10", 1000)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });

  it("sends the whole document for no header, other units, several ranges or nonsense", () => {
    for (const header of [null, "", "items=0-1", "bytes=0-1,5-9", "bytes=-", "bytes=a-b"])
      expect(parseByteRange(header, 1000)).toBeNull();
  });
});
