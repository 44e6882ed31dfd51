-- Running totals of messages by state, and daily running totals for the dashboard's windows (new users and drivers in the last 30 days,
-- bookings made today), kept as the other running totals are: statement triggers append to
-- "StatDelta" what each write changed, under a key of the row's UK day of creation:
-- "day:users:<role>:<YYYY-MM-DD>", "day:drivers:<YYYY-MM-DD>", "day:bookings:<YYYY-MM-DD>".
-- A window is then the sum of a few keys in order, not a count of the rows it holds.
CREATE FUNCTION "stat_uk_day"("at" TIMESTAMP(3)) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(("at" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')
$$;

-- Accounts by role and day joined. An account's role may change (a customer approved as a
-- driver), so updates count too; only changes that do not cancel out are kept.
CREATE FUNCTION "stat_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'day:users:' || "role" || ':' || "stat_uk_day"("createdAt"), count(*) FROM "new_rows" GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'day:users:' || "role" || ':' || "stat_uk_day"("createdAt"), -count(*) FROM "old_rows" GROUP BY 1;
  ELSE
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "key", sum("change") FROM (
      SELECT 'day:users:' || "role" || ':' || "stat_uk_day"("createdAt") AS "key", 1 AS "change" FROM "new_rows"
      UNION ALL SELECT 'day:users:' || "role" || ':' || "stat_uk_day"("createdAt"), -1 FROM "old_rows"
    ) AS "moved" GROUP BY "key" HAVING sum("change") <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "stat_users_inserted" AFTER INSERT ON "User"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_users_changed"();
CREATE TRIGGER "stat_users_updated" AFTER UPDATE ON "User"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_users_changed"();
CREATE TRIGGER "stat_users_deleted" AFTER DELETE ON "User"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_users_changed"();

-- Driver applications and bookings by the day they were made. The app never moves that day,
-- but a script or a test may; an update that does is counted like any other.
CREATE FUNCTION "stat_created_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "prefix" TEXT := CASE TG_TABLE_NAME WHEN 'Driver' THEN 'day:drivers:' ELSE 'day:bookings:' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "prefix" || "stat_uk_day"("createdAt"), count(*) FROM "new_rows" GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "prefix" || "stat_uk_day"("createdAt"), -count(*) FROM "old_rows" GROUP BY 1;
  ELSE
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT "key", sum("change") FROM (
      SELECT "prefix" || "stat_uk_day"("createdAt") AS "key", 1 AS "change" FROM "new_rows"
      UNION ALL SELECT "prefix" || "stat_uk_day"("createdAt"), -1 FROM "old_rows"
    ) AS "moved" GROUP BY "key" HAVING sum("change") <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "stat_drivers_inserted" AFTER INSERT ON "Driver"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();
CREATE TRIGGER "stat_drivers_updated" AFTER UPDATE ON "Driver"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();
CREATE TRIGGER "stat_drivers_deleted" AFTER DELETE ON "Driver"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();
CREATE TRIGGER "stat_bookings_day_inserted" AFTER INSERT ON "Booking"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();
CREATE TRIGGER "stat_bookings_day_updated" AFTER UPDATE ON "Booking"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();
CREATE TRIGGER "stat_bookings_day_deleted" AFTER DELETE ON "Booking"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_created_changed"();

-- Messages by state: "messages:<state>", so the dashboard's "waiting" and "dead" and the
-- message log's counts do not count a table that grows by every e-mail and text ever sent.
CREATE FUNCTION "stat_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'messages:' || "state", count(*) FROM "new_rows" GROUP BY "state";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'messages:' || "state", -count(*) FROM "old_rows" GROUP BY "state";
  ELSE
    INSERT INTO "StatDelta" ("key", "delta")
    SELECT 'messages:' || "state", sum("change") FROM (
      SELECT "state", 1 AS "change" FROM "new_rows"
      UNION ALL SELECT "state", -1 FROM "old_rows"
    ) AS "moved" GROUP BY "state" HAVING sum("change") <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "stat_messages_inserted" AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_messages_changed"();
CREATE TRIGGER "stat_messages_updated" AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_messages_changed"();
CREATE TRIGGER "stat_messages_deleted" AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stat_messages_changed"();

-- What is there already.
INSERT INTO "StatTotal" ("key", "value")
SELECT 'messages:' || "state", count(*) FROM "Message" GROUP BY "state";
INSERT INTO "StatTotal" ("key", "value")
SELECT 'day:users:' || "role" || ':' || "stat_uk_day"("createdAt"), count(*) FROM "User" GROUP BY 1;
INSERT INTO "StatTotal" ("key", "value")
SELECT 'day:drivers:' || "stat_uk_day"("createdAt"), count(*) FROM "Driver" GROUP BY 1;
INSERT INTO "StatTotal" ("key", "value")
SELECT 'day:bookings:' || "stat_uk_day"("createdAt"), count(*) FROM "Booking" GROUP BY 1;

-- The dashboard's "Needs a driver": the few flagged jobs, not every open one.
CREATE INDEX "Booking_needsDriverAt_idx" ON "Booking"("needsDriverAt");
