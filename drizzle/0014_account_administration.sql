CREATE TABLE "user_sign_ins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_sign_ins" ADD CONSTRAINT "user_sign_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the last sign-ins the audit log already holds (decision 0103).
INSERT INTO "user_sign_ins" ("user_id", "last_sign_in_at")
  SELECT a."actor_id", max(a."at") FROM "activity" a
  WHERE a."action" = 'sign_in.succeeded' AND a."actor_id" IN (SELECT "id" FROM "user")
  GROUP BY a."actor_id";
