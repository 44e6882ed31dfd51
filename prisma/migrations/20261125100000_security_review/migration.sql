-- One discount code per customer and tier: concurrent first offers could issue two.
DELETE FROM "DiscountCode" AS later
USING "DiscountCode" AS earlier
WHERE later."customerId" = earlier."customerId"
  AND later."code" = earlier."code"
  AND (later."issuedAt", later."id") > (earlier."issuedAt", earlier."id");

DROP INDEX "DiscountCode_customerId_code_idx";
CREATE UNIQUE INDEX "DiscountCode_customerId_code_key" ON "DiscountCode"("customerId", "code");

-- Sessions end after a spell of disuse too (30 minutes for admins, 14 days for others).
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Two-factor sign-in for admins: a TOTP secret (encrypted) and one-time recovery codes.
ALTER TABLE "User" ADD COLUMN     "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN     "totpLastStep" INTEGER,
ADD COLUMN     "totpSecret" TEXT;

CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RecoveryCode_userId_idx" ON "RecoveryCode"("userId");

ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
