-- A host's upload that the back office turns down is "declined" (the word the back office, the host's
-- app and the host requests use). Renamed in place: rows keep their state, nothing is rewritten.
ALTER TYPE "public"."review_state" RENAME VALUE 'rejected' TO 'declined';
