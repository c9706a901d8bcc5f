CREATE TABLE "ledger_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"problems" jsonb NOT NULL,
	"accounts" integer NOT NULL,
	"entries" integer NOT NULL,
	"postings" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"check_time" timestamp with time zone DEFAULT now() NOT NULL
);
