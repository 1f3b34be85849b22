ALTER TABLE "posts" ADD COLUMN "in_newsletter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- posts.in_newsletter is the story's copy of "a newsletter entry holds it" (StorySummary.isInNewsletter),
-- so the story core never reads the newsletters' table (docs/decisions/030-one-way-modules.md).
UPDATE "posts" SET "in_newsletter" = true
WHERE EXISTS (SELECT 1 FROM "newsletter_entries" e WHERE e."post_id" = "posts"."id");
--> statement-breakpoint
-- An entry added, removed or moved by a statement sets its stories' copy. Entries changed by a
-- trigger (the story's own unpublish or delete below, or a cascade) are left to that story's
-- trigger: a story being deleted must not be updated by the delete's own triggers.
CREATE FUNCTION "newsletter_entries_mark_posts"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
	UPDATE "posts" p SET "in_newsletter" = EXISTS (SELECT 1 FROM "newsletter_entries" e WHERE e."post_id" = p."id")
	WHERE p."id" IN (
		CASE WHEN TG_OP <> 'INSERT' THEN OLD."post_id" END,
		CASE WHEN TG_OP <> 'DELETE' THEN NEW."post_id" END)
	AND p."in_newsletter" IS DISTINCT FROM EXISTS (SELECT 1 FROM "newsletter_entries" e WHERE e."post_id" = p."id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "newsletter_entries_mark_posts" AFTER INSERT OR DELETE OR UPDATE OF "post_id"
	ON "newsletter_entries" FOR EACH ROW EXECUTE FUNCTION newsletter_entries_mark_posts();
--> statement-breakpoint
-- 0004's cancelling of unsent entries, now also setting the unpublished story's copy (a failed entry
-- stays, so the story may still be in a newsletter).
CREATE OR REPLACE FUNCTION "posts_cancel_newsletter_entries"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	story_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
	DELETE FROM newsletter_entries WHERE post_id = story_id AND status IN ('unscheduled', 'scheduled');
	UPDATE newsletter_entries
	SET status = 'failed', updated_at = now(),
		last_error = CASE WHEN TG_OP = 'DELETE' THEN 'The story was deleted while the newsletter was being sent'
			ELSE 'The story was unpublished while the newsletter was being sent' END
	WHERE post_id = story_id AND status = 'sending';
	IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
	UPDATE posts SET in_newsletter = EXISTS (SELECT 1 FROM newsletter_entries e WHERE e.post_id = story_id)
	WHERE id = story_id AND in_newsletter IS DISTINCT FROM EXISTS (SELECT 1 FROM newsletter_entries e WHERE e.post_id = story_id);
	RETURN NULL;
END
$$;
