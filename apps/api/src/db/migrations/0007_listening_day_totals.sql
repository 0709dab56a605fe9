CREATE TABLE "listening_day_totals" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	"listener_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listening_day_totals_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "listening_user_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "listening_user_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
DROP INDEX "listening_progress_continue_idx";--> statement-breakpoint
DROP INDEX "listening_sessions_silent_idx";--> statement-breakpoint
ALTER TABLE "listening_user_days" ADD CONSTRAINT "listening_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Room on each page for a session's (and a progress row's) next version: progress reports update in place (HOT).
ALTER TABLE "listening_sessions" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "listening_progress" SET (fillfactor = 85);
--> statement-breakpoint
-- Backfill from the sessions already listened: the listeners' days, then each day's totals (in shard 0).
INSERT INTO "listening_user_days" ("user_id", "day")
SELECT DISTINCT "user_id", ("started_at" AT TIME ZONE 'UTC')::date
FROM "listening_sessions" WHERE "listened_seconds" > 0;
--> statement-breakpoint
INSERT INTO "listening_day_totals" ("day", "shard", "seconds", "listener_days")
SELECT "day", 0, sum("seconds"), count(*)
FROM (
  SELECT "user_id", ("started_at" AT TIME ZONE 'UTC')::date AS "day", sum("listened_seconds") AS "seconds"
  FROM "listening_sessions" WHERE "listened_seconds" > 0
  GROUP BY 1, 2
) AS "listener_day"
GROUP BY "day";
