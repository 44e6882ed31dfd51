-- CreateEnum
CREATE TYPE "DriverJobEventKind" AS ENUM ('arrival', 'dropped');

-- CreateTable
CREATE TABLE "DriverJobEvent" (
    "id" TEXT NOT NULL,
    "driverId" TEXT NOT NULL,
    "bookingId" TEXT,
    "kind" "DriverJobEventKind" NOT NULL,
    "minutesLate" INTEGER,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DriverJobEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DriverJobEvent_driverId_kind_idx" ON "DriverJobEvent"("driverId", "kind");

-- CreateIndex
CREATE INDEX "DriverJobEvent_bookingId_idx" ON "DriverJobEvent"("bookingId");

-- AddForeignKey
ALTER TABLE "DriverJobEvent" ADD CONSTRAINT "DriverJobEvent_driverId_fkey" FOREIGN KEY ("driverId") REFERENCES "Driver"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DriverJobEvent" ADD CONSTRAINT "DriverJobEvent_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;

