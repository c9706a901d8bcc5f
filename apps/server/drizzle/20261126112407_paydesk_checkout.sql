CREATE TABLE "pay_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"refund_ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"entry_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_refunds_amount" CHECK ("pay_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "goods_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "goods_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "payee_id" integer;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "merchant_ref" text;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "notify_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "return_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_order_id_pay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."pay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_refunds_order_ref_key" ON "pay_refunds" USING btree ("order_id","refund_ref");--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_payee_ref_key" ON "pay_orders" USING btree ("payee_id","merchant_ref");--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_refunded" CHECK ("pay_orders"."refunded" >= 0 AND "pay_orders"."refunded" <= "pay_orders"."amount");