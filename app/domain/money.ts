// Money helpers. Every amount is an integer number of pence and every
// percentage is an integer number of basis points (1% = 100 bp), so prices
// never depend on floating-point rounding (see docs/PRICING.md).

const BP_PER_WHOLE = 10_000;

function assertInteger(value: number, name: string): void {
  if (!Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${value}`);
  }
}

/** Floor division that stays exact for any safe integer (no float rounding). */
function floorDiv(n: number, d: number): number {
  const r = ((n % d) + d) % d; // % is exact on integers
  return (n - r) / d; // exact: n - r is a multiple of d
}

/**
 * `pct(pence, bp) = floor((pence * bp + 5000) / 10000)`: the share of `pence`
 * given by `bp` basis points, rounded half up to the penny.
 */
export function pct(pence: number, bp: number): number {
  assertInteger(pence, "pence");
  assertInteger(bp, "bp");
  const n = pence * bp + BP_PER_WHOLE / 2;
  if (Number.isSafeInteger(pence * bp) && Number.isSafeInteger(n)) {
    return floorDiv(n, BP_PER_WHOLE);
  }
  // Too large for exact double arithmetic: fall back to BigInt.
  const big = BigInt(pence) * BigInt(bp) + 5000n;
  let q = big / 10000n; // truncates towards zero
  if (big < 0n && big % 10000n !== 0n) q -= 1n;
  return Number(q);
}

/** "£1,234.50"; negative amounts read "-£2.06". */
export function formatPounds(pence: number): string {
  assertInteger(pence, "pence");
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100);
  const rest = abs % 100;
  // en-GB grouping: comma every three digits.
  const grouped = String(pounds).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}£${grouped}.${String(rest).padStart(2, "0")}`;
}

/** Pence to pounds as a number with two decimals, for API JSON (10805 -> 108.05). */
export function penceToPounds(pence: number): number {
  assertInteger(pence, "pence");
  // Integer / 100 is correctly rounded, i.e. the same double as the literal 108.05.
  return pence / 100;
}

/** Pounds (as typed or sent by a client) to integer pence, rounded half up. */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new TypeError(`Invalid amount: ${pounds}`);
  // toFixed(6) strips float noise such as 1.005 * 100 = 100.49999999999999.
  return Math.round(Number((pounds * 100).toFixed(6)));
}

/**
 * An amount as a person types it ("120", "£1,234.50", "99.9") to integer pence, or null when it
 * is not one. No floating point: the pounds and pence are read as digits.
 */
export function parsePoundsText(text: string): number | null {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const pounds = Number(match[1]!.replaceAll(",", ""));
  const pence = Number((match[2] ?? "").padEnd(2, "0"));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}
