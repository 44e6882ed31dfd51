/** The tracker's address for a booking: Live Updates, or Driver Chat (`#chat` scrolls to it). */
export function trackerPath(bookingId: string, tab: "updates" | "chat" = "updates", { anchor = true } = {}) {
  const path = `/booking-tracker?booking=${encodeURIComponent(bookingId)}`;
  return tab === "chat" ? `${path}&tab=chat${anchor ? "#chat" : ""}` : path;
}
