DROP INDEX "partners_zone_idx";--> statement-breakpoint
CREATE INDEX "partners_zone_lower_idx" ON "partners" USING btree (lower("zone"));