-- Search's own narrow copy of each published story (decision 022): its time, its weighted vector and
-- the title's part of it. Searching the wide posts rows (bodies in three forms) read ~19,000 heap
-- pages for one common two-word query at 100,000 stories; these rows are a few dozen bytes beside
-- their vectors. Kept by the trigger below whichever code path publishes, edits, unpublishes or
-- deletes a story (the cascade); never written by application code.
--
-- Idempotent: its journal time first sorted before 0005's, so drizzle's migrator (which applies only
-- migrations newer than the newest applied) skipped it on databases already at 0005. Moved after
-- 0005, it now also runs again on databases that did apply it, and must change nothing there.
CREATE TABLE IF NOT EXISTS "post_search" (
	"post_id" text PRIMARY KEY NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	CONSTRAINT "post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_search_vector_idx" ON "post_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_search_title_vector_idx" ON "post_search" USING gin ("title_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "post_search_published_at_idx" ON "post_search" USING btree ("published_at","post_id");--> statement-breakpoint
-- The title index on posts is replaced by post_search.title_vector.
DROP INDEX IF EXISTS "posts_title_search_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "posts_keep_post_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'published' AND NEW.published_at IS NOT NULL THEN
		-- ts_filter keeps the title's lexemes (weight A) with their positions: phrases still match.
		INSERT INTO "post_search" ("post_id", "published_at", "search_vector", "title_vector")
		VALUES (NEW.id, NEW.published_at, NEW.search_vector, ts_filter(NEW.search_vector, '{a}'))
		ON CONFLICT ("post_id") DO UPDATE SET
			"published_at" = EXCLUDED."published_at",
			"search_vector" = EXCLUDED."search_vector",
			"title_vector" = EXCLUDED."title_vector";
	ELSIF TG_OP = 'UPDATE' AND OLD.status = 'published' THEN
		DELETE FROM "post_search" WHERE "post_id" = NEW.id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "posts_post_search_insert" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_post_search_insert" AFTER INSERT ON "posts" FOR EACH ROW
	WHEN (NEW.status = 'published') EXECUTE FUNCTION posts_keep_post_search();
--> statement-breakpoint
-- Autosaves of drafts and edits that change neither the state, the time nor the text cost nothing.
DROP TRIGGER IF EXISTS "posts_post_search_update" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_post_search_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status
		OR (NEW.status = 'published' AND (OLD.published_at IS DISTINCT FROM NEW.published_at
			OR OLD.search_vector IS DISTINCT FROM NEW.search_vector)))
	EXECUTE FUNCTION posts_keep_post_search();
--> statement-breakpoint
INSERT INTO "post_search" ("post_id", "published_at", "search_vector", "title_vector")
SELECT "id", "published_at", "search_vector", ts_filter("search_vector", '{a}')
FROM "posts" WHERE "status" = 'published' AND "published_at" IS NOT NULL
ON CONFLICT ("post_id") DO NOTHING;
