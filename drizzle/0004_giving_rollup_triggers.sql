-- Keeps the giving rollup (migration 0003) equal to the gifts summed per 15-minute UTC slot and
-- per UTC day, in the same transaction as every write to donations (docs/decisions/0059).
-- Hand-written: drizzle-kit cannot express functions or triggers.

-- The slot a gift falls in. Every current zone's month starts on a quarter hour of UTC, so a
-- month in any of those zones is a whole number of slots.
CREATE FUNCTION "giving_slot"("at" timestamp with time zone) RETURNS timestamp with time zone
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', "at", timestamp with time zone '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- The UTC day a gift (or a slot) falls in.
CREATE FUNCTION "giving_day"("at" timestamp with time zone) RETURNS timestamp with time zone
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT date_bin('1 day', "at", timestamp with time zone '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- Statement-level: a bulk insert (restore of an old backup, demo data) costs one upsert per
-- slot and day it touches, not one per gift. The change per slot is computed once, then added
-- to the days and then the slots, each in key order, so concurrent writers lock shared rows in
-- the same order and cannot deadlock on them. An update that changes no sum (a partner
-- deleted: partner_id set to null) touches no row.
CREATE FUNCTION "giving_rollup_follow_gifts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "giving_slots";
    DELETE FROM "giving_days";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", sum("amount" * 100)::bigint AS "c", count(*) AS "n"
      FROM "new_gifts" GROUP BY 1
    ) AS "changes";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", -sum("amount" * 100)::bigint AS "c", -count(*) AS "n"
      FROM "old_gifts" GROUP BY 1
    ) AS "changes";
  ELSE
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "slot", sum("c")::bigint AS "c", sum("n")::bigint AS "n"
      FROM (
        SELECT "giving_slot"("donation_date") AS "slot", "amount" * 100 AS "c", 1 AS "n" FROM "new_gifts"
        UNION ALL
        SELECT "giving_slot"("donation_date"), -"amount" * 100, -1 FROM "old_gifts"
      ) AS "both"
      GROUP BY "slot" HAVING sum("c") <> 0 OR sum("n") <> 0
    ) AS "changes";
  END IF;
  IF changed_slots IS NULL THEN
    RETURN NULL;
  END IF;

  -- Days first: a writer takes its day's row before any of its slots, so two transactions
  -- writing gifts of the same day queue there, holding no slot the other needs.
  INSERT INTO "giving_days" AS d ("day", "amount_cents", "gifts")
  SELECT "giving_day"("slot"), sum("c"), sum("n") FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n")
  GROUP BY 1 HAVING sum("c") <> 0 OR sum("n") <> 0 ORDER BY 1
  ON CONFLICT ("day") DO UPDATE
    SET "amount_cents" = d."amount_cents" + excluded."amount_cents", "gifts" = d."gifts" + excluded."gifts";
  INSERT INTO "giving_slots" AS s ("slot", "amount_cents", "gifts")
  SELECT "slot", "c", "n" FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n") ORDER BY "slot"
  ON CONFLICT ("slot") DO UPDATE
    SET "amount_cents" = s."amount_cents" + excluded."amount_cents", "gifts" = s."gifts" + excluded."gifts";

  -- A slot or day keeps a row only while it holds a gift.
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "giving_slots" WHERE "gifts" = 0 AND "slot" = ANY (changed_slots);
    DELETE FROM "giving_days" WHERE "gifts" = 0 AND "day" IN (SELECT "giving_day"(x) FROM unnest(changed_slots) AS x);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "giving_rollup_insert" AFTER INSERT ON "donations"
  REFERENCING NEW TABLE AS "new_gifts" FOR EACH STATEMENT EXECUTE FUNCTION "giving_rollup_follow_gifts"();
--> statement-breakpoint
CREATE TRIGGER "giving_rollup_update" AFTER UPDATE ON "donations"
  REFERENCING OLD TABLE AS "old_gifts" NEW TABLE AS "new_gifts" FOR EACH STATEMENT EXECUTE FUNCTION "giving_rollup_follow_gifts"();
--> statement-breakpoint
CREATE TRIGGER "giving_rollup_delete" AFTER DELETE ON "donations"
  REFERENCING OLD TABLE AS "old_gifts" FOR EACH STATEMENT EXECUTE FUNCTION "giving_rollup_follow_gifts"();
--> statement-breakpoint
CREATE TRIGGER "giving_rollup_truncate" AFTER TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION "giving_rollup_follow_gifts"();
--> statement-breakpoint
-- Backfill the gifts recorded before this migration. The triggers exist first: creating them
-- locks out writers until this transaction commits, so no gift is missed or counted twice.
-- In key order: the chart reads a month's slots and days in key order, so neighbours share pages.
DELETE FROM "giving_slots";
--> statement-breakpoint
DELETE FROM "giving_days";
--> statement-breakpoint
INSERT INTO "giving_slots" ("slot", "amount_cents", "gifts")
SELECT "giving_slot"("donation_date"), sum("amount" * 100)::bigint, count(*) FROM "donations" GROUP BY 1 ORDER BY 1;
--> statement-breakpoint
INSERT INTO "giving_days" ("day", "amount_cents", "gifts")
SELECT "giving_day"("slot"), sum("amount_cents"), sum("gifts") FROM "giving_slots" GROUP BY 1 ORDER BY 1;
--> statement-breakpoint
ANALYZE "giving_slots";
--> statement-breakpoint
ANALYZE "giving_days";
