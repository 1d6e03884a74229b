-- Search ignores accents and the apostrophe's shape (decision 0180): "durr" finds "Dürr" and
-- "o'connor" finds "O’Connor". unaccent is a trusted extension since PostgreSQL 13, as pg_trgm
-- (migration 0001): the database owner may create it. Its own function is STABLE (it finds the
-- dictionary by the search path), so the indexes call this IMMUTABLE one, which names the
-- dictionary with its schema. Its cost is about five comparisons: at the default of 100 the
-- planner took a common term's 1,000 rows for costly enough to start a parallel worker, which
-- made the search three times slower (decision 0180). Hand-written: drizzle-kit expresses neither.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 5 AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "donations_text_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_name_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_email_trgm_idx";--> statement-breakpoint
DROP INDEX "partners_location_trgm_idx";--> statement-breakpoint
CREATE INDEX "donations_text_trgm_idx" ON "donations" USING gin (portal_fold(("partner_name" || ' ' || coalesce("notes", ''))) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin (portal_fold("name") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "partners_email_trgm_idx" ON "partners" USING gin (portal_fold("email") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "partners_location_trgm_idx" ON "partners" USING gin (portal_fold("location") gin_trgm_ops) WITH (gin_pending_list_limit=64);