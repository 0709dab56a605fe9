CREATE TABLE "job_claims" (
	"job" text PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_purchases" ADD COLUMN "codes_email_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");