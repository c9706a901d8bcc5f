CREATE TABLE "c2c_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"positive" boolean NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "c2c_reference_rate" (
	"id" integer PRIMARY KEY NOT NULL,
	"rate" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "c2c_trader_standing" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"strikes" integer DEFAULT 0 NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "price_type" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "float_bp" integer;--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "taker_min_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "taker_min_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD COLUMN "appeal_reason_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_feedback" ADD CONSTRAINT "c2c_feedback_order_id_c2c_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."c2c_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_feedback" ADD CONSTRAINT "c2c_feedback_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_feedback" ADD CONSTRAINT "c2c_feedback_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_trader_standing" ADD CONSTRAINT "c2c_trader_standing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "c2c_feedback_once" ON "c2c_feedback" USING btree ("order_id","from_user_id");--> statement-breakpoint
CREATE INDEX "c2c_feedback_to_idx" ON "c2c_feedback" USING btree ("to_user_id","id");