-- Hand-written (issue 18, docs/decisions/0145): outside a transaction both tables hold no row
-- anyone can see, only the versions every commit since migration 0029 removed. The embedded
-- database runs no autovacuum, so those stayed, and each gift read them all twice. Emptied
-- here; from now on nothing reads either table whole.
TRUNCATE "giving_rollup_marks", "giving_rollup_pending";--> statement-breakpoint
ALTER TABLE "giving_rollup_marks" ADD COLUMN "id" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "giving_rollup_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "giving_rollup_pending" ADD COLUMN "mark" bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "giving_rollup_pending_mark_idx" ON "giving_rollup_pending" USING btree ("mark");
--> statement-breakpoint
-- Hand-written below this line. A transaction's mark is found from a setting local to it, not
-- by reading the marks table ("no mark yet" was a scan of every mark ever removed), and the
-- commit takes its pending rows by the mark's id through the index. set_config(..., true)
-- lasts to the end of the transaction, and a savepoint rolled back undoes it together with
-- the mark it inserted.
CREATE OR REPLACE FUNCTION "giving_rollup_follow_gifts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
  mark_id bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "giving_rollup_pending";
    DELETE FROM "giving_slots";
    DELETE FROM "giving_days";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("slot"), array_agg("c"), array_agg("n")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", sum("amount" * 100)::bigint AS "c", count(*) AS "n"
      FROM "new_gifts" WHERE "voided_at" IS NULL GROUP BY 1
    ) AS "changes";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("slot"), array_agg("c"), array_agg("n")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", -sum("amount" * 100)::bigint AS "c", -count(*) AS "n"
      FROM "old_gifts" WHERE "voided_at" IS NULL GROUP BY 1
    ) AS "changes";
  ELSE
    SELECT array_agg("slot"), array_agg("c"), array_agg("n")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "slot", sum("c")::bigint AS "c", sum("n")::bigint AS "n"
      FROM (
        SELECT "giving_slot"("donation_date") AS "slot", "amount" * 100 AS "c", 1 AS "n" FROM "new_gifts" WHERE "voided_at" IS NULL
        UNION ALL
        SELECT "giving_slot"("donation_date"), -"amount" * 100, -1 FROM "old_gifts" WHERE "voided_at" IS NULL
      ) AS "both"
      GROUP BY "slot" HAVING sum("c") <> 0 OR sum("n") <> 0
    ) AS "changes";
  END IF;
  IF changed_slots IS NULL THEN
    RETURN NULL;
  END IF;
  mark_id := nullif(current_setting('portal.giving_rollup_mark', true), '')::bigint;
  IF mark_id IS NULL THEN
    INSERT INTO "giving_rollup_marks" DEFAULT VALUES RETURNING "id" INTO mark_id;
    PERFORM set_config('portal.giving_rollup_mark', mark_id::text, true);
  END IF;
  INSERT INTO "giving_rollup_pending" ("mark", "slot", "amount_cents", "gifts")
  SELECT mark_id, * FROM unnest(changed_slots, changed_cents, changed_gifts);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, as in migration 0029, but only this mark's rows, by its id. The setting is
-- cleared, so a gift written after the fold (SET CONSTRAINTS ... IMMEDIATE ran it early) makes
-- a new mark and is folded too.
CREATE OR REPLACE FUNCTION "giving_rollup_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
BEGIN
  DELETE FROM "giving_rollup_marks" WHERE "id" = NEW."id";
  PERFORM set_config('portal.giving_rollup_mark', '', true);
  WITH "mine" AS (DELETE FROM "giving_rollup_pending" WHERE "mark" = NEW."id" RETURNING "slot", "amount_cents", "gifts")
  SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
  INTO changed_slots, changed_cents, changed_gifts
  FROM (
    SELECT "slot", sum("amount_cents")::bigint AS "c", sum("gifts")::bigint AS "n" FROM "mine"
    GROUP BY 1 HAVING sum("amount_cents") <> 0 OR sum("gifts") <> 0
  ) AS "changes";
  IF changed_slots IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7340017);

  INSERT INTO "giving_days" AS d ("day", "amount_cents", "gifts")
  SELECT "giving_day"("slot"), sum("c"), sum("n") FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n")
  GROUP BY 1 HAVING sum("c") <> 0 OR sum("n") <> 0 ORDER BY 1
  ON CONFLICT ("day") DO UPDATE
    SET "amount_cents" = d."amount_cents" + excluded."amount_cents", "gifts" = d."gifts" + excluded."gifts";
  INSERT INTO "giving_slots" AS s ("slot", "amount_cents", "gifts")
  SELECT "slot", "c", "n" FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n") ORDER BY "slot"
  ON CONFLICT ("slot") DO UPDATE
    SET "amount_cents" = s."amount_cents" + excluded."amount_cents", "gifts" = s."gifts" + excluded."gifts";

  -- A slot or day keeps a row only while it holds a gift; only a removed gift empties one.
  IF EXISTS (SELECT FROM unnest(changed_gifts) AS n WHERE n < 0) THEN
    DELETE FROM "giving_slots" WHERE "gifts" = 0 AND "slot" = ANY (changed_slots);
    DELETE FROM "giving_days" WHERE "gifts" = 0 AND "day" IN (SELECT "giving_day"(x) FROM unnest(changed_slots) AS x);
  END IF;
  RETURN NULL;
END $$;
