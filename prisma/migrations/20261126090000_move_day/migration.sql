-- The day-before reminder is sent once per booking.
ALTER TABLE "Booking" ADD COLUMN "reminderSentAt" TIMESTAMP(3);
-- When the move was completed: a customer may report a problem for 48 hours after it.
ALTER TABLE "Booking" ADD COLUMN "completedAt" TIMESTAMP(3);

-- Proof of delivery: one per drop-off, with its photos.
CREATE TABLE "DeliveryProof" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "stop" INTEGER NOT NULL DEFAULT 0,
    "recipientName" TEXT NOT NULL,
    "signatureKey" TEXT,
    "signedName" TEXT,
    "damageNotes" TEXT,
    "recordedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeliveryProof_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "DeliveryPhoto" (
    "id" TEXT NOT NULL,
    "proofId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeliveryPhoto_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "DeliveryProof_bookingId_stop_key" ON "DeliveryProof"("bookingId", "stop");
CREATE UNIQUE INDEX "DeliveryPhoto_storageKey_key" ON "DeliveryPhoto"("storageKey");
CREATE INDEX "DeliveryPhoto_proofId_idx" ON "DeliveryPhoto"("proofId");
-- The reminder job looks for tomorrow's unreminded moves.
CREATE INDEX "Booking_moveDate_reminderSentAt_idx" ON "Booking"("moveDate", "reminderSentAt");

ALTER TABLE "DeliveryProof" ADD CONSTRAINT "DeliveryProof_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DeliveryPhoto" ADD CONSTRAINT "DeliveryPhoto_proofId_fkey" FOREIGN KEY ("proofId") REFERENCES "DeliveryProof"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The driver's live position: the latest point per job, and the job's track (kept 30 days).
CREATE TABLE "DriverPosition" (
    "bookingId" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracyMetres" INTEGER,
    "recordedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DriverPosition_pkey" PRIMARY KEY ("bookingId")
);

CREATE TABLE "PositionPoint" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PositionPoint_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "PositionPoint_bookingId_recordedAt_idx" ON "PositionPoint"("bookingId", "recordedAt");
-- The clean-up finds ended jobs by when they ended.
CREATE INDEX "Booking_completedAt_idx" ON "Booking"("completedAt");

ALTER TABLE "DriverPosition" ADD CONSTRAINT "DriverPosition_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PositionPoint" ADD CONSTRAINT "PositionPoint_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
