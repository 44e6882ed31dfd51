// The CSV writer of the payments export: RFC 4180 quoting and formula neutralising.
import { describe, expect, it } from "vitest";
import { csvCell, csvLine, neutraliseFormula } from "~/domain/csv";
import { formatCalendarDate, formatUkDate, formatUkDateTime } from "~/domain/uk-datetime";
import { parseCsv } from "../support/parse-csv";

describe("csvCell", () => {
  it("quotes a field holding a comma, a quote, CR or LF, doubling its quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(neutraliseFormula("O'Neil")).toBe("O'Neil");
    expect(csvCell(-5)).toBe("-5"); // numbers are written as numbers
  });

  it("writes CRLF lines that read back to the same values", () => {
    const values = ['Smith, "Jo"\nLtd', "=1+2", "", "£12.00"];
    const line = csvLine(values);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(parseCsv(line)).toEqual([['Smith, "Jo"\nLtd', "'=1+2", "", "£12.00"]]);
  });
});

describe("formatUkDateTime", () => {
  it('is "24 Nov 2026, 13:19" (en-GB) on the UK clock (GMT in winter, BST in summer)', () => {
    expect(formatUkDateTime(new Date("2026-11-23T14:05:00Z"))).toBe("23 Nov 2026, 14:05");
    expect(formatUkDateTime(new Date("2026-06-01T08:09:00Z"))).toBe("1 Jun 2026, 09:09");
    expect(formatUkDateTime(new Date("2026-03-29T00:59:00Z"))).toBe("29 Mar 2026, 00:59");
    expect(formatUkDateTime(new Date("2026-03-29T01:00:00Z"))).toBe("29 Mar 2026, 02:00");
    expect(formatUkDate(new Date("2026-09-30T23:30:00Z"))).toBe("1 Oct 2026");
    expect(formatUkDate(new Date("2026-09-30T23:30:00Z"), "long")).toBe("1 October 2026");
  });
  it("writes a move's calendar day unshifted by any clock, in each style", () => {
    expect(formatCalendarDate(new Date("2026-12-05T00:00:00Z"))).toBe("5 Dec 2026");
    expect(formatCalendarDate("2026-12-05", "long")).toBe("5 December 2026");
    expect(formatCalendarDate("2026-12-05", "weekday")).toBe("Sat 5 Dec 2026");
    expect(formatCalendarDate(new Date("2026-09-07T00:00:00Z"), "full")).toBe("Monday 7 September 2026");
  });
});
