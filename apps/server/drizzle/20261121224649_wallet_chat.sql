CREATE TABLE "pay_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" text NOT NULL,
	"goods_image" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"entry_id" bigint,
	"expire_time" timestamp with time zone NOT NULL,
	"paid_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_orders_amount" CHECK ("pay_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "red_packet_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"packet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_packet_claims_amount" CHECK ("red_packet_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"remaining_amount" bigint NOT NULL,
	"remaining_count" integer NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message_id" integer,
	"entry_id" bigint,
	"expire_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"close_time" timestamp with time zone,
	CONSTRAINT "red_packets_remaining" CHECK ("red_packets"."remaining_amount" >= 0 AND "red_packets"."remaining_count" >= 0),
	CONSTRAINT "red_packets_count" CHECK ("red_packets"."count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_goods_id_app_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."app_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_claims" ADD CONSTRAINT "red_packet_claims_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_claims" ADD CONSTRAINT "red_packet_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_order_no_key" ON "pay_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_user_request_key" ON "pay_orders" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "pay_orders_user_idx" ON "pay_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_claims_packet_user_key" ON "red_packet_claims" USING btree ("packet_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_sender_request_key" ON "red_packets" USING btree ("sender_id","request_id");--> statement-breakpoint
CREATE INDEX "red_packets_open_expire_idx" ON "red_packets" USING btree ("status","expire_time");