-- Offers are stored, one row per driver and open job, and read as the driver's list: the
-- points that find the drivers near a job, the wave a job's offers are made for, and which
-- drivers' offers must be worked out again.
ALTER TABLE "Booking" ADD COLUMN "offersWave" INTEGER,
ADD COLUMN "pickupLat" DOUBLE PRECISION,
ADD COLUMN "pickupLng" DOUBLE PRECISION;

ALTER TABLE "Driver" ADD COLUMN "baseLat" DOUBLE PRECISION,
ADD COLUMN "baseLng" DOUBLE PRECISION,
ADD COLUMN "offersStale" BOOLEAN NOT NULL DEFAULT true;

CREATE INDEX "Driver_baseLat_baseLng_idx" ON "Driver"("baseLat", "baseLng");

-- An offer row now lives only while its job is open: rows of jobs taken, given or ended go.
DELETE FROM "DispatchOffer" o USING "Booking" b
WHERE o."bookingId" = b."id"
  AND NOT (b."openedAt" IS NOT NULL AND b."driverId" IS NULL AND b."status" = 'pending' AND b."paymentState" = 'paid');
