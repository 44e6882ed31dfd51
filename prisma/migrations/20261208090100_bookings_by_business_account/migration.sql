-- A business's orders, newest first. Built CONCURRENTLY, as docs/DEPLOY.md asks of large tables:
-- one statement a migration, since CONCURRENTLY cannot run in a transaction.
CREATE INDEX CONCURRENTLY "Booking_businessAccountId_createdAt_idx" ON "Booking"("businessAccountId", "createdAt");
