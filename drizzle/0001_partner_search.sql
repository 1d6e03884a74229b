-- Trigram indexes for partner search need pg_trgm (a trusted extension since PostgreSQL 13: the
-- database owner may create it). drizzle-kit cannot express extensions, so this line is hand-written.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "partners_sort_idx" ON "partners" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "partners_zone_idx" ON "partners" USING btree ("zone");--> statement-breakpoint
CREATE INDEX "partners_created_at_idx" ON "partners" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "partners_last_contact_idx" ON "partners" USING btree ("last_contact");--> statement-breakpoint
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_email_trgm_idx" ON "partners" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_location_trgm_idx" ON "partners" USING gin ("location" gin_trgm_ops);