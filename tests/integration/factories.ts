import { db } from "~/server/platform/db.server";
import { unique } from "./auth-helpers";

export function createUser(
  overrides: Partial<{ role: "customer" | "driver" | "admin"; isActive: boolean; username: string }> = {},
) {
  const id = unique();
  return db.user.create({
    data: {
      username: overrides.username ?? `User ${id}`,
      email: `user-${id}@example.com`,
      role: overrides.role ?? "customer",
      isActive: overrides.isActive ?? true,
    },
  });
}

export function createApprovedDriver() {
  const id = unique();
  return db.driver.create({
    data: {
      name: `Driver ${id}`,
      email: `driver-${id}@example.com`,
      phone: "07700900123",
      experience: "3-5",
      vanType: "medium",
      location: "Newcastle upon Tyne",
      approvalStatus: "approved",
      agreementAcceptedAt: new Date(),
    },
  });
}

export function createBooking(status: "pending" | "assigned" | "in_progress" | "completed" | "cancelled" = "pending") {
  const id = unique();
  return db.booking.create({
    data: {
      reference: `EM-${id.slice(-6).toUpperCase().padStart(6, "0")}`,
      status,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date("2027-03-04"),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: "Test Customer",
      customerEmail: `customer-${id}@example.com`,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      originalPrice: 4200,
      finalPrice: 4200,
    },
  });
}

/** A Request carrying the given Set-Cookie value back as a Cookie header. */
export function requestWithCookie(url: string, setCookie?: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (setCookie) headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request(url, { ...init, headers });
}
