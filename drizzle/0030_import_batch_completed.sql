ALTER TABLE "import_batches" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_tags" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_tags" ADD CONSTRAINT "partner_tags_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (docs/decisions/0140): every batch before this migration was written in one
-- transaction, so it is complete.
UPDATE "import_batches" SET "completed_at" = "created_at";
