-- The payment that paid each booking, so a second payment of it is the one refunded.
ALTER TABLE "Booking" ADD COLUMN "paidByPaymentId" TEXT;
CREATE UNIQUE INDEX "Booking_paidByPaymentId_key" ON "Booking"("paidByPaymentId");
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_paidByPaymentId_fkey" FOREIGN KEY ("paidByPaymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Bookings paid before: their first charge that still stands (a second one was refunded, or its
-- refund refused and it is still recorded as succeeded; the first was the one that paid).
UPDATE "Booking" AS b
SET "paidByPaymentId" = (
  SELECT p."id" FROM "Payment" AS p
  WHERE p."bookingId" = b."id" AND p."refundOfId" IS NULL AND p."status" = 'succeeded'
  ORDER BY p."createdAt" ASC, p."id" ASC
  LIMIT 1
)
WHERE b."paymentState" <> 'unpaid';
