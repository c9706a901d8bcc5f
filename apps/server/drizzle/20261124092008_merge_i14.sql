CREATE TABLE "chat_service_replies" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_service_replies" ADD CONSTRAINT "chat_service_replies_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_service_replies" ADD CONSTRAINT "chat_service_replies_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_service_replies_staff_idx" ON "chat_service_replies" USING btree ("staff_id");