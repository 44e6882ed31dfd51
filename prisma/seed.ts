// Demo data so every screen has content: an admin, customers, approved, pending and
// declined drivers, bookings in every status with their payments, chat, tracking and
// support requests. Runs only on an empty database (npm start calls it on every start of a
// local demo), and never in production unless told `--demo`.
import path from "node:path";
import { Readable } from "node:stream";
import { PrismaPg } from "@prisma/adapter-pg";
import { locateAddress } from "../app/domain/distance";
import { payableFrom } from "../app/domain/payouts";
import { normalisePhone } from "../app/domain/phone";
import { calculatePrice, type PriceInput } from "../app/domain/pricing";
import { averageTenths } from "../app/domain/ratings";
import { isoDateOf, ukToday } from "../app/domain/uk-calendar";
import { hashPassword } from "../app/server/auth/password.server";
import { bookingPriceColumns, moveColumns, quotePriceColumns } from "../app/server/quotes/price-columns";
import { LocalDiskStorage } from "../app/server/uploads/local-storage.server";
import { S3Storage } from "../app/server/uploads/s3-storage.server";
import {
  PrismaClient,
  type BookingStatus,
  type PaymentState,
  type PaymentStatus,
  type PaymentProvider,
} from "../generated/prisma/client";
import {
  DEMO_BANK_DETAILS,
  DEMO_CUSTOMERS,
  DEMO_DRIVERS,
  DEMO_INACTIVE_CUSTOMER,
  DEMO_PASSWORD,
  DEMO_TEXTS,
  demoDocumentPath,
} from "./demo-data";

/**
 * A base's point, stored as saving availability stores it: dispatch finds drivers by it. From
 * the domain's postcode table (a base is a postcode, so no place names are needed): the seed
 * imports no server module, whose start-up checks would stop it before it refuses production.
 */
function basePointColumns(basePostcode: string | undefined) {
  const point = basePostcode ? locateAddress(basePostcode, () => [])?.point : null;
  return point ? { baseLat: point[0], baseLng: point[1] } : {};
}

const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });

const ADMIN_EMAIL = (process.env.ADMIN_EMAIL || "admin@easymove.local").toLowerCase();
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || "admin-demo-2026";
const UPLOAD_DIR = path.resolve(process.env.UPLOAD_DIR || ".data/uploads");

function daysFromToday(days: number) {
  const date = new Date(`${ukToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDateOf(date);
}

// A tiny valid PDF and PNG, so document links in the admin open real files.
const DEMO_PDF =
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
const DEMO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Where the demo documents go: the app's storage (the upload folder, or the bucket with STORAGE=s3). */
const demoStorage =
  process.env.STORAGE === "s3"
    ? new S3Storage({
        bucket: process.env.S3_BUCKET ?? "",
        region: process.env.S3_REGION || "eu-west-2",
        endpoint: process.env.S3_ENDPOINT || undefined,
        accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
        prefix: process.env.S3_PREFIX || "",
      })
    : new LocalDiskStorage(UPLOAD_DIR);

/** Stores a demo document; returns its path as an application stores it ("uploads/<name>"). */
async function writeDemoFile(path: string, content: string | Buffer) {
  await demoStorage.write(path.slice("uploads/".length), Readable.from([new Uint8Array(Buffer.from(content))]));
  return path;
}

async function createCustomers() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const customers = [];
  for (const person of DEMO_CUSTOMERS) {
    customers.push(
      await db.user.create({
        data: {
          username: person.username,
          email: person.email,
          phone: normalisePhone(person.phone)!.e164,
          passwordHash,
          role: "customer",
          createdAt: new Date(`${daysFromToday(-person.joinedDaysAgo)}T10:00:00Z`),
        },
      }),
    );
  }
  await db.user.create({ data: { ...DEMO_INACTIVE_CUSTOMER, passwordHash, role: "customer", isActive: false } });
  return customers;
}

async function createDrivers(adminId: string) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const drivers = DEMO_DRIVERS;
  const created = [];
  // Loaded here, after main's production check: it reads the environment's secrets.
  const { encryptSecret } = await import("../app/server/platform/encryption.server");
  for (const [index, driver] of drivers.entries()) {
    const approved = driver.approvalStatus === "approved";
    const account = approved
      ? await db.user.create({ data: { username: driver.name, email: driver.email, passwordHash, role: "driver" } })
      : null;
    created.push(
      await db.driver.create({
        data: {
          name: driver.name,
          email: driver.email,
          phone: normalisePhone(driver.phone)!.e164,
          experience: driver.experience,
          vanType: driver.vanType,
          location: driver.location,
          approvalStatus: driver.approvalStatus,
          agreementAcceptedAt: new Date(`${daysFromToday(-30 + index)}T09:00:00Z`),
          createdAt: new Date(`${daysFromToday(-30 + index * 5)}T09:00:00Z`),
          reviewedAt: driver.approvalStatus === "pending" ? null : new Date(),
          reviewedById: driver.approvalStatus === "pending" ? null : adminId,
          userId: account?.id,
          completedJobs: driver.completedJobs ?? 0,
          ...driver.availability,
          ...basePointColumns(driver.availability?.basePostcode),
          // Mark is paid by bank transfer in the demo (no Stripe): his details, encrypted.
          ...(index === 0
            ? {
                bankAccountName: DEMO_BANK_DETAILS.accountName,
                bankSortCodeEncrypted: encryptSecret(DEMO_BANK_DETAILS.sortCode),
                bankAccountNumberEncrypted: encryptSecret(DEMO_BANK_DETAILS.accountNumber),
                bankAccountLast4: DEMO_BANK_DETAILS.accountNumber.slice(-4),
              }
            : {}),
          documents: {
            create: [
              {
                kind: "license",
                storageKey: await writeDemoFile(demoDocumentPath(driver.email, "licence.pdf"), DEMO_PDF),
                originalName: "licence.pdf",
                mimeType: "application/pdf",
                sizeBytes: DEMO_PDF.length,
              },
              {
                kind: "insurance",
                storageKey: await writeDemoFile(demoDocumentPath(driver.email, "insurance.pdf"), DEMO_PDF),
                originalName: "insurance.pdf",
                mimeType: "application/pdf",
                sizeBytes: DEMO_PDF.length,
              },
              {
                kind: "liability",
                storageKey: await writeDemoFile(demoDocumentPath(driver.email, "liability.pdf"), DEMO_PDF),
                originalName: "liability.pdf",
                mimeType: "application/pdf",
                sizeBytes: DEMO_PDF.length,
              },
              {
                kind: "vehiclePhoto",
                storageKey: await writeDemoFile(demoDocumentPath(driver.email, "van.png"), DEMO_PNG),
                originalName: "van.png",
                mimeType: "image/png",
                sizeBytes: DEMO_PNG.length,
              },
            ],
          },
        },
      }),
    );
  }
  return created;
}

type DemoBooking = {
  reference: string;
  customerIndex: number;
  driverIndex?: number;
  status: BookingStatus;
  paymentState: PaymentState;
  payment?: { provider: PaymentProvider; status: PaymentStatus; id: string };
  createdDaysAgo: number;
  price: PriceInput;
  /** A route with extra stops: each leg's miles, in route order (they add up to distanceMiles). */
  legMiles?: number[];
};

const BOOKINGS: DemoBooking[] = [
  {
    reference: "EM-7K2Q9D",
    customerIndex: 0,
    status: "pending",
    paymentState: "unpaid",
    createdDaysAgo: 0,
    payment: { provider: "stripe", status: "failed", id: "pi_demo_failed_0001" },
    price: {
      distanceMiles: 12,
      moveDate: daysFromToday(6),
      vanSize: "medium",
      helpers: 1,
      floorAccessPickup: "firstFloor",
      pickupAddress: "14 Duke Street, Chelmsford CM1 1HL",
      deliveryAddress: "3 Newland Street, Witham CM8 2AF",
    },
  },
  {
    reference: "EM-4PX8LM",
    customerIndex: 1,
    status: "pending",
    paymentState: "paid",
    createdDaysAgo: 0,
    payment: { provider: "paypal", status: "succeeded", id: "PAYPAL-DEMO-0002" },
    price: {
      distanceMiles: 6.4,
      moveDate: daysFromToday(9),
      vanSize: "large",
      helpers: 2,
      urgency: "priority",
      pickupAddress: "22 Kensington Church Street, London W8 4EP",
      deliveryAddress: "5 Portobello Road, London W11 3DA",
    },
  },
  {
    reference: "EM-9WD3RT",
    customerIndex: 2,
    driverIndex: 0,
    status: "assigned",
    paymentState: "paid",
    createdDaysAgo: 2,
    payment: { provider: "stripe", status: "succeeded", id: "pi_demo_paid_0003" },
    price: {
      distanceMiles: 2,
      moveDate: daysFromToday(2),
      vanSize: "small",
      pickupAddress: "1 Grey Street, Newcastle upon Tyne NE1 6EE",
      deliveryAddress: "40 Osborne Road, Newcastle upon Tyne NE2 2AL",
    },
  },
  {
    reference: "EM-2HN6VB",
    customerIndex: 0,
    driverIndex: 1,
    status: "in_progress",
    paymentState: "paid",
    createdDaysAgo: 4,
    payment: { provider: "sandbox", status: "succeeded", id: "sbx_demo_paid_0004" },
    price: {
      distanceMiles: 4.8,
      moveDate: daysFromToday(0),
      moveTime: "18:30",
      vanSize: "large",
      helpers: 1,
      floorAccessDelivery: "thirdFloorPlus",
      liftAvailablePickup: true,
      liftAvailableDelivery: true,
      pickupAddress: "10 Gresham Street, London EC2V 7JD",
      deliveryAddress: "88 Clapham High Street, London SW4 7UL",
    },
  },
  {
    reference: "EM-5JC1FZ",
    customerIndex: 3,
    driverIndex: 2,
    status: "completed",
    paymentState: "paid",
    createdDaysAgo: 14,
    payment: { provider: "stripe", status: "succeeded", id: "pi_demo_paid_0005" },
    price: {
      distanceMiles: 19.5,
      moveDate: daysFromToday(-10),
      vanSize: "medium",
      pickupAddress: "2 Colmore Row, Birmingham B3 2BJ",
      deliveryAddress: "12 Hertford Street, Coventry CV1 1LF",
    },
  },
  {
    reference: "EM-8RG4KS",
    customerIndex: 0,
    driverIndex: 0,
    status: "completed",
    paymentState: "paid",
    createdDaysAgo: 45,
    payment: { provider: "paypal", status: "succeeded", id: "PAYPAL-DEMO-0006" },
    price: {
      distanceMiles: 11.2,
      moveDate: daysFromToday(-40),
      vanSize: "luton",
      helpers: 2,
      pickupAddress: "5 Fawcett Street, Sunderland SR1 1RE",
      deliveryAddress: "20 Grainger Street, Newcastle upon Tyne NE1 5JG",
      items: [
        { name: "Sofa", quantity: 2 },
        { name: "Boxes", quantity: 40 },
      ],
    },
  },
  {
    // A multi-stop move (PRICING.md v2): a pickup on the way and a drop-off before the last one.
    reference: "EM-6MS2TP",
    customerIndex: 3,
    driverIndex: 1,
    status: "assigned",
    paymentState: "paid",
    createdDaysAgo: 1,
    payment: { provider: "sandbox", status: "succeeded", id: "sbx_demo_paid_0008" },
    legMiles: [7.5, 9, 6.5],
    price: {
      distanceMiles: 23,
      moveDate: daysFromToday(5),
      vanSize: "luton",
      helpers: 1,
      pickupAddress: "2 Colmore Row, Birmingham B3 2BJ",
      deliveryAddress: "12 Hertford Street, Coventry CV1 1LF",
      stops: [
        { address: "5 Poplar Road, Solihull B91 3AP", type: "pickup", floorAccess: "firstFloor", liftAvailable: false },
        { address: "9 Warwick Road, Kenilworth CV8 1HL", type: "dropoff", floorAccess: "ground", liftAvailable: false },
      ],
    },
  },
  {
    reference: "EM-3TB7NE",
    customerIndex: 1,
    status: "cancelled",
    paymentState: "refunded",
    createdDaysAgo: 6,
    payment: { provider: "stripe", status: "refunded", id: "pi_demo_refunded_0007" },
    price: {
      distanceMiles: 41,
      moveDate: daysFromToday(3),
      vanSize: "medium",
      helpers: 1,
      pickupAddress: "15 High Street, Southend-on-Sea SS1 1JE",
      deliveryAddress: "30 Upper Street, London N1 0PN",
    },
  },
];

async function createBookings(
  customers: { id: string; username: string; email: string; phone: string | null }[],
  driverIds: string[],
  adminId: string,
) {
  for (const demo of BOOKINGS) {
    const customer = customers[demo.customerIndex]!;
    const price = calculatePrice(demo.price);
    const createdAt = new Date(Date.now() - demo.createdDaysAgo * 24 * 60 * 60 * 1000);
    const quote = await db.quote.create({
      data: {
        customerId: customer.id,
        ...moveColumns(price),
        ...quotePriceColumns(price),
        legTenths: (demo.legMiles ?? []).map((miles) => Math.round(miles * 10)),
        stops: { create: (demo.price.stops ?? []).map((stop, index) => ({ ...stop, position: index + 1 })) },
        vanSizeChosen: demo.price.vanSize ?? "medium",
        helpersChosen: demo.price.helpers ?? 0,
        distanceSource: "seed",
        calculationMethod: "demo_data",
        exactCalculation: false,
        usingGoogleMaps: false,
        createdAt,
        items: {
          create: (demo.price.items ?? []).map((item, position) => ({
            name: item.name,
            quantity: item.quantity,
            position,
          })),
        },
      },
    });
    const driverId = demo.driverIndex === undefined ? null : driverIds[demo.driverIndex]!;
    const trackingStatus =
      demo.status === "assigned"
        ? "assigned"
        : demo.status === "in_progress"
          ? "en_route"
          : demo.status === "completed"
            ? "completed"
            : null;
    const booking = await db.booking.create({
      data: {
        reference: demo.reference,
        quoteId: quote.id,
        customerId: customer.id,
        driverId,
        status: demo.status,
        paymentState: demo.paymentState,
        trackingStatus,
        ...moveColumns(price),
        legTenths: (demo.legMiles ?? []).map((miles) => Math.round(miles * 10)),
        stops: { create: (demo.price.stops ?? []).map((stop, index) => ({ ...stop, position: index + 1 })) },
        customerName: customer.username,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        specialRequirements: demo.status === "in_progress" ? DEMO_TEXTS.specialRequirements : null,
        ...bookingPriceColumns(price),
        createdAt,
        cancelledAt: demo.status === "cancelled" ? new Date() : null,
        items: {
          create: (demo.price.items ?? []).map((item, position) => ({
            name: item.name,
            quantity: item.quantity,
            position,
          })),
        },
      },
    });
    if (demo.payment) {
      await db.payment.create({
        data: {
          bookingId: booking.id,
          provider: demo.payment.provider,
          providerPaymentId: demo.payment.id,
          amountPence: price.finalPrice,
          status: demo.payment.status,
          method: demo.payment.provider === "paypal" ? "paypal" : "card",
          customerName: customer.username,
          customerEmail: customer.email,
          createdAt,
        },
      });
    }
    if (trackingStatus) {
      await db.trackingEvent.create({
        data: { bookingId: booking.id, status: "assigned", createdById: adminId, note: "Driver assigned", createdAt },
      });
      if (trackingStatus !== "assigned") {
        await db.trackingEvent.create({
          data: {
            bookingId: booking.id,
            status: trackingStatus,
            latitude: 51.5,
            longitude: -0.12,
            etaMinutes: trackingStatus === "en_route" ? 25 : null,
          },
        });
      }
      await db.auditLog.create({
        data: {
          actorId: adminId,
          action: "booking.assign_driver",
          targetType: "Booking",
          targetId: booking.id,
          details: { driverId },
        },
      });
    }
    if (demo.status === "in_progress") {
      await db.chatMessage.createMany({
        data: [
          {
            bookingId: booking.id,
            sender: "user",
            senderUserId: customer.id,
            content: DEMO_TEXTS.chatFromCustomer,
            readAt: new Date(),
          },
          { bookingId: booking.id, sender: "driver", content: DEMO_TEXTS.chatFromDriver },
        ],
      });
    }
    if (demo.status === "cancelled") {
      await db.supportRequest.create({
        data: {
          bookingId: booking.id,
          userId: customer.id,
          kind: "complaint",
          message: DEMO_TEXTS.refundComplaint,
        },
      });
    }
    // A completed move earned its driver their share: payable 48 hours after the
    // proof of delivery, so the admins' payouts page and the driver's earnings show money.
    if (demo.status === "completed" && driverId) {
      const completedAt = new Date(`${demo.price.moveDate}T15:00:00Z`);
      await db.booking.update({ where: { id: booking.id }, data: { completedAt } });
      await db.driverLedgerEntry.create({
        data: {
          key: `earning:${booking.id}`,
          driverId,
          bookingId: booking.id,
          kind: "earning",
          amountPence: booking.driverShare,
          availableAt: payableFrom(completedAt),
        },
      });
    }
    // A driver's rating is the average of real ratings: Alice rated her move; Daniel's
    // completed move is left for him to rate on the tracker.
    if (demo.status === "completed" && driverId && demo.customerIndex === 0) {
      await db.driverRating.create({
        data: {
          bookingId: booking.id,
          driverId,
          customerId: customer.id,
          stars: 5,
          comment: DEMO_TEXTS.ratingComment,
        },
      });
    }
    if (demo.status === "completed" && demo.customerIndex === 3) {
      await db.supportRequest.create({
        data: {
          bookingId: booking.id,
          userId: customer.id,
          kind: "support",
          status: "resolved",
          message: DEMO_TEXTS.receiptQuestion,
          resolvedAt: new Date(),
        },
      });
      await db.discountCode.create({
        data: {
          code: "RETURN10",
          percent: 10,
          customerId: customer.id,
          expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
        },
      });
    }
  }
}

/** Production (NODE_ENV=production on a database the scripts did not make) gets no demo data. */
function refusesProduction() {
  const production = process.env.NODE_ENV === "production" && process.env.LOCAL_DATABASE !== "1";
  return production && !process.argv.includes("--demo");
}

async function main() {
  if (refusesProduction()) {
    console.error(
      "Not seeding: this is production (NODE_ENV=production with an external DATABASE_URL), and demo accounts with known passwords do not belong there. " +
        "Run `npm run db:seed -- --demo` to seed a staging database on purpose.",
    );
    process.exitCode = 1;
    return;
  }
  if ((await db.user.count()) > 0) {
    console.log("Database already has data; the demo seed was skipped.");
    return;
  }
  const admin = await db.user.create({
    data: {
      username: "EasyMove Admin",
      email: ADMIN_EMAIL,
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      role: "admin",
    },
  });
  const customers = await createCustomers();
  const drivers = await createDrivers(admin.id);
  await createBookings(
    customers,
    drivers.map((driver) => driver.id),
    admin.id,
  );
  for (const driver of drivers) {
    const ratings = await db.driverRating.aggregate({
      where: { driverId: driver.id },
      _sum: { stars: true },
      _count: { _all: true },
    });
    await db.driver.update({
      where: { id: driver.id },
      data: {
        ratingTenths: averageTenths(ratings._sum.stars ?? 0, ratings._count._all),
        ratingCount: ratings._count._all,
      },
    });
  }

  console.log(`Demo data created.
  Admin:     ${ADMIN_EMAIL} / ${ADMIN_PASSWORD}   (set ADMIN_EMAIL / ADMIN_PASSWORD to change)
  Customers: alice@example.com, ben@example.com, chloe@example.com ... / ${DEMO_PASSWORD}
  Drivers:   mark.driver@example.com, priya.driver@example.com, tom.driver@example.com / ${DEMO_PASSWORD}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
