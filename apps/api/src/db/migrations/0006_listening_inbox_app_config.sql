CREATE TABLE "app_platform_config" (
	"platform" "device" PRIMARY KEY NOT NULL,
	"min_supported_v_code" bigint,
	"store_url" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_resource_id_pk" PRIMARY KEY("user_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "listening_progress" (
	"user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listening_progress_user_id_resource_id_pk" PRIMARY KEY("user_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "listening_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"client_id" uuid,
	"seq" integer DEFAULT 0 NOT NULL,
	"listened_seconds" double precision DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"mood_before" "mood",
	"mood_after" "mood",
	"counted" boolean DEFAULT false NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_report_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listening_sync_refusals" (
	"user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listening_sync_refusals_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "app_platform_config" ADD CONSTRAINT "app_platform_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_progress" ADD CONSTRAINT "listening_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_progress" ADD CONSTRAINT "listening_progress_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_sessions" ADD CONSTRAINT "listening_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_sessions" ADD CONSTRAINT "listening_sessions_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_sync_refusals" ADD CONSTRAINT "listening_sync_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST,"resource_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listening_progress_continue_idx" ON "listening_progress" USING btree ("user_id","updated_at" DESC NULLS LAST,"resource_id" DESC NULLS LAST) WHERE not "listening_progress"."hidden" and "listening_progress"."position" > 0;--> statement-breakpoint
CREATE INDEX "listening_sessions_user_started_idx" ON "listening_sessions" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listening_sessions_resource_idx" ON "listening_sessions" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "listening_sessions_started_idx" ON "listening_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listening_sessions_client_uq" ON "listening_sessions" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "listening_sessions_open_idx" ON "listening_sessions" USING btree ("user_id","resource_id") WHERE "listening_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "listening_sessions_silent_idx" ON "listening_sessions" USING btree ("last_report_at") WHERE "listening_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "plays_user_resource_idx" ON "plays" USING btree ("user_id","resource_id","played_at");--> statement-breakpoint
ALTER TABLE "plays" DROP COLUMN "listened_seconds";--> statement-breakpoint
ALTER TABLE "resources" DROP COLUMN "listening_seconds";