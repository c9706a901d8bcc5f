CREATE INDEX "app_tickets_images_gin_idx" ON "app_tickets" USING gin ("images");--> statement-breakpoint
CREATE INDEX "c2c_orders_payee_qr_idx" ON "c2c_orders" USING btree (("payee"->>'qrCode'));--> statement-breakpoint
CREATE INDEX "c2c_orders_appeal_proof_gin_idx" ON "c2c_orders" USING gin ("appeal_proof");--> statement-breakpoint
CREATE INDEX "c2c_payment_methods_qr_code_idx" ON "c2c_payment_methods" USING btree ("qr_code");--> statement-breakpoint
CREATE INDEX "moments_video_url_idx" ON "moments" USING btree (("video"->>'url'));--> statement-breakpoint
CREATE INDEX "moments_video_poster_idx" ON "moments" USING btree (("video"->>'poster'));--> statement-breakpoint
CREATE INDEX "pay_orders_goods_image_idx" ON "pay_orders" USING btree ("goods_image");