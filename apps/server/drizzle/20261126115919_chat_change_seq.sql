ALTER TABLE "chat_members" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_message_removals" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_message_removals_user_change_idx" ON "chat_message_removals" USING btree ("user_id","change_seq");--> statement-breakpoint
CREATE INDEX "chat_messages_session_change_idx" ON "chat_messages" USING btree ("session_id","change_seq") WHERE "chat_messages"."change_seq" > 0;