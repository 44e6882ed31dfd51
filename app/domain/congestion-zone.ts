// Central London congestion zone test for free-text addresses (docs/PRICING.md step 6).
// Only postcode districts inside the real central zone count, or the words
// "City of London". A plain "London" does not: charging all of Greater London
// would overcharge most London customers.

/** Postcode districts in the zone, tested against a normalised outward code. */
const ZONE_DISTRICTS: readonly RegExp[] = [
  /^EC[1-4][A-Z]?$/, // EC1-EC4 with any sub-district (EC2R, EC4Y...)
  /^WC[12][A-Z]?$/, // WC1-WC2 (WC1A, WC2N...)
  /^W1[A-Z]?$/, // W1, W1K, W1T... but W10-W14 have a digit, so no match
  /^SW1[A-Z]?$/, // SW1, SW1A... but not SW10-SW20
  /^SE1$/, // SE1 only, not SE10-SE28
];

// A full postcode, with or without the space: outward code + inward code
// (digit + two letters). The inward code is always three characters, so
// backtracking splits "W1K1AB" as W1K + 1AB and "SE17PB" as SE1 + 7PB.
const FULL_POSTCODE = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b/g;
// An outward code on its own as a whole word, e.g. "Flat 2, EC2R".
const OUTWARD_ONLY = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)\b/g;
const CITY_OF_LONDON = /\bcity\s+of\s+london\b/i;

function isZoneDistrict(outwardCode: string): boolean {
  const code = outwardCode.toUpperCase().replace(/\s+/g, "");
  return ZONE_DISTRICTS.some((re) => re.test(code));
}

/** Outward codes (districts) of the postcodes found in free text, upper case. */
export function findOutwardCodes(address: string): string[] {
  const text = address.toUpperCase();
  const codes: string[] = [];
  for (const m of text.matchAll(FULL_POSTCODE)) codes.push(m[1]!);
  // Remove full postcodes first so their inward part is not re-read on its own.
  const rest = text.replace(FULL_POSTCODE, " ");
  for (const m of rest.matchAll(OUTWARD_ONLY)) codes.push(m[1]!);
  return codes;
}

/**
 * Why an address is in the zone ("EC2R", "City of London"), or null when it
 * is not. Useful for the quote explanation.
 */
export function congestionZoneMatch(address: string): string | null {
  const district = findOutwardCodes(address).find(isZoneDistrict);
  if (district) return district;
  if (CITY_OF_LONDON.test(address)) return "City of London";
  return null;
}

export function isInCongestionZone(address: string): boolean {
  return congestionZoneMatch(address) !== null;
}
