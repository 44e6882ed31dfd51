-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "providerId" TEXT;

-- CreateTable
CREATE TABLE "TextOptOut" (
    "phone" TEXT NOT NULL,
    "optedOutAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TextOptOut_pkey" PRIMARY KEY ("phone")
);

-- CreateIndex
CREATE UNIQUE INDEX "Message_providerId_key" ON "Message"("providerId");
