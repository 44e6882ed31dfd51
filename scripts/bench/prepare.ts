// Prints (as one JSON line) what the bench needs to open the signed-in pages: session cookies
// made by the app's own sign-in code for the seeded admin and for the customer of the seeded
// unpaid booking, and the ids of that booking and of the same customer's booking in progress.
//   tsx scripts/bench/prepare.ts <base url>     (with the app's DATABASE_URL and SESSION_SECRET)
import { startUserSession } from "../../app/server/auth/auth.server";
import { db } from "../../app/server/platform/db.server";

const baseUrl = process.argv[2] ?? "http://127.0.0.1";

async function cookieFor(userId: string, role: "customer" | "driver" | "admin") {
  const header = await startUserSession(new Request(baseUrl), { id: userId, role });
  return header.split(";")[0]!;
}

const unpaid = await db.booking.findFirstOrThrow({
  where: { status: "pending", paymentState: "unpaid", customerId: { not: null } },
  orderBy: { createdAt: "asc" },
});
const inProgress = await db.booking.findFirst({
  where: { customerId: unpaid.customerId, status: { in: ["in_progress", "assigned"] } },
});
const admin = await db.user.findFirstOrThrow({ where: { role: "admin", isActive: true } });

console.log(
  JSON.stringify({
    adminCookie: await cookieFor(admin.id, "admin"),
    customerCookie: await cookieFor(unpaid.customerId!, "customer"),
    checkoutBooking: unpaid.id,
    trackerBooking: (inProgress ?? unpaid).id,
  }),
);
await db.$disconnect();
