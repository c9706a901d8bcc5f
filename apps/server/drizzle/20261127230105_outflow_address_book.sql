CREATE TABLE "withdrawal_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"label" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"allowlist" boolean DEFAULT false NOT NULL,
	"allowlist_off_from" timestamp with time zone,
	"update_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_outflows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"key" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD COLUMN "hold_code" text;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_settings" ADD CONSTRAINT "withdrawal_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_outflows" ADD CONSTRAINT "member_outflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_user_key" ON "withdrawal_addresses" USING btree ("user_id","network","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_outflows_key" ON "member_outflows" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_outflows_user_time_idx" ON "member_outflows" USING btree ("user_id","create_time");