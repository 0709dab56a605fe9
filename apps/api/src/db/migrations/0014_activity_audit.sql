ALTER TABLE "activity_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "activity_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_target_idx" ON "activity_log" USING btree ("entity_id","created_at" DESC NULLS FIRST);