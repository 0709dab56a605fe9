CREATE TABLE "user_signups_monthly" (
	"month" date PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "activity_log_created_idx";--> statement-breakpoint
DROP INDEX "activity_log_entity_idx";--> statement-breakpoint
DROP INDEX "activity_log_actor_idx";--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
DROP INDEX "business_purchases_created_idx";--> statement-breakpoint
DROP INDEX "resources_time_created_idx";--> statement-breakpoint
DROP INDEX "resources_plays_idx";--> statement-breakpoint
DROP INDEX "app_versions_device_idx";--> statement-breakpoint
DROP INDEX "host_requests_state_idx";--> statement-breakpoint
DROP INDEX "user_messages_user_idx";--> statement-breakpoint
DROP INDEX "support_messages_created_idx";--> statement-breakpoint
DROP INDEX "users_time_created_idx";--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_entity_idx" ON "activity_log" USING btree ("entity_type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "business_purchases_created_idx" ON "business_purchases" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "resources_time_created_idx" ON "resources" USING btree ("time_created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "resources_plays_idx" ON "resources" USING btree ("no_plays" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "app_versions_device_idx" ON "app_versions" USING btree ("device","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "host_requests_state_idx" ON "host_requests" USING btree ("state","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_messages_user_idx" ON "user_messages" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_messages_created_idx" ON "support_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_time_created_idx" ON "users" USING btree ("time_created" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
INSERT INTO "user_signups_monthly" ("month", "n")
SELECT date_trunc('month', "time_created")::date, count(*) FROM "users" GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "user_signups_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_signups_monthly" ("month", "n")
    SELECT date_trunc('month', "time_created")::date, count(*) FROM new_rows GROUP BY 1
    ON CONFLICT ("month") DO UPDATE SET "n" = "user_signups_monthly"."n" + excluded."n";
  ELSE
    UPDATE "user_signups_monthly" AS m SET "n" = m."n" - gone.n
    FROM (SELECT date_trunc('month', "time_created")::date AS month, count(*) AS n FROM old_rows GROUP BY 1) AS gone
    WHERE m."month" = gone.month;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_signups_insert" AFTER INSERT ON "users"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_signups_count"();
--> statement-breakpoint
CREATE TRIGGER "users_signups_delete" AFTER DELETE ON "users"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_signups_count"();
