DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_mood_idx" ON "users" USING btree ("mood","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");