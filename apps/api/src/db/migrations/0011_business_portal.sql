CREATE TABLE "business_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"actor_email" text,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_reminders" (
	"business_id" uuid NOT NULL,
	"expiry_date" date NOT NULL,
	"step" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_reminders_business_id_expiry_date_step_pk" PRIMARY KEY("business_id","expiry_date","step")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"billing_email" text NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"join_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"join_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_join_token_unique" UNIQUE("join_token")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	CONSTRAINT "invoices_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "business_purchases" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "business_purchases" ADD COLUMN "kind" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_purchases" ADD COLUMN "renew_code_ids" uuid[];--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "freed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_codes" ADD COLUMN "remaining_days" integer;--> statement-breakpoint
ALTER TABLE "business_activity" ADD CONSTRAINT "business_activity_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_admins" ADD CONSTRAINT "business_admins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_reminders" ADD CONSTRAINT "business_reminders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_business_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."business_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_activity_business_idx" ON "business_activity" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "business_admins_business_email_idx" ON "business_admins" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE INDEX "business_admins_email_idx" ON "business_admins" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "invoices_business_idx" ON "invoices" USING btree ("business_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_sessions_email_idx" ON "portal_sessions" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "business_purchases" ADD CONSTRAINT "business_purchases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_purchases_business_idx" ON "business_purchases" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "subscription_codes_invited_idx" ON "subscription_codes" USING btree (lower("invited_email"));--> statement-breakpoint
-- Backfill: one business per (e-mail, business name) of the paid purchases, named as its first purchase.
INSERT INTO "businesses" ("name", "billing_email", "created_at")
SELECT DISTINCT ON (lower("email"), lower("assigned_name")) "assigned_name", "email", coalesce("paid_at", "created_at")
FROM "business_purchases" WHERE "state" = 'paid'
ORDER BY lower("email"), lower("assigned_name"), "paid_at", "created_at";
--> statement-breakpoint
UPDATE "business_purchases" p SET "business_id" = b."id"
FROM "businesses" b
WHERE p."state" = 'paid' AND lower(p."email") = lower(b."billing_email") AND lower(p."assigned_name") = lower(b."name");
--> statement-breakpoint
INSERT INTO "business_admins" ("business_id", "email", "added_at")
SELECT "id", "billing_email", "created_at" FROM "businesses";
--> statement-breakpoint
-- Every paid purchase gets its invoice, numbered per year in the order they were paid.
INSERT INTO "invoices" ("business_id", "purchase_id", "number", "issued_at", "buyer", "lines", "total_cents", "currency")
SELECT p."business_id", p."id",
  'SER-' || extract(year FROM p."paid_at" AT TIME ZONE 'UTC')::int || '-' ||
    lpad(row_number() OVER (PARTITION BY extract(year FROM p."paid_at" AT TIME ZONE 'UTC') ORDER BY p."paid_at", p."id")::text, 6, '0'),
  p."paid_at",
  jsonb_build_object('name', p."assigned_name", 'address', '', 'taxId', '', 'email', p."email"),
  jsonb_build_array(jsonb_build_object('description', 'Serene for Business: 12-month employee subscription',
    'quantity', p."total_users", 'unitCents', p."amount_cents" / greatest(p."total_users", 1), 'totalCents', p."amount_cents")),
  p."amount_cents", p."currency"
FROM "business_purchases" p WHERE p."state" = 'paid' AND p."business_id" IS NOT NULL AND p."paid_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last")
SELECT extract(year FROM "issued_at" AT TIME ZONE 'UTC')::int, count(*) FROM "invoices" GROUP BY 1;
