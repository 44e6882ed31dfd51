-- When the customer was told how their claim was paid. Claims paid before this column were
-- told in the payment's own request.
ALTER TABLE "DamageClaim" ADD COLUMN "paidNoticeAt" TIMESTAMP(3);
UPDATE "DamageClaim" SET "paidNoticeAt" = "paidAt" WHERE "state" = 'paid';
