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
