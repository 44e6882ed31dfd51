-- PRICING.md v3: goods cover on quotes and bookings.
ALTER TABLE "Quote" ADD COLUMN "declaredValue" INTEGER, ADD COLUMN "coverFee" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Booking" ADD COLUMN "declaredValue" INTEGER, ADD COLUMN "coverFee" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Invoice" ADD COLUMN "coverFeePence" INTEGER NOT NULL DEFAULT 0, ADD COLUMN "declaredValue" INTEGER;
