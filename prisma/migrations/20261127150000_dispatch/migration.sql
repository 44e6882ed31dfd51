-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "needsDriverAt" TIMESTAMP(3),
ADD COLUMN     "openedAt" TIMESTAMP(3),
ADD COLUMN     "takenAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Driver" ADD COLUMN     "basePostcode" TEXT,
ADD COLUMN     "jobsPerDay" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN     "unavailableDates" DATE[],
ADD COLUMN     "workingRadiusMiles" INTEGER NOT NULL DEFAULT 25;

-- CreateTable
CREATE TABLE "DispatchOffer" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "wave" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DispatchOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DispatchOffer_driverId_idx" ON "DispatchOffer"("driverId");

-- CreateIndex
CREATE UNIQUE INDEX "DispatchOffer_bookingId_driverId_key" ON "DispatchOffer"("bookingId", "driverId");

-- CreateIndex
CREATE INDEX "Booking_openedAt_idx" ON "Booking"("openedAt");

-- AddForeignKey
ALTER TABLE "DispatchOffer" ADD CONSTRAINT "DispatchOffer_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DispatchOffer" ADD CONSTRAINT "DispatchOffer_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "Driver"("id") ON DELETE CASCADE ON UPDATE CASCADE;
