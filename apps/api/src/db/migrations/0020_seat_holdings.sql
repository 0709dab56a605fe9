CREATE TABLE "seat_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seat_id" uuid NOT NULL,
	"user_id" uuid,
	"held_from" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seat_holdings" ADD CONSTRAINT "seat_holdings_seat_id_subscription_codes_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."subscription_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holdings" ADD CONSTRAINT "seat_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_holdings_seat_idx" ON "seat_holdings" USING btree ("seat_id");--> statement-breakpoint
CREATE INDEX "seat_holdings_user_idx" ON "seat_holdings" USING btree ("user_id");--> statement-breakpoint
-- data (hand-written)
-- Every seat redeemed today has been held by its listener since it was redeemed. (Seats freed
-- before this record was kept no longer name their former listener, so they have no row.)
INSERT INTO "seat_holdings" ("seat_id", "user_id", "held_from")
SELECT "id", "redeemed_by", "redeemed_at" FROM "subscription_codes"
WHERE "redeemed_by" IS NOT NULL AND "redeemed_at" IS NOT NULL;
