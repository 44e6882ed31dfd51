import { describe, expect, it } from "vitest";
import {
  bankHolidayOn,
  bankHolidays,
  easterSunday,
  isoDateOf,
  isBankHoliday,
  isValidIsoDate,
  isWeekend,
  ukDateTime,
  ukToday,
} from "../../app/domain/uk-calendar";

const dates = (year: number) => bankHolidays(year).map((h) => h.date);

describe("bankHolidays (England and Wales)", () => {
  it("2025 matches the official list", () => {
    expect(dates(2025)).toEqual([
      "2025-01-01",
      "2025-04-18",
      "2025-04-21",
      "2025-05-05",
      "2025-05-26",
      "2025-08-25",
      "2025-12-25",
      "2025-12-26",
    ]);
  });

  it("2026 matches the official list (Boxing Day substitute on Mon 28 Dec)", () => {
    expect(bankHolidays(2026)).toEqual([
      { date: "2026-01-01", name: "New Year's Day" },
      { date: "2026-04-03", name: "Good Friday" },
      { date: "2026-04-06", name: "Easter Monday" },
      { date: "2026-05-04", name: "Early May bank holiday" },
      { date: "2026-05-25", name: "Spring bank holiday" },
      { date: "2026-08-31", name: "Summer bank holiday" },
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2026-12-28", name: "Boxing Day (substitute day)" },
    ]);
  });

  it("2027 matches the official list (Christmas on a Saturday)", () => {
    expect(bankHolidays(2027)).toEqual([
      { date: "2027-01-01", name: "New Year's Day" },
      { date: "2027-03-26", name: "Good Friday" },
      { date: "2027-03-29", name: "Easter Monday" },
      { date: "2027-05-03", name: "Early May bank holiday" },
      { date: "2027-05-31", name: "Spring bank holiday" },
      { date: "2027-08-30", name: "Summer bank holiday" },
      { date: "2027-12-27", name: "Christmas Day (substitute day)" },
      { date: "2027-12-28", name: "Boxing Day (substitute day)" },
    ]);
  });

  it("applies the one-off changes of 2020, 2022 and 2023", () => {
    expect(dates(2020)).toContain("2020-05-08"); // VE Day
    expect(dates(2020)).not.toContain("2020-05-04");
    expect(dates(2022)).toEqual([
      "2022-01-03",
      "2022-04-15",
      "2022-04-18",
      "2022-05-02",
      "2022-06-02",
      "2022-06-03",
      "2022-08-29",
      "2022-09-19",
      "2022-12-26",
      "2022-12-27",
    ]);
    expect(dates(2023)).toEqual([
      "2023-01-02",
      "2023-04-07",
      "2023-04-10",
      "2023-05-01",
      "2023-05-08",
      "2023-05-29",
      "2023-08-28",
      "2023-12-25",
      "2023-12-26",
    ]);
    expect(dates(2024)).toEqual([
      "2024-01-01",
      "2024-03-29",
      "2024-04-01",
      "2024-05-06",
      "2024-05-27",
      "2024-08-26",
      "2024-12-25",
      "2024-12-26",
    ]);
  });

  it("handles substitute days for New Year and Christmas on a Sunday", () => {
    expect(bankHolidayOn("2023-01-02")?.name).toBe("New Year's Day (substitute day)"); // 1 Jan 2023 = Sun
    expect(bankHolidayOn("2028-01-03")?.name).toBe("New Year's Day (substitute day)"); // 1 Jan 2028 = Sat
    // Christmas 2033 is a Sunday: Boxing Day Mon 26, Christmas substitute Tue 27.
    expect(bankHolidays(2033).slice(-2)).toEqual([
      { date: "2033-12-26", name: "Boxing Day" },
      { date: "2033-12-27", name: "Christmas Day (substitute day)" },
    ]);
  });

  it("always gives eight or more weekday holidays, for any year", () => {
    for (let year = 1980; year <= 2100; year++) {
      const list = bankHolidays(year);
      expect(list.length).toBeGreaterThanOrEqual(8);
      for (const h of list) {
        expect(h.date.startsWith(String(year))).toBe(true);
        expect(isWeekend(h.date)).toBe(false);
      }
      expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
    }
  });

  it("returns copies that callers cannot use to change the calendar", () => {
    const list = bankHolidays(2026);
    list[0]!.date = "2026-07-07";
    list.pop();
    expect(isBankHoliday("2026-07-07")).toBe(false);
    expect(bankHolidays(2026)).toHaveLength(8);
  });
});

describe("easterSunday", () => {
  it("matches known Easter dates", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25"); // latest possible
    expect(easterSunday(2285)).toBe("2285-03-22"); // earliest possible
  });
});

describe("isBankHoliday / isWeekend", () => {
  it("recognises bank holidays", () => {
    expect(isBankHoliday("2027-03-29")).toBe(true); // Easter Monday
    expect(isBankHoliday("2027-12-27")).toBe(true);
    expect(isBankHoliday("2027-12-28")).toBe(true);
    expect(isBankHoliday("2027-12-25")).toBe(false); // a Saturday: the holiday moved to Mon 27
    expect(isBankHoliday("2027-03-03")).toBe(false);
  });

  it("recognises weekends from the calendar date alone", () => {
    expect(isWeekend("2027-03-06")).toBe(true); // Sat
    expect(isWeekend("2027-03-07")).toBe(true); // Sun
    expect(isWeekend("2027-03-08")).toBe(false); // Mon
    expect(isWeekend("2027-03-05")).toBe(false); // Fri
  });

  it("rejects invalid dates", () => {
    expect(isValidIsoDate("2027-02-29")).toBe(false);
    expect(isValidIsoDate("2028-02-29")).toBe(true);
    expect(isValidIsoDate("27-03-2027")).toBe(false);
    expect(() => isWeekend("2027-13-01")).toThrow();
    expect(() => isBankHoliday("nonsense")).toThrow();
  });
});

describe("ukToday", () => {
  it("uses UK wall-clock time across GMT and BST", () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(ukToday(new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
    expect(ukDateTime(new Date("2027-06-30T23:30:00Z"))).toEqual({ date: "2027-07-01", time: "00:30" });
    // In winter the UK is on GMT = UTC.
    expect(ukToday(new Date("2027-12-31T23:30:00Z"))).toBe("2027-12-31");
    expect(ukToday(new Date("2028-01-01T00:00:00Z"))).toBe("2028-01-01");
    expect(ukDateTime(new Date("2027-01-15T00:05:00Z")).time).toBe("00:05");
  });

  it("changes with the clocks at 01:00 UTC, in spring and in autumn", () => {
    expect(ukDateTime(new Date("2027-03-28T00:59:00Z"))).toEqual({ date: "2027-03-28", time: "00:59" });
    expect(ukDateTime(new Date("2027-03-28T01:00:00Z"))).toEqual({ date: "2027-03-28", time: "02:00" });
    expect(ukDateTime(new Date("2027-10-31T00:59:00Z"))).toEqual({ date: "2027-10-31", time: "01:59" });
    expect(ukDateTime(new Date("2027-10-31T01:00:00Z"))).toEqual({ date: "2027-10-31", time: "01:00" });
  });

  it("reads as Intl does, minute by minute, over two years of clock changes", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      dateStyle: "short",
      timeStyle: "short",
      hourCycle: "h23",
    });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 37 * 60_000 + 13_000) {
      const [day, month, year, time] = intl.format(new Date(at)).split(/[/, ]+/);
      expect(ukDateTime(new Date(at))).toEqual({ date: `${year}-${month}-${day}`, time });
    }
  });
});

describe("isoDateOf", () => {
  it("reads a stored date's calendar day in UTC, the form every rule takes", () => {
    expect(isoDateOf(new Date("2026-03-29T00:00:00.000Z"))).toBe("2026-03-29");
    // Late on a summer evening in the UK is already the next day in UTC; a stored move date
    // is UTC midnight, so it never lands there.
    expect(isoDateOf(new Date("2026-07-01T23:30:00.000Z"))).toBe("2026-07-01");
    expect(isoDateOf(new Date(Date.UTC(2027, 1, 28)))).toBe("2027-02-28");
  });
});
