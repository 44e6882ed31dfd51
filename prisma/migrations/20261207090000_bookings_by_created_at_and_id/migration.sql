-- The admin lists' order is "createdAt" DESC, "id" DESC. With an index on "createdAt" alone, a
-- page of 25 read every row sharing the newest timestamp (rows made in one statement share it:
-- 5,000 jobs opened at once read 5,000 rows for a page); the id in the index ends that. Built
-- CONCURRENTLY, as docs/DEPLOY.md asks of large tables, so bookings are written meanwhile: one
-- statement a migration, since CONCURRENTLY cannot run in the transaction a longer script makes.
-- The next migrations add the same for a status's list, then drop the indexes these replace.
CREATE INDEX CONCURRENTLY "Booking_createdAt_id_idx" ON "Booking"("createdAt", "id");
