-- The transcript's search text is a generated column of serene_search_doc: its body names
-- serene_unaccent by schema, so it resolves wherever it is inlined (pg_restore runs with an empty
-- search_path, and a generated column's expression is checked as its table is created).
CREATE OR REPLACE FUNCTION serene_search_doc(title text, description text, interest text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ' ' || lower(public.serene_unaccent(title || ' ' || description || ' ' || coalesce(interest, ''))) $$;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "true_peak" real;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "transcript_format" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "transcript_text" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "transcript_doc" text GENERATED ALWAYS AS (serene_search_doc(coalesce(transcript_text, ''), '', null)) STORED;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "measured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "true_peak" real;--> statement-breakpoint
CREATE INDEX "resources_transcript_doc_trgm_idx" ON "resources" USING gin ("transcript_doc" gin_trgm_ops);