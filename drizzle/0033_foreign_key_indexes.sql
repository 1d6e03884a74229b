CREATE INDEX "notifications_activity_idx" ON "notifications" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "onboarding_progress_step_idx" ON "onboarding_progress" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "partner_import_changes_partner_idx" ON "partner_import_changes" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_tags_import_batch_idx" ON "partner_tags" USING btree ("import_batch_id");