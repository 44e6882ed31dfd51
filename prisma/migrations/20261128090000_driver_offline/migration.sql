-- Issue 35: the driver's steps, proofs and messages kept on the phone without a signal.

-- When each step and proof happened (the phone's time), beside when it was received (createdAt).
ALTER TABLE "TrackingEvent" ADD COLUMN "happenedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "TrackingEvent" SET "happenedAt" = "createdAt";
CREATE INDEX "TrackingEvent_bookingId_happenedAt_idx" ON "TrackingEvent"("bookingId", "happenedAt");

ALTER TABLE "DeliveryProof" ADD COLUMN "happenedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "DeliveryProof" SET "happenedAt" = "createdAt";

-- Each kept action applied, by the phone's own id: a second delivery applies nothing.
CREATE TABLE "DriverAction" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "happenedAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DriverAction_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "DriverAction_bookingId_idx" ON "DriverAction"("bookingId");
CREATE INDEX "DriverAction_userId_idx" ON "DriverAction"("userId");
ALTER TABLE "DriverAction" ADD CONSTRAINT "DriverAction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DriverAction" ADD CONSTRAINT "DriverAction_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
