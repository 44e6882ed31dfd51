-- Consent to texts (issue 33): per booking (the checkout's box) and per account (/account).
ALTER TABLE "Booking" ADD COLUMN "textUpdates" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "User" ADD COLUMN "textUpdates" BOOLEAN NOT NULL DEFAULT true;
