-- Newsletters and subscriptions (issue 12, docs/decisions/024-newsletters.md): the sender's lease and
-- backoff columns on deliveries, the double opt-in's mail bookkeeping and bounces on subscriptions,
-- and a newsletter entry that outlives its deleted story (kept for the stats, named by its title).
ALTER TABLE "newsletter_entries" DROP CONSTRAINT "newsletter_entries_post_id_posts_id_fk";
--> statement-breakpoint
ALTER TABLE "newsletter_entries" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "due_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "next_attempt_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "claimed_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "unsubscribed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD COLUMN "post_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD COLUMN "in_subscriber_timezone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirm_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "confirm_sent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "bounced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD CONSTRAINT "newsletter_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
UPDATE "newsletter_entries" e SET "post_title" = p."title" FROM "posts" p WHERE p."id" = e."post_id";
--> statement-breakpoint
-- The site topics (SPEC §9, DESIGN §6) are fixed data every site has, demo content or not: the
-- standalone anxiety topic and the seven blog topics. A publication's own topic is made when its
-- owner turns its newsletter on.
INSERT INTO "topics" ("id", "slug", "name") VALUES
	(gen_random_uuid(), 'anxiety', 'Anxiety'),
	(gen_random_uuid(), 'daily-devotional', 'Daily Devotional'),
	(gen_random_uuid(), 'prayer', 'Prayer'),
	(gen_random_uuid(), 'help-way', 'Help Way'),
	(gen_random_uuid(), 'walking-with-god', 'Walking With God'),
	(gen_random_uuid(), 'bible-study', 'Bible Study'),
	(gen_random_uuid(), 'faith-and-family', 'Faith and Family'),
	(gen_random_uuid(), 'hope-and-healing', 'Hope and Healing')
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
-- Unpublishing a story (or cancelling its schedule) or deleting it cancels its unsent newsletter
-- entries, whichever code path, job or cascade does it: an unscheduled or scheduled entry is removed,
-- one being sent stops (failed, with the reason; the sender checks the entry's status per batch).
-- A sent entry stays for the stats; a delete leaves it without its story (post_id set null).
CREATE FUNCTION "posts_cancel_newsletter_entries"() RETURNS trigger
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
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_newsletter_entries_unpublish" AFTER UPDATE OF "status" ON "posts" FOR EACH ROW
	WHEN (OLD.status IN ('published', 'scheduled') AND NEW.status NOT IN ('published', 'scheduled'))
	EXECUTE FUNCTION posts_cancel_newsletter_entries();
--> statement-breakpoint
CREATE TRIGGER "posts_newsletter_entries_delete" BEFORE DELETE ON "posts" FOR EACH ROW
	EXECUTE FUNCTION posts_cancel_newsletter_entries();
