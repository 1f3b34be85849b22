-- The site's listing version (docs/decisions/026-listing-page-caches.md): one counter for the whole
-- site, bumped by the database itself whenever something an anonymous listing page shows changes —
-- the home page, a tag page, a writer's home, the feeds and their APIs — so that a cached copy is
-- checked against it on every request, whichever process, job or cascade made the change. As for
-- publication pages (migration 0001), triggers rather than services: no write path can forget it.
--
-- One row, so every bump meets every other one. The triggers are constraint triggers deferred to
-- commit: the row is taken last in each transaction and held only while it commits, so writers
-- queue for a moment instead of holding it across their work — and nobody holding it ever waits
-- for another lock (no deadlock with publication_page_versions, which is bumped immediately).
CREATE TABLE "site_page_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "site_page_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "site_page_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_site_page_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE site_page_version SET version = version + 1 WHERE id = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Stories: only published ones are on listings; drafts, autosaves and the review queue cost nothing.
CREATE CONSTRAINT TRIGGER "posts_site_page_insert" AFTER INSERT ON "posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.status = 'published') EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_site_page_update" AFTER UPDATE ON "posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_site_page_delete" AFTER DELETE ON "posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD.status = 'published') EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
-- A byline (name, picture, bio, address) or a ban shows wherever the writer's stories are listed.
CREATE CONSTRAINT TRIGGER "users_site_page" AFTER UPDATE ON "users"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.image IS DISTINCT FROM NEW.image
		OR OLD.description IS DISTINCT FROM NEW.description
		OR OLD.subdomain IS DISTINCT FROM NEW.subdomain OR OLD.status IS DISTINCT FROM NEW.status)
	EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
-- Every change of these shows on some listing: publications (top publications, a story's
-- publication), tags and subtopics (tag pages, top tags), the curated sets (the home page), pins and
-- public lists (a writer's home).
CREATE CONSTRAINT TRIGGER "publications_site_page" AFTER INSERT OR UPDATE OR DELETE ON "publications"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_site_page" AFTER INSERT OR UPDATE OR DELETE ON "tags"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subtopics_site_page" AFTER INSERT OR UPDATE OR DELETE ON "subtopics"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subtopic_posts_site_page" AFTER INSERT OR UPDATE OR DELETE ON "subtopic_posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "curated_sets_site_page" AFTER INSERT OR UPDATE OR DELETE ON "curated_sets"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "publication_story_sets_site_page" AFTER INSERT OR UPDATE OR DELETE
	ON "publication_story_sets"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pins_site_page" AFTER INSERT OR UPDATE OR DELETE ON "pins"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lists_site_page" AFTER INSERT OR UPDATE OR DELETE ON "lists"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "list_posts_site_page" AFTER INSERT OR UPDATE OR DELETE ON "list_posts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_site_page_version();
--> statement-breakpoint
-- The home feed walks a language's published stories only: a partial index, so that page 1 does not
-- step over the newest scheduled or unpublished stories (at 100,000 stories it stepped over 6,759 of
-- them: page 1 cost 80 ms and page 5,000 0.3 ms).
DROP INDEX "posts_language_published_at_id_idx";--> statement-breakpoint
CREATE INDEX "posts_language_published_at_id_idx" ON "posts" USING btree ("language_code","published_at","id") WHERE "posts"."status" = 'published';--> statement-breakpoint
-- Search ranks the newest matches and every recent title match (decision 022): the titles' own
-- vectors, indexed, find title matches without reading a single body.
CREATE INDEX "posts_title_search_idx" ON "posts" USING gin (to_tsvector('simple', regexp_replace(coalesce("title", ''), '([\u3400-\u9fff\uf900-\ufaff])', ' \1 ', 'g'))) WITH (fastupdate=false) WHERE "posts"."status" = 'published';
