CREATE TABLE "partner_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"contact_date" date NOT NULL,
	"body" varchar(2000) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_contacts_kind_check" CHECK ("partner_contacts"."kind" in ('call', 'visit', 'email', 'letter', 'meeting', 'prayer_request', 'note'))
);
--> statement-breakpoint
CREATE TABLE "partner_import_changes" (
	"batch_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	CONSTRAINT "partner_import_changes_batch_id_partner_id_pk" PRIMARY KEY("batch_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "partner_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survivor_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"merged_name" varchar(100) NOT NULL,
	"merged_by" text,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_tag_links" (
	"tag_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	CONSTRAINT "partner_tag_links_tag_id_partner_id_pk" PRIMARY KEY("tag_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "partner_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"colour" text DEFAULT 'gray' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_tags_colour_check" CHECK ("partner_tags"."colour" in ('gray', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink'))
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "archived_by" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_contacts" ADD CONSTRAINT "partner_contacts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_import_changes" ADD CONSTRAINT "partner_import_changes_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_import_changes" ADD CONSTRAINT "partner_import_changes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_merges" ADD CONSTRAINT "partner_merges_survivor_id_partners_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_merges" ADD CONSTRAINT "partner_merges_merged_by_user_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tag_links" ADD CONSTRAINT "partner_tag_links_tag_id_partner_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."partner_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tag_links" ADD CONSTRAINT "partner_tag_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tags" ADD CONSTRAINT "partner_tags_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_contacts_partner_idx" ON "partner_contacts" USING btree ("partner_id","contact_date","id");--> statement-breakpoint
CREATE INDEX "partner_merges_survivor_idx" ON "partner_merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "partner_tag_links_partner_idx" ON "partner_tag_links" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_tags_name_idx" ON "partner_tags" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_archived_by_user_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partners_import_batch_idx" ON "partners" USING btree ("import_batch_id") WHERE "partners"."import_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_partner_idx" ON "tasks" USING btree ("partner_id") WHERE "tasks"."partner_id" is not null;--> statement-breakpoint
-- Hand-written (issue 20): partners.last_contact is the date of the latest logged contact,
-- whatever writes the log (a contact logged or deleted, a merge moving a partner's entries).
CREATE OR REPLACE FUNCTION "partner_contacts_keep_last_contact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "partners" SET "last_contact" = (
      SELECT max("contact_date") FROM "partner_contacts" WHERE "partner_id" = OLD."partner_id"
    ) WHERE "id" = OLD."partner_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "partners" SET "last_contact" = (
      SELECT max("contact_date") FROM "partner_contacts" WHERE "partner_id" = NEW."partner_id"
    ) WHERE "id" = NEW."partner_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "partner_contacts_keep_last_contact"
  AFTER INSERT OR UPDATE OR DELETE ON "partner_contacts"
  FOR EACH ROW EXECUTE FUNCTION "partner_contacts_keep_last_contact"();--> statement-breakpoint
-- A last contact typed by hand before the log existed is kept as the partner's first entry.
INSERT INTO "partner_contacts" ("partner_id", "kind", "contact_date", "body")
  SELECT "id", 'note', "last_contact", 'Last contact, as recorded before the contact log'
  FROM "partners" WHERE "last_contact" IS NOT NULL;
