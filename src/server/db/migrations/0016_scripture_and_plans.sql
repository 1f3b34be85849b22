CREATE TABLE "post_scripture_refs" (
	"post_id" text NOT NULL,
	"osis" text NOT NULL,
	"start_key" integer NOT NULL,
	"end_key" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "post_scripture_refs_pkey" PRIMARY KEY("post_id","osis"),
	CONSTRAINT "post_scripture_refs_keys_check" CHECK ("post_scripture_refs"."start_key" >= 1001001 and "post_scripture_refs"."start_key" <= "post_scripture_refs"."end_key"),
	CONSTRAINT "post_scripture_refs_position_check" CHECK ("post_scripture_refs"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "post_scripture_scans" (
	"post_id" text PRIMARY KEY NOT NULL,
	"post_version" integer NOT NULL,
	"scanner_version" integer NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"scanned_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_verses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"osis" text NOT NULL,
	"language" text DEFAULT 'both' NOT NULL,
	"scheduled_for" date,
	"position" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_verses_language_check" CHECK ("daily_verses"."language" in ('both', 'en', 'zh'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_topic_editions" (
	"topic_id" uuid NOT NULL,
	"day" date NOT NULL,
	"entry_id" uuid NOT NULL,
	"post_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_topic_editions_topic_id_day_pk" PRIMARY KEY("topic_id","day")
);
--> statement-breakpoint
CREATE TABLE "plan_days" (
	"plan_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"post_id" text,
	"passages" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "plan_days_plan_id_day_pk" PRIMARY KEY("plan_id","day"),
	CONSTRAINT "plan_days_day_check" CHECK ("plan_days"."day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "plan_deliveries" (
	"reader_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"due_at" timestamp (3) with time zone NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"claim_id" uuid,
	"claimed_until" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_deliveries_reader_id_day_pk" PRIMARY KEY("reader_id","day"),
	CONSTRAINT "plan_deliveries_status_check" CHECK ("plan_deliveries"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "plan_readers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid,
	"subscription_id" uuid,
	"email" text NOT NULL,
	"time_zone" text NOT NULL,
	"send_at" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"start_date" date,
	"next_day" integer DEFAULT 1 NOT NULL,
	"next_due_at" timestamp (3) with time zone,
	"last_active_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "plan_readers_status_check" CHECK ("plan_readers"."status" in ('unconfirmed', 'active', 'finished')),
	CONSTRAINT "plan_readers_send_at_check" CHECK ("plan_readers"."send_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "plan_reads" (
	"reader_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"read_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_on" date NOT NULL,
	CONSTRAINT "plan_reads_reader_id_day_pk" PRIMARY KEY("reader_id","day")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"collection_id" uuid,
	"topic_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language_code" text DEFAULT 'en' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_scripture_refs" ADD CONSTRAINT "post_scripture_refs_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_scripture_scans" ADD CONSTRAINT "post_scripture_scans_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_verses" ADD CONSTRAINT "daily_verses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_topic_editions" ADD CONSTRAINT "newsletter_topic_editions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_topic_editions" ADD CONSTRAINT "newsletter_topic_editions_entry_id_newsletter_entries_newsletter_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."newsletter_entries"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_topic_editions" ADD CONSTRAINT "newsletter_topic_editions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_deliveries" ADD CONSTRAINT "plan_deliveries_reader_id_plan_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."plan_readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_readers" ADD CONSTRAINT "plan_readers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_readers" ADD CONSTRAINT "plan_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_readers" ADD CONSTRAINT "plan_readers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_reads" ADD CONSTRAINT "plan_reads_reader_id_plan_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."plan_readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_scripture_refs_range_idx" ON "post_scripture_refs" USING gist (int4range("start_key", "end_key", '[]'));--> statement-breakpoint
CREATE INDEX "daily_verses_scheduled_for_idx" ON "daily_verses" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "daily_verses_position_idx" ON "daily_verses" USING btree ("position","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_topic_editions_entry_key" ON "newsletter_topic_editions" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "newsletter_topic_editions_post_idx" ON "newsletter_topic_editions" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "plan_days_post_idx" ON "plan_days" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "plan_deliveries_status_due_idx" ON "plan_deliveries" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_readers_plan_user_key" ON "plan_readers" USING btree ("plan_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_readers_subscription_key" ON "plan_readers" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "plan_readers_status_next_due_idx" ON "plan_readers" USING btree ("status","next_due_at");--> statement-breakpoint
CREATE INDEX "plan_readers_user_idx" ON "plan_readers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plans_publication_created_at_id_idx" ON "plans" USING btree ("publication_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_topic_key" ON "plans" USING btree ("topic_id");