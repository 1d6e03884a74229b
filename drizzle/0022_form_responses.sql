CREATE TABLE "form_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"partner_id" uuid,
	"name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"recipient_id" uuid,
	"partner_id" uuid,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "public_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "response_limit" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "thank_you_message" varchar(500);--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "response_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD CONSTRAINT "form_recipients_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD CONSTRAINT "form_recipients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD CONSTRAINT "form_recipients_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_recipient_id_form_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."form_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_recipients_token_idx" ON "form_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "form_recipients_form_id_idx" ON "form_recipients" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_recipients_partner_id_idx" ON "form_recipients" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "form_responses_form_created_idx" ON "form_responses" USING btree ("form_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_responses_partner_id_idx" ON "form_responses" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "form_responses_recipient_id_idx" ON "form_responses" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_public_token_idx" ON "forms" USING btree ("public_token");--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_status_check" CHECK ("forms"."status" in ('open', 'closed'));--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_response_limit_check" CHECK ("forms"."response_limit" is null or "forms"."response_limit" > 0);--> statement-breakpoint
UPDATE "forms" SET "updated_at" = "created_at";
