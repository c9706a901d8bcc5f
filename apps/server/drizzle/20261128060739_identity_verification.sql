CREATE TABLE "kyc_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"real_name" text NOT NULL,
	"country" text NOT NULL,
	"identity_id" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"real_name" text NOT NULL,
	"country" text NOT NULL,
	"id_number_enc" text,
	"id_number_last4" text DEFAULT '' NOT NULL,
	"id_number_digest" text,
	"document_url" text,
	"selfie_url" text,
	"address_url" text,
	"checked_by" integer,
	"check_time" timestamp with time zone,
	"reviewed_by" integer,
	"review_time" timestamp with time zone,
	"reason_code" text,
	"note" text DEFAULT '' NOT NULL,
	"purge_time" timestamp with time zone,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "c2c_ads" ADD COLUMN "taker_min_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_members" ADD CONSTRAINT "kyc_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_status_idx" ON "kyc_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_digest_idx" ON "kyc_submissions" USING btree ("id_number_digest");--> statement-breakpoint
CREATE INDEX "kyc_submissions_document_idx" ON "kyc_submissions" USING btree ("document_url");--> statement-breakpoint
CREATE INDEX "kyc_submissions_selfie_idx" ON "kyc_submissions" USING btree ("selfie_url");--> statement-breakpoint
CREATE INDEX "kyc_submissions_address_idx" ON "kyc_submissions" USING btree ("address_url");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_open_key" ON "kyc_submissions" USING btree ("user_id") WHERE status IN ('pending', 'checked');