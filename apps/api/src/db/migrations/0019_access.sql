CREATE TABLE "used_sign_in_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "floor_raised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "used_sign_in_challenges_expires_idx" ON "used_sign_in_challenges" USING btree ("expires_at");