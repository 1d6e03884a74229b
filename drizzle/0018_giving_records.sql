CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"rows" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "import_batches_kind_check" CHECK ("import_batches"."kind" in ('gifts', 'partners'))
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"kind" text NOT NULL,
	"source" varchar(100) NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_kind_source_pk" PRIMARY KEY("kind","source")
);
--> statement-breakpoint
DROP INDEX "donations_date_amount_idx";--> statement-breakpoint
DROP INDEX "donations_partner_id_idx";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "reference" varchar(100);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "voided_by" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "void_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_kind_created_idx" ON "import_batches" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_voided_by_user_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_date_id_idx" ON "donations" USING btree ("donation_date","id");--> statement-breakpoint
CREATE INDEX "donations_import_batch_idx" ON "donations" USING btree ("import_batch_id");--> statement-breakpoint
CREATE INDEX "donations_text_trgm_idx" ON "donations" USING gin (("partner_name" || ' ' || coalesce("notes", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donations_date_amount_idx" ON "donations" USING btree ("donation_date","amount") WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "donations_partner_id_idx" ON "donations" USING btree ("partner_id","donation_date");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_method_check" CHECK ("donations"."method" in ('cash', 'check', 'card', 'bank_transfer', 'online'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_void_check" CHECK (("donations"."voided_at" is null) = ("donations"."void_reason" is null));--> statement-breakpoint
-- Hand-written (issue 19, docs/decisions/0111): a voided gift counts nowhere, so the giving
-- rollup (migrations 0003, 0004) follows only the gifts whose voided_at is null. Voiding is an
-- update: the old row counted, the new one does not, and the slot loses the gift. Otherwise the
-- function is 0004's: statement-level, days before slots, in key order.
CREATE OR REPLACE FUNCTION "giving_rollup_follow_gifts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slots timestamp with time zone[];
  changed_cents bigint[];
  changed_gifts bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "giving_slots";
    DELETE FROM "giving_days";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", sum("amount" * 100)::bigint AS "c", count(*) AS "n"
      FROM "new_gifts" WHERE "voided_at" IS NULL GROUP BY 1
    ) AS "changes";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "giving_slot"("donation_date") AS "slot", -sum("amount" * 100)::bigint AS "c", -count(*) AS "n"
      FROM "old_gifts" WHERE "voided_at" IS NULL GROUP BY 1
    ) AS "changes";
  ELSE
    SELECT array_agg("slot" ORDER BY "slot"), array_agg("c" ORDER BY "slot"), array_agg("n" ORDER BY "slot")
    INTO changed_slots, changed_cents, changed_gifts
    FROM (
      SELECT "slot", sum("c")::bigint AS "c", sum("n")::bigint AS "n"
      FROM (
        SELECT "giving_slot"("donation_date") AS "slot", "amount" * 100 AS "c", 1 AS "n" FROM "new_gifts" WHERE "voided_at" IS NULL
        UNION ALL
        SELECT "giving_slot"("donation_date"), -"amount" * 100, -1 FROM "old_gifts" WHERE "voided_at" IS NULL
      ) AS "both"
      GROUP BY "slot" HAVING sum("c") <> 0 OR sum("n") <> 0
    ) AS "changes";
  END IF;
  IF changed_slots IS NULL THEN
    RETURN NULL;
  END IF;

  INSERT INTO "giving_days" AS d ("day", "amount_cents", "gifts")
  SELECT "giving_day"("slot"), sum("c"), sum("n") FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n")
  GROUP BY 1 HAVING sum("c") <> 0 OR sum("n") <> 0 ORDER BY 1
  ON CONFLICT ("day") DO UPDATE
    SET "amount_cents" = d."amount_cents" + excluded."amount_cents", "gifts" = d."gifts" + excluded."gifts";
  INSERT INTO "giving_slots" AS s ("slot", "amount_cents", "gifts")
  SELECT "slot", "c", "n" FROM unnest(changed_slots, changed_cents, changed_gifts) AS "changes"("slot", "c", "n") ORDER BY "slot"
  ON CONFLICT ("slot") DO UPDATE
    SET "amount_cents" = s."amount_cents" + excluded."amount_cents", "gifts" = s."gifts" + excluded."gifts";

  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "giving_slots" WHERE "gifts" = 0 AND "slot" = ANY (changed_slots);
    DELETE FROM "giving_days" WHERE "gifts" = 0 AND "day" IN (SELECT "giving_day"(x) FROM unnest(changed_slots) AS x);
  END IF;
  RETURN NULL;
END $$;
