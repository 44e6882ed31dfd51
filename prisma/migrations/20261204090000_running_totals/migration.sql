-- Running totals for the admin's figures (bookings by status, revenue), kept by the database
-- so that every write path counts, whatever code makes it: statement triggers append what each
-- INSERT, UPDATE or DELETE changed to "StatDelta" (rows only ever added, so writers never wait
-- on one another), and housekeeping folds them into "StatTotal". A total is its StatTotal row
-- plus its deltas. The script runs as one transaction: the triggers' locks hold writes off
-- until the totals below are counted.
CREATE TABLE "StatTotal" (
    "key" TEXT NOT NULL,
    "value" BIGINT NOT NULL,

    CONSTRAINT "StatTotal_pkey" PRIMARY KEY ("key")
);

CREATE TABLE "StatDelta" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "delta" BIGINT NOT NULL,

    CONSTRAINT "StatDelta_pkey" PRIMARY KEY ("id")
);

-- Bookings by status: "bookings:<status>". An update that moves no total (most of them) writes
-- no delta: only changes that do not cancel out are kept.
CREATE FUNCTION "stat_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'bookings:' || "status", count(*) FROM "new_rows" GROUP BY "status";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'bookings:' || "status", -count(*) FROM "old_rows" GROUP BY "status";
  ELSE
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'bookings:' || "status", sum("change") FROM (
      SELECT "status", 1 AS "change" FROM "new_rows"
      UNION ALL SELECT "status", -1 FROM "old_rows"
    ) AS "moved" GROUP BY "status" HAVING sum("change") <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "stat_bookings_inserted" AFTER INSERT ON "Booking"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_bookings_changed"();
CREATE TRIGGER "stat_bookings_updated" AFTER UPDATE ON "Booking"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_bookings_changed"();
CREATE TRIGGER "stat_bookings_deleted" AFTER DELETE ON "Booking"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_bookings_changed"();

-- Payments by status ("payments:<status>", a count) and money: "revenue:succeeded" (succeeded
-- payments) and "revenue:price-refunds" (refunds of the price: their own rows, a claim's
-- compensation not among them), in pence.
CREATE FUNCTION "stat_payment_amounts"("status" "PaymentStatus", "refundOfId" TEXT, "damageClaimId" TEXT, "amountPence" INTEGER)
RETURNS TABLE ("key" TEXT, "amount" BIGINT) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'payments:' || "status", 1::BIGINT
  UNION ALL
  SELECT 'revenue:succeeded', "amountPence"::BIGINT WHERE "status" = 'succeeded'
  UNION ALL
  SELECT 'revenue:price-refunds', "amountPence"::BIGINT
  WHERE "refundOfId" IS NOT NULL AND "damageClaimId" IS NULL AND "status" = 'refunded'
$$;

CREATE FUNCTION "stat_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "money"."key", sum("money"."amount") FROM "new_rows",
      LATERAL "stat_payment_amounts"("new_rows"."status", "new_rows"."refundOfId", "new_rows"."damageClaimId", "new_rows"."amountPence") AS "money"
    GROUP BY "money"."key";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "money"."key", -sum("money"."amount") FROM "old_rows",
      LATERAL "stat_payment_amounts"("old_rows"."status", "old_rows"."refundOfId", "old_rows"."damageClaimId", "old_rows"."amountPence") AS "money"
    GROUP BY "money"."key";
  ELSE
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "key", sum("amount") FROM (
      SELECT "money".* FROM "new_rows",
        LATERAL "stat_payment_amounts"("new_rows"."status", "new_rows"."refundOfId", "new_rows"."damageClaimId", "new_rows"."amountPence") AS "money"
      UNION ALL
      SELECT "money"."key", -"money"."amount" FROM "old_rows",
        LATERAL "stat_payment_amounts"("old_rows"."status", "old_rows"."refundOfId", "old_rows"."damageClaimId", "old_rows"."amountPence") AS "money"
    ) AS "moved" GROUP BY "key" HAVING sum("amount") <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "stat_payments_inserted" AFTER INSERT ON "Payment"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_payments_changed"();
CREATE TRIGGER "stat_payments_updated" AFTER UPDATE ON "Payment"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_payments_changed"();
CREATE TRIGGER "stat_payments_deleted" AFTER DELETE ON "Payment"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_payments_changed"();

-- What is there already.
INSERT INTO "StatTotal" ("key", "value")
SELECT 'bookings:' || "status", count(*) FROM "Booking" GROUP BY "status";
INSERT INTO "StatTotal" ("key", "value")
SELECT "money"."key", sum("money"."amount") FROM "Payment",
  LATERAL "stat_payment_amounts"("Payment"."status", "Payment"."refundOfId", "Payment"."damageClaimId", "Payment"."amountPence") AS "money"
GROUP BY "money"."key";
