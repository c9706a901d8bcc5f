ALTER TABLE "c2c_orders" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "c2c_orders_request_key" ON "c2c_orders" USING btree ("request_key");