// Prints (as one JSON line) what the bench's burst needs: `count` customers, each with a booking
// whose card payment the sandbox has taken but nobody has confirmed yet, and their session
// cookies. The bench then confirms them all at once over HTTP (POST /api/confirm-booking).
//   tsx scripts/bench/prepare-burst.ts <base url> <count>   (with the app's DATABASE_URL and SESSION_SECRET)
import { randomBytes } from "node:crypto";
import { startUserSession } from "../../app/server/auth/auth.server";
import { BOOKING_VIEW_INCLUDE } from "../../app/server/bookings/bookings.server";
import { startEmbeddedPayment } from "../../app/server/bookings/checkout.server";
import { payWithSandboxCard } from "../../app/server/payments/sandbox.server";
import { db } from "../../app/server/platform/db.server";

const baseUrl = process.argv[2] ?? "http://127.0.0.1";
const count = Number(process.argv[3] ?? 200);

async function paidBooking(index: number) {
  const tag = `${Date.now().toString(36)}${index}${randomBytes(2).toString("hex")}`;
  const user = await db.user.create({
    data: { username: `Burst Customer ${index}`, email: `burst-${tag}@example.com`, role: "customer" },
  });
  const booking = await db.booking.create({
    data: {
      // The index keeps references apart (five random characters alone collided now and then).
      reference: `EM-B${index}${tag.slice(-4).toUpperCase()}`,
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() + 14 * 86_400_000),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      originalPrice: 4200,
      finalPrice: 4200,
    },
    include: BOOKING_VIEW_INCLUDE,
  });
  const sessionUser = { id: user.id, username: user.username, email: user.email, role: "customer" as const };
  const { paymentIntentId } = await startEmbeddedPayment(booking, sessionUser, { customerEmail: user.email });
  await payWithSandboxCard(paymentIntentId, "4242 4242 4242 4242");
  const cookie = (await startUserSession(new Request(baseUrl), { id: user.id, role: "customer" })).split(";")[0]!;
  return { cookie, email: user.email, bookingId: booking.id, paymentIntentId };
}

const prepared = [];
// A few at a time: the burst is the confirmations, not this.
for (let index = 0; index < count; index += 10)
  prepared.push(
    ...(await Promise.all(Array.from({ length: Math.min(10, count - index) }, (_, n) => paidBooking(index + n)))),
  );
console.log(JSON.stringify(prepared));
await db.$disconnect();
