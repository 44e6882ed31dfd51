import { describe, expect, it } from "vitest";
import { formatPounds, pct, penceToPounds, poundsToPence } from "../../app/domain/money";

describe("pct", () => {
  it("rounds half up to the penny", () => {
    expect(pct(10290, 2500)).toBe(2573); // 2572.5 -> 2573
    expect(pct(2573, 2000)).toBe(515); // 514.6 -> 515
    expect(pct(3900, 11000)).toBe(4290);
    expect(pct(1, 5000)).toBe(1); // 0.5 -> 1
    expect(pct(1, 4999)).toBe(0);
    expect(pct(0, 2500)).toBe(0);
    expect(pct(12345, 0)).toBe(0);
    expect(pct(12345, 10000)).toBe(12345);
  });

  it("matches the formula exactly on a sweep of values", () => {
    for (let pence = 0; pence < 3000; pence += 7) {
      for (const bp of [1, 500, 800, 1000, 1300, 2000, 2500, 5000, 11000, 13000]) {
        expect(pct(pence, bp)).toBe(Math.floor((pence * bp + 5000) / 10000));
      }
    }
  });

  it("stays exact for very large amounts", () => {
    // 2^53 / 10^4 region: float division alone could round the wrong way here.
    const big = 900_719_925_474; // ~ 9e11 pence
    const expected = (BigInt(big) * 2500n + 5000n) / 10000n;
    expect(pct(big, 2500)).toBe(Number(expected));
    const huge = 4_000_000_000_000; // product beyond 2^53 -> BigInt path
    expect(pct(huge, 12345)).toBe(Number((BigInt(huge) * 12345n + 5000n) / 10000n));
  });

  it("rejects non-integers", () => {
    expect(() => pct(10.5, 100)).toThrow();
    expect(() => pct(100, 12.5)).toThrow();
  });
});

describe("formatPounds", () => {
  it("uses a pound sign, two decimals and en-GB grouping", () => {
    expect(formatPounds(0)).toBe("£0.00");
    expect(formatPounds(5)).toBe("£0.05");
    expect(formatPounds(10805)).toBe("£108.05");
    expect(formatPounds(123450)).toBe("£1,234.50");
    expect(formatPounds(123456789)).toBe("£1,234,567.89");
    expect(formatPounds(100000000)).toBe("£1,000,000.00");
    expect(formatPounds(-206)).toBe("-£2.06");
  });
});

describe("penceToPounds / poundsToPence", () => {
  it("converts for API JSON with two decimals", () => {
    expect(penceToPounds(10805)).toBe(108.05);
    expect(penceToPounds(4000)).toBe(40);
    expect(penceToPounds(1)).toBe(0.01);
    expect(JSON.stringify({ a: penceToPounds(2573) })).toBe('{"a":25.73}');
  });

  it("round-trips every amount up to £100", () => {
    for (let p = 0; p <= 10000; p++) expect(poundsToPence(penceToPounds(p))).toBe(p);
  });

  it("strips float noise", () => {
    expect(poundsToPence(1.005)).toBe(101);
    expect(poundsToPence(0.29)).toBe(29);
  });
});
