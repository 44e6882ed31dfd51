-- Of a payout, what was kept against what the driver owed back (a Stripe transfer carries the rest).
ALTER TABLE "Payout" ADD COLUMN "recoveredPence" INTEGER NOT NULL DEFAULT 0;
