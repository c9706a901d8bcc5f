CREATE TABLE "wallet_adjust_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"entry_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"decide_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_adjust_requests" ADD CONSTRAINT "wallet_adjust_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjust_requests" ADD CONSTRAINT "wallet_adjust_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjust_requests" ADD CONSTRAINT "wallet_adjust_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_adjust_requests_maker_request_key" ON "wallet_adjust_requests" USING btree ("maker_id","request_id");--> statement-breakpoint
CREATE INDEX "wallet_adjust_requests_status_idx" ON "wallet_adjust_requests" USING btree ("status","id");