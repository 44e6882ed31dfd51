import { describe, expect, it } from "vitest";
import { formatDistance, formatDuration } from "~/domain/distance";
import { lastSeenText } from "~/domain/live-position";
import { countOf, pluralWord } from "~/domain/plural";
import { estimatedTimeText } from "~/domain/pricing";
import { helpersText } from "~/domain/vans";

describe("counted words follow English plural rules", () => {
  it("one, many, none and fractions", () => {
    expect(countOf(1, "minute")).toBe("1 minute");
    expect(countOf(2, "minute")).toBe("2 minutes");
    expect(countOf(0, "helper")).toBe("0 helpers");
    expect(countOf(2.5, "hour")).toBe("2.5 hours");
    expect(countOf(1, "browser")).toBe("1 browser");
    expect(pluralWord(1, "was", "were")).toBe("was");
    expect(pluralWord(3, "was", "were")).toBe("were");
  });

  it("reach every place a count is worded", () => {
    expect(formatDuration(1)).toBe("1 min");
    expect(formatDuration(61)).toBe("1 hour 1 min");
    expect(formatDuration(120)).toBe("2 hours");
    expect(formatDistance(1)).toBe("1.0 mile");
    expect(formatDistance(3.4)).toBe("3.4 miles");
    expect([0, 1, 2].map(helpersText)).toEqual(["no helpers", "1 helper", "2 helpers"]);
    expect(estimatedTimeText(1)).toBe("1 hour");
    expect(estimatedTimeText(3.5)).toBe("3.5 hours");
    const now = new Date("2026-11-26T12:00:00Z");
    expect(lastSeenText(new Date("2026-11-26T10:59:00Z"), now)).toBe("last seen 1 hour ago");
    expect(lastSeenText(new Date("2026-11-26T09:59:00Z"), now)).toBe("last seen 2 hours ago");
  });
});
