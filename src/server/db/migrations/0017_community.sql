CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"follower_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"followed_user_id" uuid,
	"followed_publication_id" uuid,
	"followed_tag_slug" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_one_target_check" CHECK (("follows"."kind" = 'user' and "follows"."followed_user_id" is not null and "follows"."followed_publication_id" is null and "follows"."followed_tag_slug" is null)
        or ("follows"."kind" = 'publication' and "follows"."followed_publication_id" is not null and "follows"."followed_user_id" is null and "follows"."followed_tag_slug" is null)
        or ("follows"."kind" = 'tag' and "follows"."followed_tag_slug" is not null and "follows"."followed_user_id" is null and "follows"."followed_publication_id" is null)),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."followed_user_id" is distinct from "follows"."follower_id")
);
--> statement-breakpoint
CREATE TABLE "publication_responses_closed" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone,
	"hidden_by" uuid,
	"removed_at" timestamp (3) with time zone,
	"removed_by" uuid,
	CONSTRAINT "responses_not_own_parent_check" CHECK ("responses"."parent_id" is distinct from "responses"."id")
);
--> statement-breakpoint
CREATE TABLE "story_response_versions" (
	"post_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_responses_closed" (
	"post_id" text PRIMARY KEY NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reporter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"response_id" uuid,
	"post_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp (3) with time zone,
	"resolution" text,
	"resolution_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_kind_check" CHECK ("reports"."kind" in ('response', 'story')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'harassment', 'hate', 'violence', 'self_harm', 'sexual', 'misinformation', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_resolution_check" CHECK ("reports"."resolution" is null or "reports"."resolution" in ('dismiss', 'hide', 'ban')),
	CONSTRAINT "reports_subject_check" CHECK (("reports"."kind" = 'response' and "reports"."response_id" is not null and "reports"."subject_id" = "reports"."response_id"::text) or ("reports"."kind" = 'story' and "reports"."response_id" is null and "reports"."subject_id" = "reports"."post_id")),
	CONSTRAINT "reports_resolved_check" CHECK (("reports"."status" = 'open') = ("reports"."resolved_at" is null and "reports"."resolution" is null)),
	CONSTRAINT "reports_details_length_check" CHECK (char_length("reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"since" timestamp (3) with time zone NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claim_id" uuid,
	"claimed_until" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"item_count" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "notification_digests_status_check" CHECK ("notification_digests"."status" in ('queued', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"post_id" text,
	"response_id" uuid,
	"publication_id" uuid,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('follower', 'response', 'reply', 'story_approved', 'story_rejected', 'mention'))
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_follower" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_response" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_story_approved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_story_rejected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_mention" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_user_id_users_id_fk" FOREIGN KEY ("followed_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_publication_id_publications_id_fk" FOREIGN KEY ("followed_publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_tag_slug_tags_slug_fk" FOREIGN KEY ("followed_tag_slug") REFERENCES "public"."tags"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "publication_responses_closed" ADD CONSTRAINT "publication_responses_closed_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_responses_closed" ADD CONSTRAINT "publication_responses_closed_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_parent_id_responses_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_response_versions" ADD CONSTRAINT "story_response_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_responses_closed" ADD CONSTRAINT "story_responses_closed_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_responses_closed" ADD CONSTRAINT "story_responses_closed_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_key" ON "follows" USING btree ("follower_id","followed_user_id") WHERE "follows"."followed_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_publication_key" ON "follows" USING btree ("follower_id","followed_publication_id") WHERE "follows"."followed_publication_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_tag_key" ON "follows" USING btree ("follower_id","followed_tag_slug") WHERE "follows"."followed_tag_slug" is not null;--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at","id");--> statement-breakpoint
CREATE INDEX "follows_followed_user_idx" ON "follows" USING btree ("followed_user_id");--> statement-breakpoint
CREATE INDEX "follows_followed_publication_idx" ON "follows" USING btree ("followed_publication_id");--> statement-breakpoint
CREATE INDEX "follows_followed_tag_idx" ON "follows" USING btree ("followed_tag_slug");--> statement-breakpoint
CREATE INDEX "responses_post_created_idx" ON "responses" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "responses_parent_created_idx" ON "responses" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "responses_author_idx" ON "responses" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_reporter_subject_key" ON "reports" USING btree ("reporter_id","kind","subject_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("kind","subject_id","status");--> statement-breakpoint
CREATE INDEX "reports_response_idx" ON "reports" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "reports_post_idx" ON "reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "notification_digests_queued_idx" ON "notification_digests" USING btree ("created_at") WHERE "notification_digests"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "notifications_response_idx" ON "notifications" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "notifications_publication_idx" ON "notifications" USING btree ("publication_id");--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" in ('ban', 'unban', 'grant_role', 'revoke_role', 'remove_response', 'restore_response', 'dismiss_report', 'unpublish_story'));
--> statement-breakpoint
-- responses.sql
-- Responses (issue 25; docs/decisions/053-responses.md): a story's responses' version, bumped on every
-- write of one of its responses and on a ban, unban or rename of one of its responders, so the story
-- page's fingerprint (which reads it) changes and the cached page is rendered again once.
CREATE FUNCTION "bump_story_response_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	story text := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
	-- A story being deleted takes its responses with it (cascade): nothing to version then.
	INSERT INTO story_response_versions AS v (post_id, version)
		SELECT story, 1 WHERE EXISTS (SELECT 1 FROM posts WHERE id = story)
		ON CONFLICT (post_id) DO UPDATE SET version = v.version + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "responses_bump_story_version" AFTER INSERT OR UPDATE OR DELETE ON "responses"
	FOR EACH ROW EXECUTE FUNCTION bump_story_response_version();
--> statement-breakpoint
CREATE FUNCTION "bump_responder_story_versions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE story_response_versions SET version = version + 1
		WHERE post_id IN (SELECT DISTINCT post_id FROM responses WHERE author_id = NEW.id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_bump_responder_story_versions" AFTER UPDATE OF status, name, image, subdomain ON "users"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.name IS DISTINCT FROM NEW.name
		OR OLD.image IS DISTINCT FROM NEW.image OR OLD.subdomain IS DISTINCT FROM NEW.subdomain)
	EXECUTE FUNCTION bump_responder_story_versions();
--> statement-breakpoint
CREATE TRIGGER "story_response_versions_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
	ON "story_response_versions" FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
