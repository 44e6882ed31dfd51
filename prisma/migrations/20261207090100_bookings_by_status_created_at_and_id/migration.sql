-- One statement a migration: CONCURRENTLY cannot run in the transaction a longer script makes.
CREATE INDEX CONCURRENTLY "Booking_status_createdAt_id_idx" ON "Booking"("status", "createdAt", "id");
