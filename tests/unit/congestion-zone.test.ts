import { describe, expect, it } from "vitest";
import { congestionZoneMatch, findOutwardCodes, isInCongestionZone } from "../../app/domain/congestion-zone";

describe("isInCongestionZone", () => {
  it.each([
    "1 Poultry, London EC2R 8AH",
    "ec1a 1bb",
    "Flat 3, 10 Fleet Street, EC4Y",
    "flat 2, EC2R",
    "WC1A 1AA",
    "Covent Garden WC2E 9DD",
    "Mayfair, London W1K 1AB",
    "W1K1AB",
    "w1k1ab",
    "Soho W1T 1AA",
    "Fitzrovia W1 1AA",
    "10 Downing St, London SW1A 2AA",
    "Victoria SW1V 1AA",
    "sw1a2aa",
    "SE1 7PB",
    "Southwark SE17PB", // no space: SE1 + 7PB
    "London SE1",
    "Guildhall, City of London",
    "somewhere in the city of london",
  ])("in zone: %s", (address) => {
    expect(isInCongestionZone(address)).toBe(true);
  });

  it.each([
    "London",
    "10 High Street, London",
    "Greater London",
    "Notting Hill, London W10 5AA",
    "W11 2BQ",
    "W14 8AA",
    "W140AA",
    "Chelsea SW10 0AA",
    "SW20 8AA",
    "SW109AA", // SW10 9AA
    "Greenwich SE10 9NN",
    "SE28 8AA",
    "SE177PB", // SE17 7PB
    "Chelmsford CM1 1AA",
    "Newcastle NE1 4ST",
    "E1 6AN",
    "EC5 1AA", // not a real district, and not EC1-EC4
    "EC10 1AA",
    "WC3 1AA",
    "",
    // postcode-like letters inside words must not count
    "SECW1 Road",
    "Unit SEC1, Trading Estate",
    "AW1K1AB",
    "flat W1Kx",
    "City of Londonderry",
  ])("not in zone: %s", (address) => {
    expect(isInCongestionZone(address)).toBe(false);
  });

  it("says why an address is in the zone", () => {
    expect(congestionZoneMatch("1 Poultry, EC2R 8AH")).toBe("EC2R");
    expect(congestionZoneMatch("Guildhall, City of London")).toBe("City of London");
    expect(congestionZoneMatch("London")).toBeNull();
  });

  it("finds outward codes with or without spaces", () => {
    expect(findOutwardCodes("w1k1ab and SW1A 2AA, also EC2R")).toEqual(["W1K", "SW1A", "EC2R"]);
    expect(findOutwardCodes("SE17PB")).toEqual(["SE1"]);
    expect(findOutwardCodes("SE177PB")).toEqual(["SE17"]);
  });
});
