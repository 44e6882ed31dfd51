-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'excess';

-- AlterTable
ALTER TABLE "DamageClaim" ADD COLUMN     "bankAccountLast4" TEXT,
ADD COLUMN     "bankAccountName" TEXT,
ADD COLUMN     "bankAccountNumberEncrypted" TEXT,
ADD COLUMN     "bankBatchId" TEXT,
ADD COLUMN     "bankPaidAt" TIMESTAMP(3),
ADD COLUMN     "bankPence" INTEGER,
ADD COLUMN     "bankSortCodeEncrypted" TEXT,
ADD COLUMN     "excessPence" INTEGER,
ADD COLUMN     "excessReason" TEXT,
ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "paidById" TEXT,
ADD COLUMN     "refundPence" INTEGER;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "damageClaimId" TEXT;

-- CreateIndex
CREATE INDEX "DamageClaim_bankBatchId_idx" ON "DamageClaim"("bankBatchId");

-- CreateIndex
CREATE INDEX "Payment_damageClaimId_idx" ON "Payment"("damageClaimId");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_damageClaimId_fkey" FOREIGN KEY ("damageClaimId") REFERENCES "DamageClaim"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageClaim" ADD CONSTRAINT "DamageClaim_bankBatchId_fkey" FOREIGN KEY ("bankBatchId") REFERENCES "PayoutBatch"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

