CREATE TABLE "c2c_trusted" (
	"user_id" integer NOT NULL,
	"trusted_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "c2c_trusted_user_id_trusted_id_pk" PRIMARY KEY("user_id","trusted_id")
);
--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "auto_reply" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_merchants" ADD COLUMN "online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "c2c_merchants" ADD COLUMN "hours_from" integer;--> statement-breakpoint
ALTER TABLE "c2c_merchants" ADD COLUMN "hours_to" integer;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD COLUMN "order_no" text;--> statement-breakpoint
UPDATE "c2c_orders" SET "order_no" = to_char("create_time" AT TIME ZONE 'UTC', 'YYMMDD') || lpad((floor(random() * 1000000)::bigint)::text, 6, '0') || lpad("id"::text, 6, '0');--> statement-breakpoint
ALTER TABLE "c2c_orders" ALTER COLUMN "order_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "trade" jsonb;--> statement-breakpoint
UPDATE "chat_sessions" SET "trade" = jsonb_build_object('orderId', o."id", 'orderNo', o."order_no") FROM "c2c_orders" o WHERE o."session_id" = "chat_sessions"."id";--> statement-breakpoint
ALTER TABLE "c2c_trusted" ADD CONSTRAINT "c2c_trusted_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "c2c_trusted" ADD CONSTRAINT "c2c_trusted_trusted_id_users_id_fk" FOREIGN KEY ("trusted_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "c2c_orders_order_no_key" ON "c2c_orders" USING btree ("order_no");