CREATE TABLE "giving_days" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gifts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_slots" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gifts" integer NOT NULL
);
