-- data (hand-written)
-- Change notices (issue 36): each instance keeps live sessions and the app's message in memory and
-- forgets them when the database announces a change on the channel `serene_changes` (LISTEN/NOTIFY,
-- delivered at commit; PGlite delivers to its own process). Payloads: `session:<user id>` (that
-- user's sessions or what a session carries of them changed), `session:*` (every session: the
-- back office's settings), `app_message`.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('serene_changes', 'session:' || coalesce(OLD.user_id, NEW.user_id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_shortened" AFTER UPDATE OF "expires_at", "user_id", "token_hash" ON "sessions" FOR EACH ROW
  WHEN (NEW.expires_at < OLD.expires_at OR NEW.user_id <> OLD.user_id OR NEW.token_hash <> OLD.token_hash)
  EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('serene_changes', 'session:' || OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_session_fields_changed" AFTER UPDATE OF "role", "email", "totp_enabled_at" ON "users" FOR EACH ROW
  WHEN (NEW.role IS DISTINCT FROM OLD.role OR NEW.email IS DISTINCT FROM OLD.email
        OR NEW.totp_enabled_at IS DISTINCT FROM OLD.totp_enabled_at)
  EXECUTE FUNCTION "notify_user_change"();--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();--> statement-breakpoint
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('serene_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "back_office_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "back_office_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('session:*');--> statement-breakpoint
CREATE TRIGGER "app_messages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('app_message');
