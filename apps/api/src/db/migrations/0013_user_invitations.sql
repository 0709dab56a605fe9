-- Accounts the back office created and invited: set until the address is verified.
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;
