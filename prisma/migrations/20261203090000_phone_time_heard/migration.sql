-- Whose phone times are believed: when the server last heard from each driver, what time each
-- kept action's phone gave, and, on a step, why the phone's time was not believed.
ALTER TABLE "Driver" ADD COLUMN "lastHeardAt" TIMESTAMP(3);
ALTER TABLE "TrackingEvent" ADD COLUMN "phoneAt" TIMESTAMP(3);
ALTER TABLE "TrackingEvent" ADD COLUMN "phoneOnlineAt" TIMESTAMP(3);
ALTER TABLE "DriverAction" ADD COLUMN "phoneAt" TIMESTAMP(3);
DROP INDEX "DriverAction_userId_idx";
CREATE INDEX "DriverAction_userId_phoneAt_idx" ON "DriverAction"("userId", "phoneAt");
