ALTER TABLE "activity" DROP CONSTRAINT "activity_actor_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_seq_idx" ON "activity" USING btree ("seq");--> statement-breakpoint
-- The change record becomes the audit log (issue 17, docs/decisions/0102): a hash chain the
-- database keeps, and entries it refuses to change or remove. Hand-written below this line:
-- drizzle-kit cannot express functions or triggers.
-- One entry's hash: its fields and the previous entry's hash, as JSON text (unambiguous; the
-- time as epoch microseconds, so the session's time zone cannot change the text). The trigger
-- and `npm run audit:verify` both use this one definition.
CREATE FUNCTION "activity_entry_hash"(prev text, a "activity") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    prev, a.seq, a.id, (extract(epoch FROM a.at) * 1000000)::bigint, a.actor_id, a.client_ip,
    a.action, a.subject_type, a.subject_id, a.audience, a.before, a.after
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
UPDATE "activity" SET "seq" = numbered.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS n FROM "activity") AS numbered
  WHERE "activity"."id" = numbered."id";
--> statement-breakpoint
DO $$
DECLARE
  entry "activity"%ROWTYPE;
  previous text := NULL;
  current_hash text;
BEGIN
  FOR entry IN SELECT * FROM "activity" ORDER BY "seq" LOOP
    current_hash := "activity_entry_hash"(previous, entry);
    UPDATE "activity" SET "prev_hash" = previous, "hash" = current_hash WHERE "id" = entry."id";
    previous := current_hash;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Each new entry is chained under a transaction-long lock, so entries are numbered in the
-- order their transactions insert them and the previous entry is always the one before.
CREATE FUNCTION "activity_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7340017);
  SELECT "seq", "hash" INTO last_seq, last_hash FROM "activity" WHERE "seq" IS NOT NULL ORDER BY "seq" DESC LIMIT 1;
  NEW."seq" := coalesce(last_seq, 0) + 1;
  NEW."prev_hash" := last_hash;
  NEW."hash" := "activity_entry_hash"(last_hash, NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_chain" BEFORE INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "activity_chain"();
--> statement-breakpoint
CREATE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: its entries cannot be changed or removed'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_append_only" BEFORE UPDATE OR DELETE ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "activity_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_no_truncate" BEFORE TRUNCATE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_append_only"();
