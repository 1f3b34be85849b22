-- Grouped notifications (docs/decisions/055-notifications.md): while a follower, response or reply
-- notification is unread, the next one of the same kind about the same subject (the recipient, the
-- story, the parent response) joins its row — the newest actor and response, the actors kept newest
-- first (actor_ids, at most 10), the distinct people counted (actor_count), the events (event_count)
-- — at most one unread row per (recipient, kind, subject): notifications_unread_group_key, the
-- insert's ON CONFLICT target. Every dedupe key seen moves to notification_dedupe_keys, since a group
-- absorbs the keys of the events that joined it (the old unique index on the rows goes). A row points
-- to its newest response without cascading (a group tells of others too); a reply's parent does
-- cascade. Existing rows: every key kept, each actor listed, and the unread ones of one group folded
-- into its newest row before the unique index is built.
CREATE TABLE "notification_dedupe_keys" (
	"user_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_dedupe_keys_user_id_dedupe_key_pk" PRIMARY KEY("user_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_response_id_responses_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_user_dedupe_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "parent_response_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_dedupe_keys" ADD CONSTRAINT "notification_dedupe_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_parent_response_id_responses_id_fk" FOREIGN KEY ("parent_response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "notification_dedupe_keys" ("user_id", "dedupe_key", "created_at")
	SELECT "user_id", "dedupe_key", min("created_at") FROM "notifications" GROUP BY 1, 2;--> statement-breakpoint
UPDATE "notifications" SET "actor_ids" = ARRAY["actor_id"] WHERE "actor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "parent_response_id" = "responses"."parent_id"
	FROM "responses"
	WHERE "notifications"."kind" = 'reply' AND "responses"."id" = "notifications"."response_id";--> statement-breakpoint
UPDATE "notifications" SET "group_subject" = CASE "kind"
		WHEN 'follower' THEN "user_id"::text
		WHEN 'response' THEN "post_id"
		ELSE "parent_response_id"::text END
	WHERE "kind" IN ('follower', 'response', 'reply');--> statement-breakpoint
WITH "unread" AS (
	SELECT "id", "user_id", "kind", "group_subject", "actor_id", "created_at",
		row_number() OVER (PARTITION BY "user_id", "kind", "group_subject" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
	FROM "notifications"
	WHERE "read_at" IS NULL AND "group_subject" IS NOT NULL),
"actors" AS (
	SELECT "user_id", "kind", "group_subject", "actor_id", max("created_at") AS "last_at"
	FROM "unread" WHERE "actor_id" IS NOT NULL
	GROUP BY 1, 2, 3, 4),
"groups" AS (
	-- The people: each actor once, and the nameless (an actor since deleted) as one more.
	SELECT "user_id", "kind", "group_subject", count(*) AS "events",
		count(DISTINCT "actor_id") + (bool_or("actor_id" IS NULL))::int AS "people"
	FROM "unread"
	GROUP BY 1, 2, 3
	HAVING count(*) > 1)
UPDATE "notifications" SET
	"actor_ids" = coalesce((
		SELECT (array_agg("actors"."actor_id" ORDER BY "actors"."last_at" DESC, "actors"."actor_id"))[1:10]
		FROM "actors"
		WHERE "actors"."user_id" = "groups"."user_id" AND "actors"."kind" = "groups"."kind"
			AND "actors"."group_subject" = "groups"."group_subject"), '{}'::uuid[]),
	"actor_count" = greatest("groups"."people", 1),
	"event_count" = "groups"."events"
FROM "groups", "unread"
WHERE "unread"."rank" = 1 AND "unread"."user_id" = "groups"."user_id" AND "unread"."kind" = "groups"."kind"
	AND "unread"."group_subject" = "groups"."group_subject" AND "notifications"."id" = "unread"."id";--> statement-breakpoint
DELETE FROM "notifications" USING (
	SELECT "id", row_number() OVER (PARTITION BY "user_id", "kind", "group_subject" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
	FROM "notifications"
	WHERE "read_at" IS NULL AND "group_subject" IS NOT NULL) AS "folded"
WHERE "notifications"."id" = "folded"."id" AND "folded"."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_key" ON "notifications" USING btree ("user_id","kind","group_subject") WHERE "notifications"."read_at" is null and "notifications"."group_subject" is not null;--> statement-breakpoint
CREATE INDEX "notifications_parent_response_idx" ON "notifications" USING btree ("parent_response_id") WHERE "notifications"."parent_response_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_kind_check" CHECK ("notifications"."group_subject" is null or "notifications"."kind" in ('follower', 'response', 'reply'));
