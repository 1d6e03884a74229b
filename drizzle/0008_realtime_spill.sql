CREATE TABLE "realtime_spill" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"envelope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
