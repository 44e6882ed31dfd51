// How old something is, in words for a list ("4 hours", "3 days"): the largest whole unit.
import { countOf } from "./plural";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function ageText(since: Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  if (elapsed >= DAY) return countOf(Math.floor(elapsed / DAY), "day");
  if (elapsed >= HOUR) return countOf(Math.floor(elapsed / HOUR), "hour");
  if (elapsed >= MINUTE) return countOf(Math.floor(elapsed / MINUTE), "minute");
  return "just now";
}
