CREATE INDEX "chat_messages_content_url_idx" ON "chat_messages" USING btree (("content"->>'url'));--> statement-breakpoint
CREATE INDEX "chat_messages_content_poster_idx" ON "chat_messages" USING btree (("content"->>'poster'));--> statement-breakpoint
CREATE INDEX "moments_images_gin_idx" ON "moments" USING gin ("images");--> statement-breakpoint
CREATE INDEX "uploads_status_time_idx" ON "uploads" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "users_avatar_idx" ON "users" USING btree ("avatar");