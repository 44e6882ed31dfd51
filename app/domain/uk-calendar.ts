// Bank holidays in England and Wales, computed for any year from the
// standing rules, plus a small table of one-off changes proclaimed by royal
// proclamation. Dates are plain calendar dates "YYYY-MM-DD": all arithmetic
// is done in UTC so no timezone can shift a day.

export interface BankHoliday {
  date: string; // YYYY-MM-DD
  name: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses "YYYY-MM-DD" into a UTC Date, or null when it is not a real date. */
function parseIsoDate(isoDate: string): Date | null {
  const m = ISO_DATE.exec(isoDate);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  // Reject 2027-02-30 and friends, which Date would silently roll over.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return date;
}

export function isValidIsoDate(isoDate: string): boolean {
  return parseIsoDate(isoDate) !== null;
}

function requireDate(isoDate: string): Date {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Invalid date (expected YYYY-MM-DD): ${isoDate}`);
  return date;
}

/**
 * A Date's calendar day as "YYYY-MM-DD", read in UTC: the one way to turn a stored date (a move
 * date is kept at UTC midnight) or a computed one into the form every rule here takes.
 */
export function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function iso(y: number, month: number, day: number): string {
  // Date.UTC normalises overflowing days (e.g. 32 March -> 1 April).
  return isoDateOf(new Date(Date.UTC(y, month - 1, day)));
}

/** 0 = Sunday ... 6 = Saturday, for a calendar date. */
export function dayOfWeek(isoDate: string): number {
  return requireDate(isoDate).getUTCDay();
}

export function isWeekend(isoDate: string): boolean {
  const dow = dayOfWeek(isoDate);
  return dow === 0 || dow === 6;
}

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

export function addDays(isoDate: string, days: number): string {
  const d = requireDate(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDateOf(d);
}

function firstMonday(year: number, month: number): string {
  const dow = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((8 - dow) % 7));
}

function lastMonday(year: number, month: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)); // day 0 of next month
  const back = (lastDay.getUTCDay() + 6) % 7; // days since Monday
  return iso(year, month, lastDay.getUTCDate() - back);
}

/**
 * One-off changes by royal proclamation. `moved` replaces the standing date
 * of a holiday (matched by name), `extra` adds a holiday for that year only.
 * Checked against gov.uk: no changes are announced for 2024-2027.
 */
interface YearException {
  moved?: { name: string; date: string }[];
  extra?: BankHoliday[];
}

const BANK_HOLIDAY_EXCEPTIONS: Readonly<Record<number, YearException>> = {
  1995: { moved: [{ name: "Early May bank holiday", date: "1995-05-08" }] }, // VE Day 50th
  1999: { extra: [{ date: "1999-12-31", name: "Millennium Celebrations" }] },
  2002: {
    moved: [{ name: "Spring bank holiday", date: "2002-06-04" }],
    extra: [{ date: "2002-06-03", name: "Golden Jubilee bank holiday" }],
  },
  2011: { extra: [{ date: "2011-04-29", name: "Royal wedding" }] },
  2012: {
    moved: [{ name: "Spring bank holiday", date: "2012-06-04" }],
    extra: [{ date: "2012-06-05", name: "Queen's Diamond Jubilee" }],
  },
  2020: { moved: [{ name: "Early May bank holiday", date: "2020-05-08" }] }, // VE Day 75th
  2022: {
    moved: [{ name: "Spring bank holiday", date: "2022-06-02" }],
    extra: [
      { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
      { date: "2022-09-19", name: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
    ],
  },
  2023: { extra: [{ date: "2023-05-08", name: "Bank holiday for the coronation of King Charles III" }] },
};

function newYear(year: number): BankHoliday {
  const date = iso(year, 1, 1);
  const dow = dayOfWeek(date);
  if (dow === 6) return { date: iso(year, 1, 3), name: "New Year's Day (substitute day)" };
  if (dow === 0) return { date: iso(year, 1, 2), name: "New Year's Day (substitute day)" };
  return { date, name: "New Year's Day" };
}

function christmasAndBoxingDay(year: number): BankHoliday[] {
  const xmas = "Christmas Day";
  const boxing = "Boxing Day";
  const sub = " (substitute day)";
  switch (dayOfWeek(iso(year, 12, 25))) {
    case 6: // Sat: both move to Mon 27 and Tue 28
      return [
        { date: iso(year, 12, 27), name: xmas + sub },
        { date: iso(year, 12, 28), name: boxing + sub },
      ];
    case 0: // Sun: Boxing Day stays Mon 26, Christmas moves to Tue 27
      return [
        { date: iso(year, 12, 26), name: boxing },
        { date: iso(year, 12, 27), name: xmas + sub },
      ];
    case 5: // Fri: Boxing Day (Sat) moves to Mon 28
      return [
        { date: iso(year, 12, 25), name: xmas },
        { date: iso(year, 12, 28), name: boxing + sub },
      ];
    default:
      return [
        { date: iso(year, 12, 25), name: xmas },
        { date: iso(year, 12, 26), name: boxing },
      ];
  }
}

const cache = new Map<number, readonly BankHoliday[]>();

/** Bank holidays in England and Wales for `year`, sorted by date. */
export function bankHolidays(year: number): BankHoliday[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    throw new RangeError(`Invalid year: ${year}`);
  }
  let list = cache.get(year);
  if (!list) {
    const easter = easterSunday(year);
    const standing: BankHoliday[] = [
      newYear(year),
      { date: addDays(easter, -2), name: "Good Friday" },
      { date: addDays(easter, 1), name: "Easter Monday" },
      { date: firstMonday(year, 5), name: "Early May bank holiday" },
      { date: lastMonday(year, 5), name: "Spring bank holiday" },
      { date: lastMonday(year, 8), name: "Summer bank holiday" },
      ...christmasAndBoxingDay(year),
    ];
    const exception = BANK_HOLIDAY_EXCEPTIONS[year] ?? {};
    const moved = new Map((exception.moved ?? []).map((m) => [m.name, m.date]));
    const all = standing
      .map((h) => ({ name: h.name, date: moved.get(h.name) ?? h.date }))
      .concat(exception.extra ?? []);
    list = Object.freeze(all.sort((a, b) => a.date.localeCompare(b.date)));
    cache.set(year, list);
  }
  return list.map((h) => ({ ...h })); // copies, so callers cannot alter the cache
}

/** The bank holiday on this date, if any. */
export function bankHolidayOn(isoDate: string): BankHoliday | undefined {
  const year = requireDate(isoDate).getUTCFullYear();
  return bankHolidays(year).find((h) => h.date === isoDate);
}

export function isBankHoliday(isoDate: string): boolean {
  return bankHolidayOn(isoDate) !== undefined;
}

const UK_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const HOUR_MS = 3_600_000;
/**
 * The UK's offset from UTC through each hour (ms), asked of Intl once per hour: the clocks
 * change on the hour (01:00 UTC), so an hour has one offset. Pages read the UK time dozens of
 * times each (every job's day), and formatToParts is slow.
 */
const offsetOfHour = new Map<number, number>();
function ukOffsetMs(instant: number) {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetOfHour.get(hour);
  if (offset === undefined) {
    const parts: Record<string, string> = {};
    for (const p of UK_PARTS.formatToParts(new Date(hour * HOUR_MS))) parts[p.type] = p.value;
    offset =
      Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
      ) -
      hour * HOUR_MS;
    if (offsetOfHour.size >= 100_000) offsetOfHour.clear();
    offsetOfHour.set(hour, offset);
  }
  return offset;
}

/** The wall-clock date and time in the UK (Europe/London, GMT/BST) at `now`. */
export function ukDateTime(now: Date = new Date()): { date: string; time: string } {
  const wallClock = new Date(now.getTime() + ukOffsetMs(now.getTime())).toISOString();
  return { date: wallClock.slice(0, 10), time: wallClock.slice(11, 16) };
}

/** Today in the UK as YYYY-MM-DD (what "today or later" means for a move date). */
export function ukToday(now: Date = new Date()): string {
  return ukDateTime(now).date;
}

/** The instant a UK wall-clock date and time ("2026-12-01", "09:00") happens, GMT or BST. */
export function ukInstant(isoDate: string, time: string): Date {
  const asIfUtc = new Date(`${isoDate}T${time}:00Z`);
  // The UK is UTC or UTC+1: try both offsets and keep the one whose UK reading matches.
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(asIfUtc.getTime() - offsetHours * 3_600_000);
    const seen = ukDateTime(candidate);
    if (seen.date === isoDate && seen.time === time) return candidate;
  }
  return asIfUtc; // a time skipped by the clocks going forward: near enough
}
