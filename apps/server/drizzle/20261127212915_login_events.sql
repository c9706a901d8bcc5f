CREATE TABLE "login_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"success" boolean NOT NULL,
	"address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"device_key" text NOT NULL,
	"new_device" boolean DEFAULT false NOT NULL,
	"session_id" text,
	"last_seen_time" timestamp with time zone,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_user_idx" ON "login_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "login_events_device_idx" ON "login_events" USING btree ("user_id","device_key");--> statement-breakpoint
CREATE INDEX "login_events_session_idx" ON "login_events" USING btree ("session_id");