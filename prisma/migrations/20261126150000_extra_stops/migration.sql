-- Extra stops (PRICING.md v2): a quote and a booking keep their stops in route order and each
-- leg's distance; a booking's stop is marked done by its driver.
-- CreateEnum
CREATE TYPE "StopType" AS ENUM ('pickup', 'dropoff');

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "legTenths" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- AlterTable
ALTER TABLE "TrackingEvent" ADD COLUMN     "stop" INTEGER;

-- AlterTable
ALTER TABLE "Quote" ADD COLUMN     "legTenths" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateTable
CREATE TABLE "QuoteStop" (
    "id" TEXT NOT NULL,
    "quoteId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "type" "StopType" NOT NULL,
    "address" TEXT NOT NULL,
    "floorAccess" "FloorAccess" NOT NULL DEFAULT 'ground',
    "liftAvailable" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "QuoteStop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BookingStop" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "type" "StopType" NOT NULL,
    "address" TEXT NOT NULL,
    "floorAccess" "FloorAccess" NOT NULL DEFAULT 'ground',
    "liftAvailable" BOOLEAN NOT NULL DEFAULT false,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "BookingStop_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "QuoteStop_quoteId_position_key" ON "QuoteStop"("quoteId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "BookingStop_bookingId_position_key" ON "BookingStop"("bookingId", "position");

-- AddForeignKey
ALTER TABLE "QuoteStop" ADD CONSTRAINT "QuoteStop_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BookingStop" ADD CONSTRAINT "BookingStop_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

