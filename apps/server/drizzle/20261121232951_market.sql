CREATE TABLE "c2c_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"remaining" bigint DEFAULT 0 NOT NULL,
	"frozen" bigint DEFAULT 0 NOT NULL,
	"min_limit" bigint DEFAULT 0 NOT NULL,
	"max_limit" bigint DEFAULT 0 NOT NULL,
	"time_limit" integer NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"use_share" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"ledger_seq" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2c_ads_remaining_range" CHECK ("c2c_ads"."remaining" >= 0 AND "c2c_ads"."remaining" <= "c2c_ads"."quantity"),
	CONSTRAINT "c2c_ads_frozen_range" CHECK ("c2c_ads"."frozen" >= 0 AND "c2c_ads"."frozen" <= "c2c_ads"."remaining")
);
--> statement-breakpoint
CREATE TABLE "c2c_api_nonces" (
	"merchant_no" text NOT NULL,
	"nonce" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2c_api_nonces_merchant_no_nonce_pk" PRIMARY KEY("merchant_no","nonce")
);
--> statement-breakpoint
CREATE TABLE "c2c_merchants" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"merchant_no" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"apply_note" text DEFAULT '' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"review_time" timestamp with time zone,
	"api_key_enc" text,
	"api_key_time" timestamp with time zone,
	"webhook_url" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "c2c_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"actor_id" integer,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "c2c_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL,
	"type" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"amount_coin" bigint DEFAULT 0 NOT NULL,
	"amount_fiat" bigint DEFAULT 0 NOT NULL,
	"charge" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_type" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"payee" jsonb NOT NULL,
	"session_id" integer,
	"payment_deadline" timestamp with time zone NOT NULL,
	"payment_time" timestamp with time zone,
	"release_deadline" timestamp with time zone,
	"completed_time" timestamp with time zone,
	"canceled_time" timestamp with time zone,
	"cancel_reason" text,
	"appeal_time" timestamp with time zone,
	"appeal_by" integer,
	"appeal_reason" text DEFAULT '' NOT NULL,
	"appeal_proof" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_by" integer,
	"resolution_note" text DEFAULT '' NOT NULL,
	"last_event_time" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_seen_time" timestamp with time zone,
	"seller_seen_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2c_orders_amount_positive" CHECK ("c2c_orders"."amount_coin" > 0 AND "c2c_orders"."charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "c2c_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"qr_code" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"card_number" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"publish_key" text DEFAULT '' NOT NULL,
	"secret_key_enc" text,
	"daily_max_orders" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "c2c_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"delivered_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD CONSTRAINT "c2c_ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD CONSTRAINT "c2c_ads_payment_method_id_c2c_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."c2c_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_merchants" ADD CONSTRAINT "c2c_merchants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_order_events" ADD CONSTRAINT "c2c_order_events_order_id_c2c_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."c2c_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD CONSTRAINT "c2c_orders_ad_id_c2c_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."c2c_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD CONSTRAINT "c2c_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD CONSTRAINT "c2c_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_payment_methods" ADD CONSTRAINT "c2c_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "c2c_ads_market_idx" ON "c2c_ads" USING btree ("status","type","price");--> statement-breakpoint
CREATE INDEX "c2c_ads_user_idx" ON "c2c_ads" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "c2c_api_nonces_time_idx" ON "c2c_api_nonces" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "c2c_merchants_no_key" ON "c2c_merchants" USING btree ("merchant_no");--> statement-breakpoint
CREATE INDEX "c2c_merchants_status_idx" ON "c2c_merchants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "c2c_order_events_order_idx" ON "c2c_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "c2c_orders_deadline_idx" ON "c2c_orders" USING btree ("status","payment_deadline");--> statement-breakpoint
CREATE INDEX "c2c_orders_buyer_idx" ON "c2c_orders" USING btree ("buyer_id","create_time");--> statement-breakpoint
CREATE INDEX "c2c_orders_seller_idx" ON "c2c_orders" USING btree ("seller_id","create_time");--> statement-breakpoint
CREATE INDEX "c2c_orders_ad_idx" ON "c2c_orders" USING btree ("ad_id","status");--> statement-breakpoint
CREATE INDEX "c2c_orders_method_idx" ON "c2c_orders" USING btree ("payment_method_id","create_time");--> statement-breakpoint
CREATE INDEX "c2c_payment_methods_user_idx" ON "c2c_payment_methods" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "c2c_webhook_deliveries_due_idx" ON "c2c_webhook_deliveries" USING btree ("status","next_attempt_time");