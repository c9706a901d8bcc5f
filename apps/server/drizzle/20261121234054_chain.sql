CREATE TABLE "chain_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"path" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"next_block" bigint NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"from_address" text NOT NULL,
	"amount" bigint NOT NULL,
	"award" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirming' NOT NULL,
	"below_minimum" boolean NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required" integer NOT NULL,
	"credit_entry_id" bigint,
	"award_entry_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_amount" CHECK ("chain_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "chain_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"reviewer_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"nonce" bigint,
	"tx_hash" text,
	"raw_tx" text,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required" integer NOT NULL,
	"freeze_entry_id" bigint,
	"close_entry_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_withdrawals_amount" CHECK ("chain_withdrawals"."amount" > 0 AND "chain_withdrawals"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD CONSTRAINT "chain_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD CONSTRAINT "chain_withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_user_key" ON "chain_addresses" USING btree ("network","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_address_key" ON "chain_addresses" USING btree ("network","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_log_key" ON "chain_deposits" USING btree ("network","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chain_deposits_status_idx" ON "chain_deposits" USING btree ("network","status");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_withdrawals_request_key" ON "chain_withdrawals" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_withdrawals_nonce_key" ON "chain_withdrawals" USING btree ("network","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_withdrawals_tx_key" ON "chain_withdrawals" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_withdrawals_user_idx" ON "chain_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chain_withdrawals_status_idx" ON "chain_withdrawals" USING btree ("network","status","id");