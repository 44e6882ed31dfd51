-- One statement a migration: CONCURRENTLY cannot run in the transaction a longer script makes.
DROP INDEX CONCURRENTLY "Booking_status_createdAt_idx";
