-- Hand-written (docs/decisions/0141): drizzle-kit would drop and build each index again; setting
-- the storage parameter keeps the index and applies to the next merge of its pending list.
ALTER INDEX "messages_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "donations_text_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "partners_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "partners_email_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "partners_location_trgm_idx" SET (gin_pending_list_limit = 64);
