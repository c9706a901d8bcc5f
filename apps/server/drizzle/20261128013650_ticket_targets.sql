ALTER TABLE "app_tickets" ADD COLUMN "target_kind" text;--> statement-breakpoint
ALTER TABLE "app_tickets" ADD COLUMN "target_id" integer;--> statement-breakpoint
-- Complaints filed about a member before targets had kinds name that member the new way too.
UPDATE "app_tickets" SET "target_kind" = 'member', "target_id" = "target_user_id" WHERE "target_user_id" IS NOT NULL;