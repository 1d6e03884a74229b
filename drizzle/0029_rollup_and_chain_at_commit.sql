CREATE TABLE "giving_rollup_marks" (
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_rollup_pending" (
	"slot" timestamp with time zone NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gifts" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written below this line (issue 18, docs/decisions/0138): the two things every write
-- shares are done inside its commit, not when its statements run. Fifty people recording gifts
-- at once used to queue on today's rollup row (migration 0004) and on the audit chain's lock
-- (migration 0012) from their first write until their commit, while their requests still ran
-- their other statements: one gift at a time, at 120 to 170 a second on PostgreSQL. Deferred
-- triggers now take both at commit, under the chain's lock, for a fraction of a millisecond.

-- The gift triggers (migrations 0004, 0018) compute the same changes per slot as before but
-- leave them in giving_rollup_pending, with a mark whose deferred trigger folds them at commit.
-- A transaction sees no pending row or mark but its own (none outlives a commit), so "no mark
-- yet" means its first gift write.
CREATE OR REPLACE FUNCTION "giving_rollup_follow_gifts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
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
  IF NOT EXISTS (SELECT FROM "giving_rollup_marks") THEN
    INSERT INTO "giving_rollup_marks" DEFAULT VALUES;
  END IF;
  INSERT INTO "giving_rollup_pending" ("slot", "amount_cents", "gifts")
  SELECT * FROM unnest(changed_slots, changed_cents, changed_gifts);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit: the transaction's pending changes, summed per slot, go into the days and then the
-- slots, in key order. Under the audit chain's lock, which the same commit takes anyway to seal
-- its entry: no two commits update the rollup at once, so they cannot deadlock on its rows.
CREATE FUNCTION "giving_rollup_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
BEGIN
  DELETE FROM "giving_rollup_marks";
  WITH "mine" AS (DELETE FROM "giving_rollup_pending" RETURNING "slot", "amount_cents", "gifts")
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "giving_rollup_fold" AFTER INSERT ON "giving_rollup_marks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "giving_rollup_fold"();
--> statement-breakpoint
-- The audit chain (migration 0012) is sealed at commit too. An entry goes in without its
-- number and hashes (the insert trigger clears any given, so every entry is sealed the one
-- way); the deferred trigger numbers it under the chain's lock, held to the end of the commit,
-- so numbers still follow commit order and each entry links to the one committed before it.
CREATE OR REPLACE FUNCTION "activity_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."seq" := NULL;
  NEW."prev_hash" := NULL;
  NEW."hash" := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_seal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  entry "activity"%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(7340017);
  SELECT "seq", "hash" INTO last_seq, last_hash FROM "activity" WHERE "seq" IS NOT NULL ORDER BY "seq" DESC LIMIT 1;
  entry := NEW;
  entry."seq" := coalesce(last_seq, 0) + 1;
  UPDATE "activity" SET "seq" = entry."seq", "prev_hash" = last_hash, "hash" = "activity_entry_hash"(last_hash, entry)
  WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "activity_seal" AFTER INSERT ON "activity"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "activity_seal"();
--> statement-breakpoint
-- Entries still cannot be changed: the one update allowed is the seal's, which gives an entry
-- not yet numbered its number and hashes and leaves every other field as it was.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'activity' AND current_setting('portal.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'activity' AND OLD."seq" IS NULL AND NEW."seq" IS NOT NULL
     AND to_jsonb(OLD) - ARRAY['seq', 'prev_hash', 'hash'] = to_jsonb(NEW) - ARRAY['seq', 'prev_hash', 'hash'] THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: its entries cannot be changed or removed'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
