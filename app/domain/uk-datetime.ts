// Admin screens show instants as "MMM dd, yyyy HH:mm" (spec/02 "Payment Tracking") on the UK
// clock (GMT or BST), whatever the server's or the browser's time zone.
import { ukDateTime } from "./uk-calendar";

// Fixed English abbreviations: en-GB's Intl gives "Sept", the spec's format wants "Sep".
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 23, 2026 14:05" in UK time. */
export function formatUkDateTime(instant: Date) {
  const { date, time } = ukDateTime(instant);
  const [year, month, day] = date.split("-");
  return `${MONTHS[Number(month) - 1]} ${day}, ${year} ${time}`;
}

/** "Nov 23, 2026" in UK time. */
export function formatUkDate(instant: Date) {
  return formatUkDateTime(instant).slice(0, -6);
}
