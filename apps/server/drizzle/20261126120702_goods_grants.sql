CREATE TABLE "app_member_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_goods" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_goods" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_goods" ADD COLUMN "grant_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_goods" ADD COLUMN "grant_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_goods" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app_member_grants" ADD CONSTRAINT "app_member_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_member_grants" ADD CONSTRAINT "app_member_grants_goods_id_app_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."app_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_member_grants_order_key" ON "app_member_grants" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "app_member_grants_user_idx" ON "app_member_grants" USING btree ("user_id","kind");--> statement-breakpoint
UPDATE "app_goods" SET "grant_kind" = 'vip', "grant_days" = 30 WHERE "key" = 'vip-month' AND "grant_kind" = 'none';--> statement-breakpoint
UPDATE "app_goods" SET "grant_kind" = 'vip', "grant_days" = 365 WHERE "key" = 'vip-year' AND "grant_kind" = 'none';
