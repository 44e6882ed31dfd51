// Every date and time a screen, an e-mail or an export shows, in one British format:
// "24 Nov 2026, 13:19". Instants are read on the UK clock (GMT or BST), whatever the server's
// or the browser's time zone; a move date is a calendar day (stored at UTC midnight) and is
// never shifted by a clock. The names are written out here rather than left to Intl: ICU
// versions differ ("Sept", a comma after the weekday), and a screen must not change with them.
import { isoDateOf, ukDateTime } from "./uk-calendar";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** short "5 Dec 2026"; long "5 December 2026"; weekday "Sat 5 Dec 2026"; full "Saturday 5 December 2026". */
type DateStyle = "short" | "long" | "weekday" | "full";

function formatDay(isoDate: string, style: DateStyle) {
  const [year, month, day] = isoDate.split("-").map(Number);
  const monthName = MONTHS[month - 1];
  const long = style === "long" || style === "full";
  const date = `${day} ${long ? monthName : monthName.slice(0, 3)} ${year}`;
  if (style === "short" || style === "long") return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${style === "full" ? weekday : weekday.slice(0, 3)} ${date}`;
}

/** "24 Nov 2026, 13:19" in UK time. */
export function formatUkDateTime(instant: Date) {
  const { date, time } = ukDateTime(instant);
  return `${formatDay(date, "short")}, ${time}`;
}

/** "24 Nov 2026" (or "24 November 2026") in UK time. */
export function formatUkDate(instant: Date, style: DateStyle = "short") {
  return formatDay(ukDateTime(instant).date, style);
}

/** A calendar day, a move date: "5 Dec 2026" and the other styles, never shifted by a clock. */
export function formatCalendarDate(day: Date | string, style: DateStyle = "short") {
  return formatDay(typeof day === "string" ? day.slice(0, 10) : isoDateOf(day), style);
}
