ALTER TABLE "chat_group_members" ADD COLUMN "muted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "mute_all" boolean DEFAULT false NOT NULL;