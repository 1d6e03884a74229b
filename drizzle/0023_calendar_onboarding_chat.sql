CREATE SEQUENCE "public"."message_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"user_id" text NOT NULL,
	"chat_type" text NOT NULL,
	"partner" varchar(200) NOT NULL,
	"last_read_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_user_id_chat_type_partner_pk" PRIMARY KEY("user_id","chat_type","partner")
);
--> statement-breakpoint
CREATE TABLE "event_cancellations" (
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_cancellations_event_id_occurrence_start_pk" PRIMARY KEY("event_id","occurrence_start")
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "onboarding_progress" (
	"user_id" text NOT NULL,
	"step_id" uuid NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_progress_user_id_step_id_pk" PRIMARY KEY("user_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(2000),
	"video_key" text,
	"video_type" varchar(100),
	"video_size" bigint,
	"video_name" varchar(255),
	"video_link" varchar(2000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_steps_one_video_check" CHECK ("onboarding_steps"."video_key" is null or "onboarding_steps"."video_link" is null)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "all_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" varchar(500);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "occurrence_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "revision" bigint;--> statement-breakpoint
-- A tab's realtime cursor was a message id until now: existing messages keep their id as
-- their revision, and new revisions continue after the highest id, so no cursor is lost.
UPDATE "messages" SET "revision" = "id";--> statement-breakpoint
SELECT setval('message_revision_seq', coalesce((SELECT max("id") FROM "messages"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "revision" SET DEFAULT nextval('message_revision_seq');--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "revision" SET NOT NULL;--> statement-breakpoint
-- Owned by the column, so a restore moves it past the highest restored revision like a serial.
ALTER SEQUENCE "message_revision_seq" OWNED BY "messages"."revision";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_cancellations" ADD CONSTRAINT "event_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_progress" ADD CONSTRAINT "onboarding_progress_step_id_onboarding_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."onboarding_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "onboarding_steps_position_idx" ON "onboarding_steps" USING btree ("position");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_series_range_idx" ON "events" USING btree ("start_date","series_end") WHERE "events"."recurrence" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_occurrence_idx" ON "events" USING btree ("series_id","occurrence_start");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_revision_idx" ON "messages" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', "content"));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_occurrence_check" CHECK (("events"."series_id" is null) = ("events"."occurrence_start" is null));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_end_check" CHECK (("events"."recurrence" is null) = ("events"."series_end" is null));--> statement-breakpoint
-- The four steps of SPEC.md, without videos until an admin adds them (issue 22).
INSERT INTO "onboarding_steps" ("position", "title", "description") VALUES
	(1, 'Getting Started as a Coordinator', 'Your role, the portal, and the people you will serve.'),
	(2, 'Understanding Cardholder Needs', 'Listening well and knowing what support is available.'),
	(3, 'Tools and Resources', 'Partners, tasks, calendar, chat and files: where to find what.'),
	(4, 'Best Practices and Tips', 'Lessons from experienced coordinators.');