ALTER TABLE "c2c_orders" ADD COLUMN "pay_reminded_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "c2c_orders" ADD COLUMN "release_reminded_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "sound" boolean DEFAULT true NOT NULL;