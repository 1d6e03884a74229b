-- Hand-written (issue 18, docs/decisions/0147): the audit log's clean-up removes its entries in
-- pieces, each in a short transaction of its own. In one statement, the first clean-up after a
-- ministry shortened its retention held the chain's lock (every change's commit waits for it)
-- and, on the embedded database, the only connection, for as long as it took: 1.6 s for
-- 100,000 entries there. The rules of migration 0013 stay: only a prefix of the chain goes,
-- never the newest entry, and the chain's new start is written.
DROP FUNCTION "activity_prune"(timestamptz);
--> statement-breakpoint
-- At most `max_entries` of the oldest entries older than `cutoff` (all of them when null). Only
-- the oldest max_entries + 1 entries are read, through the chain's index, so a piece costs
-- about its own size however long the log is.
CREATE FUNCTION "activity_prune"(cutoff timestamptz, max_entries bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  boundary bigint;
  newest bigint;
  removed bigint;
  first_kept "activity"%ROWTYPE;
BEGIN
  -- The chain's lock: no entry is added while the start moves.
  PERFORM pg_advisory_xact_lock(7340017);
  SELECT max("seq") INTO newest FROM "activity";
  IF newest IS NULL THEN
    RETURN 0;
  END IF;
  -- The first of the oldest entries that is not past the cutoff, or else the one after the piece.
  SELECT coalesce(min("seq") FILTER (WHERE "at" >= cutoff), max("seq")) INTO boundary
  FROM (SELECT "seq", "at" FROM "activity" WHERE "seq" IS NOT NULL ORDER BY "seq" LIMIT max_entries + 1) AS "oldest";
  boundary := least(boundary, newest);
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
