CREATE TABLE "por_leaves" (
	"snapshot_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"user_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"salt" text NOT NULL,
	"balance" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "por_leaves_snapshot_id_idx_pk" PRIMARY KEY("snapshot_id","idx"),
	CONSTRAINT "por_leaves_balance_not_negative" CHECK ("por_leaves"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "por_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"created_by" integer,
	"snapshot_time" timestamp with time zone NOT NULL,
	"ledger_position" bigint NOT NULL,
	"members" integer NOT NULL,
	"root" text NOT NULL,
	"member_liabilities" bigint NOT NULL,
	"escrow" jsonb NOT NULL,
	"liabilities" bigint NOT NULL,
	"reserves" bigint NOT NULL,
	"addresses" jsonb NOT NULL,
	"skipped" jsonb NOT NULL,
	"public_key" text NOT NULL,
	"signature" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "por_leaves" ADD CONSTRAINT "por_leaves_snapshot_id_por_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."por_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_leaves" ADD CONSTRAINT "por_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_snapshots" ADD CONSTRAINT "por_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "por_leaves_user_key" ON "por_leaves" USING btree ("snapshot_id","user_id");