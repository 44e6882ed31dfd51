-- Issue 36: damage claims under a move's cover (PRICING.md v3 "Claims").
-- CreateEnum
CREATE TYPE "DamageClaimState" AS ENUM ('submitted', 'under_review', 'offered', 'accepted', 'paid', 'declined');

-- CreateEnum
CREATE TYPE "DamageClaimFileKind" AS ENUM ('photo', 'proof_of_value');

-- AlterEnum
ALTER TYPE "SupportRequestKind" ADD VALUE 'claim';

-- CreateTable
CREATE TABLE "DamageClaim" (
    "id" TEXT NOT NULL,
    "bookingId" TEXT NOT NULL,
    "customerId" TEXT,
    "ticketId" TEXT NOT NULL,
    "deliveryProofId" TEXT,
    "state" "DamageClaimState" NOT NULL DEFAULT 'submitted',
    "declaredValue" INTEGER,
    "claimedPence" INTEGER NOT NULL,
    "payablePence" INTEGER NOT NULL,
    "offeredPence" INTEGER,
    "declineReason" TEXT,
    "disputeReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DamageClaim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DamageClaimItem" (
    "id" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "amountPence" INTEGER NOT NULL,
    "payablePence" INTEGER NOT NULL,

    CONSTRAINT "DamageClaimItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DamageClaimFile" (
    "id" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "kind" "DamageClaimFileKind" NOT NULL,
    "storageKey" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DamageClaimFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DamageClaim_ticketId_key" ON "DamageClaim"("ticketId");

-- CreateIndex
CREATE INDEX "DamageClaim_bookingId_idx" ON "DamageClaim"("bookingId");

-- CreateIndex
CREATE INDEX "DamageClaim_state_createdAt_idx" ON "DamageClaim"("state", "createdAt");

-- CreateIndex
CREATE INDEX "DamageClaimItem_claimId_idx" ON "DamageClaimItem"("claimId");

-- CreateIndex
CREATE UNIQUE INDEX "DamageClaimFile_storageKey_key" ON "DamageClaimFile"("storageKey");

-- CreateIndex
CREATE INDEX "DamageClaimFile_claimId_idx" ON "DamageClaimFile"("claimId");

-- AddForeignKey
ALTER TABLE "DamageClaim" ADD CONSTRAINT "DamageClaim_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaim" ADD CONSTRAINT "DamageClaim_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaim" ADD CONSTRAINT "DamageClaim_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "SupportRequest"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaim" ADD CONSTRAINT "DamageClaim_deliveryProofId_fkey" FOREIGN KEY ("deliveryProofId") REFERENCES "DeliveryProof"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaimItem" ADD CONSTRAINT "DamageClaimItem_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "DamageClaim"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaimFile" ADD CONSTRAINT "DamageClaimFile_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "DamageClaim"("id") ON DELETE CASCADE ON UPDATE CASCADE;

