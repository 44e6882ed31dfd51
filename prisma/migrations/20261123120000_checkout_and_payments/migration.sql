-- CreateEnum
CREATE TYPE "SandboxCheckoutStatus" AS ENUM ('open', 'paid', 'failed');

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "breakdown" JSONB NOT NULL DEFAULT '[]',
ALTER COLUMN "customerName" DROP NOT NULL,
ALTER COLUMN "customerEmail" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "failureMessage" TEXT;

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" TEXT NOT NULL,
    "provider" "PaymentProvider" NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxCheckout" (
    "id" TEXT NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "amountPence" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'gbp',
    "status" "SandboxCheckoutStatus" NOT NULL DEFAULT 'open',
    "declineMessage" TEXT,
    "cardLast4" TEXT,
    "bookingId" TEXT,
    "customerEmail" TEXT,
    "description" TEXT NOT NULL,
    "successUrl" TEXT,
    "cancelUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxCheckout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SandboxCheckout_paymentIntentId_key" ON "SandboxCheckout"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxCheckout_idempotencyKey_key" ON "SandboxCheckout"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Booking_quoteId_key" ON "Booking"("quoteId");

-- CreateIndex
CREATE INDEX "Payment_providerSessionId_idx" ON "Payment"("providerSessionId");

