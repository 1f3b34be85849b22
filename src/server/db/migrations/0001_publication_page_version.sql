-- The publication page's version (docs/decisions/021-publication-page-cache.md): one counter per
-- publication, bumped by the database itself whenever something its public page shows changes, so
-- that a cached copy is checked against it on every request whichever process, job or cascade made
-- the change. Kept by triggers, not by the services: no write path can forget it.
-- What bumps it: a published story entering, changing in or leaving the publication (other states
-- are not on the public page); its collections; its members; the publication itself; a newsletter
-- entry of one of its stories; and the byline or status of a user who owns, belongs to or has a
-- published story in it. A deleted publication's row goes with it.
CREATE TABLE "publication_page_versions" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Bumps the publications named (nulls and repeats ignored), in id order so that two transactions
-- bumping the same pair cannot deadlock. A publication already deleted (its cascades run these
-- triggers after its row is gone) gets no row back.
CREATE FUNCTION "bump_publication_page_versions"(a uuid, b uuid DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO publication_page_versions AS v (publication_id, version)
	SELECT p.id, 1 FROM publications p WHERE p.id IN (a, b) ORDER BY p.id
	ON CONFLICT (publication_id) DO UPDATE SET version = v.version + 1;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "posts_bump_publication_page"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_publication_page_versions(
		CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'published' THEN OLD.publication_id END,
		CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'published' THEN NEW.publication_id END);
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only published stories are on the public page: drafts, autosaves and the review queue cost nothing.
CREATE TRIGGER "posts_publication_page_insert" AFTER INSERT ON "posts" FOR EACH ROW
	WHEN (NEW.publication_id IS NOT NULL AND NEW.status = 'published')
	EXECUTE FUNCTION posts_bump_publication_page();
--> statement-breakpoint
CREATE TRIGGER "posts_publication_page_update" AFTER UPDATE ON "posts" FOR EACH ROW
	WHEN (((OLD.publication_id IS NOT NULL AND OLD.status = 'published')
		OR (NEW.publication_id IS NOT NULL AND NEW.status = 'published'))
		AND OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION posts_bump_publication_page();
--> statement-breakpoint
CREATE TRIGGER "posts_publication_page_delete" AFTER DELETE ON "posts" FOR EACH ROW
	WHEN (OLD.publication_id IS NOT NULL AND OLD.status = 'published')
	EXECUTE FUNCTION posts_bump_publication_page();
--> statement-breakpoint
-- Rows that name their publication in publication_id: collections, members, newsletter entries.
CREATE FUNCTION "row_bumps_publication_page"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_publication_page_versions(
		CASE WHEN TG_OP <> 'INSERT' THEN OLD.publication_id END,
		CASE WHEN TG_OP <> 'DELETE' THEN NEW.publication_id END);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "collections_publication_page" AFTER INSERT OR UPDATE OR DELETE ON "collections"
	FOR EACH ROW EXECUTE FUNCTION row_bumps_publication_page();
--> statement-breakpoint
CREATE TRIGGER "publication_members_publication_page" AFTER INSERT OR UPDATE OR DELETE
	ON "publication_members" FOR EACH ROW EXECUTE FUNCTION row_bumps_publication_page();
--> statement-breakpoint
CREATE TRIGGER "newsletter_entries_publication_page" AFTER INSERT OR UPDATE OR DELETE
	ON "newsletter_entries" FOR EACH ROW EXECUTE FUNCTION row_bumps_publication_page();
--> statement-breakpoint
CREATE FUNCTION "publications_bump_page"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM publication_page_versions WHERE publication_id = OLD.id;
	ELSE
		PERFORM bump_publication_page_versions(NEW.id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "publications_page_update" AFTER UPDATE ON "publications" FOR EACH ROW
	WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION publications_bump_page();
--> statement-breakpoint
CREATE TRIGGER "publications_page_delete" AFTER DELETE ON "publications" FOR EACH ROW
	EXECUTE FUNCTION publications_bump_page();
--> statement-breakpoint
-- A byline (name, picture, address) or a ban shows on every publication page the user is on:
-- as owner or member, or as the writer of a published story there.
CREATE FUNCTION "users_bump_publication_pages"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO publication_page_versions AS v (publication_id, version)
	SELECT affected.id, 1 FROM (
		SELECT id FROM publications WHERE owner_id = NEW.id
		UNION SELECT publication_id FROM publication_members WHERE user_id = NEW.id
		UNION SELECT publication_id FROM posts
			WHERE author_id = NEW.id AND publication_id IS NOT NULL AND status = 'published'
	) affected ORDER BY affected.id
	ON CONFLICT (publication_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_publication_pages" AFTER UPDATE OF "name", "image", "subdomain", "status"
	ON "users" FOR EACH ROW
	WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.image IS DISTINCT FROM NEW.image
		OR OLD.subdomain IS DISTINCT FROM NEW.subdomain OR OLD.status IS DISTINCT FROM NEW.status)
	EXECUTE FUNCTION users_bump_publication_pages();
