ALTER TABLE "business_purchases" ADD COLUMN "original_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_purchases" ADD COLUMN "browser_token_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_cents" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax" jsonb DEFAULT '{"ratePercent":0,"cents":0,"reverseCharge":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "removal_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscription_codes_removal_due_idx" ON "subscription_codes" USING btree ("removal_due_at") WHERE "subscription_codes"."removal_due_at" is not null;--> statement-breakpoint
-- data (hand-written)
-- Purchases made so far had their codes listed in the purchase e-mail: the portal never invites with those codes.
UPDATE "business_purchases" SET "original_client" = true WHERE "kind" IN ('first', 'add');--> statement-breakpoint
-- Invoices made so far carried no tax: their net is their total.
UPDATE "invoices" SET "net_cents" = "total_cents" WHERE "net_cents" IS NULL;
