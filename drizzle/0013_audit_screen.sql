CREATE TABLE "activity_chain_start" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"prev_hash" text,
	"pruned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "activity_actor_idx";--> statement-breakpoint
DROP INDEX "activity_at_idx";--> statement-breakpoint
CREATE INDEX "activity_actor_at_idx" ON "activity" USING btree ("actor_id","at","id");--> statement-breakpoint
CREATE INDEX "activity_action_at_idx" ON "activity" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "activity_at_id_idx" ON "activity" USING btree ("at","id");--> statement-breakpoint
-- The audit log's retention (issue 17, docs/decisions/0103). Hand-written below this line.
-- Entries can still not be changed; removal is allowed only to activity_prune, which removes a
-- prefix of the chain (never the newest entry, which the next one links to) and writes where
-- the chain now starts, so `npm run audit:verify` checks from there. It marks its own deletes
-- with a transaction-local setting the append-only trigger honours.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'activity' AND current_setting('portal.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: its entries cannot be changed or removed'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_chain_start_append_only" BEFORE UPDATE OR DELETE ON "activity_chain_start"
  FOR EACH ROW EXECUTE FUNCTION "activity_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_chain_start_no_truncate" BEFORE TRUNCATE ON "activity_chain_start"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_append_only"();
--> statement-breakpoint
CREATE FUNCTION "activity_prune"(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  boundary bigint;
  removed bigint;
  first_kept "activity"%ROWTYPE;
BEGIN
  -- The chain's lock: no entry is added while the start moves.
  PERFORM pg_advisory_xact_lock(7340017);
  SELECT min("seq") INTO boundary FROM "activity" WHERE "at" >= cutoff;
  IF boundary IS NULL THEN
    SELECT max("seq") INTO boundary FROM "activity";
  END IF;
  IF boundary IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM set_config('portal.audit_prune', 'on', true);
  DELETE FROM "activity" WHERE "seq" < boundary;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('portal.audit_prune', 'off', true);
  IF removed > 0 THEN
    SELECT * INTO first_kept FROM "activity" WHERE "seq" = boundary;
    INSERT INTO "activity_chain_start" ("seq", "prev_hash") VALUES (first_kept."seq", first_kept."prev_hash");
  END IF;
  RETURN removed;
END
$$;
