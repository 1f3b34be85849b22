-- The daily digest at each reader's own hour (docs/decisions/055-notifications.md): the hour (0-23)
-- and IANA time zone they chose, 07:00 UTC for those who never did (the digest's hour until now), and
-- when their next digest falls due. Readers with the digest on start with no due time, which the
-- scheduler reads as due: it writes the digest of their last local day whose hour has come (not twice
-- for a day already sent) and moves them on to their next.
ALTER TABLE "users" ADD COLUMN "digest_hour" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_due_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "users_digest_due_idx" ON "users" USING btree (coalesce("digest_due_at", '-infinity'::timestamptz)) WHERE "users"."notification_digest";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_digest_hour_check" CHECK ("users"."digest_hour" between 0 and 23);