-- The admin lists' order is "createdAt" DESC, "id" DESC. With an index on "createdAt" alone,
-- a page of 25 read every row sharing the newest timestamp (rows made in one statement share
-- it: 5,000 jobs opened at once read 5,000 rows for a page). The id in the index ends that.
DROP INDEX "Booking_status_createdAt_idx";
DROP INDEX "Booking_createdAt_idx";
CREATE INDEX "Booking_status_createdAt_id_idx" ON "Booking"("status", "createdAt", "id");
CREATE INDEX "Booking_createdAt_id_idx" ON "Booking"("createdAt", "id");
