#!/usr/bin/env node
// Bulk data for the cost-growth bench: N bookings, each with a customer account (one for
// every 4 bookings), a payment, and a refund on every 20th. One INSERT ... SELECT
// generate_series per table, so 100,000 bookings take seconds.
//   node scripts/bench/seed-volume.mjs <bookings> [database url]   (default DATABASE_URL)
// Adds to what is there (the demo seed) rather than replacing it; rows carry a "vol-" prefix
// (ids and references) so a second call with a new size adds only the difference.
import pg from "pg";

export async function seedVolume(databaseUrl, bookings) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from "Booking" where id like 'vol-%'`);
    const from = rows[0].n + 1;
    const to = bookings;
    if (to < from) return;
    const customersFrom = Math.ceil(from / 4);
    const customersTo = Math.ceil(to / 4);
    await client.query("begin");
    await client.query(
      `insert into "User" (id, username, email, role, "isActive", "createdAt", "updatedAt")
       select 'vol-u' || n, 'Volume Customer ' || n, 'volume' || n || '@example.com', 'customer', n % 50 <> 0,
              now() - make_interval(mins => n), now()
       from generate_series($1::int, $2::int) as n
       on conflict do nothing`,
      [customersFrom, customersTo],
    );
    await client.query(
      `insert into "Booking" (id, reference, "customerId", status, "paymentState", "pickupAddress", "deliveryAddress",
                              "moveDate", "moveTime", "vanSize", helpers, "distanceTenths", "estimatedHours",
                              "customerName", "customerEmail", "subTotal", "platformFee", "driverShare", "vatAmount",
                              "originalPrice", "finalPrice", "createdAt", "updatedAt")
       select 'vol-b' || n, 'VL-' || lpad(to_hex(n), 6, '0'), 'vol-u' || ((n + 3) / 4),
              (array['pending','assigned','in_progress','completed','cancelled'])[1 + n % 5]::"BookingStatus",
              (case when n % 6 = 0 then 'unpaid' else 'paid' end)::"PaymentState",
              n || ' High Street, Newcastle NE1 6EE', n || ' Osborne Road, Newcastle NE2 2AL',
              current_date + (n % 60) - 30, '09:00',
              (array['small','medium','large','luton'])[1 + n % 4]::"VanSize", n % 3, 30 + n % 400, 2 + n % 5,
              'Volume Customer ' || ((n + 3) / 4), 'volume' || ((n + 3) / 4) || '@example.com',
              8000 + n % 9000, 1500, 6500 + n % 9000, 1900, 11400 + n % 9000, 11400 + n % 9000,
              now() - make_interval(mins => n), now()
       from generate_series($1::int, $2::int) as n`,
      [from, to],
    );
    await client.query(
      `insert into "Payment" (id, "bookingId", provider, "providerPaymentId", "amountPence", status, method,
                              "customerName", "customerEmail", "createdAt", "updatedAt")
       select 'vol-p' || n, 'vol-b' || n, (array['stripe','paypal','sandbox'])[1 + n % 3]::"PaymentProvider", 'vol_pay_' || n,
              11400 + n % 9000, (case when n % 6 = 0 then 'failed' else 'succeeded' end)::"PaymentStatus", 'card',
              'Volume Customer ' || ((n + 3) / 4), 'volume' || ((n + 3) / 4) || '@example.com',
              now() - make_interval(mins => n), now()
       from generate_series($1::int, $2::int) as n`,
      [from, to],
    );
    await client.query(
      `insert into "Payment" (id, "bookingId", provider, "providerPaymentId", "amountPence", status, method, "refundOfId",
                              "customerName", "customerEmail", "createdAt", "updatedAt")
       select 'vol-r' || n, 'vol-b' || n, (array['stripe','paypal','sandbox'])[1 + n % 3]::"PaymentProvider", 'vol_refund_' || n,
              5000, 'refunded', 'refund', 'vol-p' || n,
              'Volume Customer ' || ((n + 3) / 4), 'volume' || ((n + 3) / 4) || '@example.com',
              now() - make_interval(mins => n) + interval '1 hour', now()
       from generate_series($1::int, $2::int) as n where n % 20 = 0`,
      [from, to],
    );
    await client.query("commit");
    // Vacuumed as well as analysed, as autovacuum keeps a live database: measured straight after a
    // bulk load, a page would run beside autovacuum's first pass over millions of rows.
    await client.query(`vacuum analyze "User", "Booking", "Payment"`);
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bookings = Number(process.argv[2]);
  const url = process.argv[3] ?? process.env.DATABASE_URL;
  if (!Number.isInteger(bookings) || bookings < 1 || !url) {
    console.error("Usage: node scripts/bench/seed-volume.mjs <bookings> [database url]  (or set DATABASE_URL)");
    process.exit(1);
  }
  const started = Date.now();
  await seedVolume(url, bookings);
  console.log(`${bookings} volume bookings in place (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
