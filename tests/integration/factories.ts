// The integration tests' short forms of the shared factories (tests/support/factories.ts).
import { createBooking as createBookingWith, createCustomer, createDriver } from "../support/factories";

export function createUser(
  overrides: Partial<{ role: "customer" | "driver" | "admin"; isActive: boolean; username: string }> = {},
) {
  return createCustomer({ username: "Test User", ...overrides });
}

export function createApprovedDriver() {
  return createDriver();
}

export function createBooking(status: "pending" | "assigned" | "in_progress" | "completed" | "cancelled" = "pending") {
  return createBookingWith({ status, moveDate: new Date("2027-03-04") });
}

/** A Request carrying the given Set-Cookie value back as a Cookie header. */
export function requestWithCookie(url: string, setCookie?: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (setCookie) headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request(url, { ...init, headers });
}
