// The test data every suite makes, in one place for the integration and the end-to-end tests:
// a customer, a driver (with an account to sign in with, if asked), a booking, a paid booking,
// and a job today. Each writes through the app's own Prisma client, imported when first used:
// an end-to-end test's process sets the database's address after its modules load. Every
// value a test does not care about has a realistic default; what it does care about, it says.
import type { Prisma } from "../../generated/prisma/client";

const appDb = async () => (await import("~/server/platform/db.server")).db;

let made = 0;
/** A short id no other test in any process has: for e-mails, references and names. */
export const uniqueId = () =>
  `${Date.now().toString(36)}${(made++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const uniqueEmail = (prefix: string) => `${prefix}-${uniqueId()}@example.com`;

/** "EM-" and six characters, as the app makes them. */
const uniqueReference = () => `EM-${uniqueId().slice(-6).toUpperCase()}`;

/** A move today (UK time) from midnight: its driver may set off at any time today (domain/start-window.ts). */
export function todaysMove() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  return { moveDate: new Date(`${today}T00:00:00Z`), moveTime: "00:00" };
}

/** A customer's account (no password: tests sign in through the app's own session code). */
export async function createCustomer(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  return (await appDb()).user.create({
    data: { username: "Pat Customer", email: uniqueEmail("customer"), role: "customer", ...data },
  });
}

type DriverOptions = Partial<Prisma.DriverUncheckedCreateInput> & {
  /** Give the driver an account (role driver) to sign in with, linked to the application. */
  account?: boolean;
};

/** A driver, approved unless said otherwise; with `account`, their user too. */
export async function createDriver({ account = false, ...data }: DriverOptions = {}) {
  const db = await appDb();
  const name = data.name ?? `Dan Driver ${uniqueId().slice(-4)}`;
  const email = data.email ?? uniqueEmail("driver");
  const user = account ? await db.user.create({ data: { username: name, email, role: "driver" } }) : null;
  const driver = await db.driver.create({
    data: {
      name,
      email,
      phone: "07700900123",
      experience: "3-5",
      vanType: "medium",
      location: "Newcastle upon Tyne",
      approvalStatus: "approved",
      agreementAcceptedAt: new Date(),
      userId: user?.id ?? null,
      ...data,
    },
  });
  return { ...driver, user };
}

/** A booking as checkout leaves it before payment (pending, unpaid), a month ahead: £42 with VAT. */
export async function createBooking(data: Partial<Prisma.BookingUncheckedCreateInput> = {}) {
  return (await appDb()).booking.create({
    data: {
      reference: uniqueReference(),
      status: "pending",
      pickupAddress: "1 Grey Street, Newcastle NE1 6EE",
      deliveryAddress: "2 Osborne Road, Newcastle NE2 2AA",
      moveDate: new Date(Date.now() + 30 * 86_400_000),
      vanSize: "small",
      distanceTenths: 20,
      estimatedHours: 1,
      customerName: "Test Customer",
      customerEmail: uniqueEmail("booking-customer"),
      subTotal: 4000,
      platformFee: 1000,
      driverShare: 3000,
      vatAmount: 200,
      originalPrice: 4200,
      finalPrice: 4200,
      ...data,
    },
  });
}

/** A booking paid by card (its succeeded payment recorded as the one that paid it): £96 with VAT. */
export async function createPaidBooking(data: Partial<Prisma.BookingUncheckedCreateInput> = {}) {
  const db = await appDb();
  const booking = await createBooking({
    paymentState: "paid",
    vanSize: "medium",
    distanceTenths: 25,
    estimatedHours: 2,
    subTotal: 8000,
    platformFee: 2000,
    driverShare: 6000,
    vatAmount: 1600,
    originalPrice: 9600,
    finalPrice: 9600,
    ...data,
  });
  const payment = await db.payment.create({
    data: {
      bookingId: booking.id,
      provider: "stripe",
      providerPaymentId: `pi_test_${uniqueId()}`,
      amountPence: booking.finalPrice,
      status: "succeeded",
      method: "card",
      customerName: booking.customerName ?? "Test Customer",
      customerEmail: booking.customerEmail ?? uniqueEmail("payer"),
    },
  });
  return db.booking.update({ where: { id: booking.id }, data: { paidByPaymentId: payment.id } });
}

/** A paid move today, given to `driverId` (assigned, or further along with `trackingStatus`). */
export async function createJobToday({
  driverId,
  trackingStatus = "assigned",
  ...data
}: Partial<Prisma.BookingUncheckedCreateInput> & { driverId: string }) {
  const db = await appDb();
  const booking = await createPaidBooking({
    driverId,
    status: trackingStatus === "assigned" ? "assigned" : trackingStatus === "completed" ? "completed" : "in_progress",
    trackingStatus,
    ...todaysMove(),
    ...data,
  });
  await db.trackingEvent.create({ data: { bookingId: booking.id, status: "assigned", note: "Driver assigned" } });
  return booking;
}
