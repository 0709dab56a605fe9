-- data (hand-written)
-- Change notices of the business portal (issue 36), on the channel of migration 0023: each instance
-- keeps portal sessions, and whether an address administers a business, in memory and forgets them
-- all on `portal_session`: a portal session ended or changed (sign-out, a former admin's sessions,
-- an expiry moved), or who administers which business changed. A new session needs no notice.
CREATE TRIGGER "portal_sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "portal_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('portal_session');--> statement-breakpoint
CREATE TRIGGER "business_admins_changed" AFTER INSERT OR DELETE OR UPDATE OF "email", "business_id" OR TRUNCATE ON "business_admins"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('portal_session');
