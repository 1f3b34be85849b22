CREATE TABLE "oauth_accounts" (
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_accounts_provider_provider_account_id_pk" PRIMARY KEY("provider","provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"name" text DEFAULT '' NOT NULL,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"subdomain" text,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"prefer_language_code" text DEFAULT 'en' NOT NULL,
	"show_onboarding" boolean DEFAULT true NOT NULL,
	"sso_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_members" (
	"publication_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_members_publication_id_user_id_pk" PRIMARY KEY("publication_id","user_id"),
	CONSTRAINT "publication_members_role_check" CHECK ("publication_members"."role" in ('publication_owner', 'publication_editor', 'publication_author'))
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"subdomain" text NOT NULL,
	"language_code" text DEFAULT 'en' NOT NULL,
	"newsletter_description" text,
	"background_image" text,
	"has_newsletters" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body_json" jsonb DEFAULT '{"type":"doc","content":[]}'::jsonb NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"tags_text" text DEFAULT '' NOT NULL,
	"feature_image_url" text,
	"slug" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"published_at" timestamp (3) with time zone,
	"scheduled_time" timestamp (3) with time zone,
	"publication_id" uuid,
	"collection_id" uuid,
	"language_code" text DEFAULT 'en' NOT NULL,
	"country_code" text,
	"version" integer DEFAULT 1 NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"reading_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', regexp_replace(coalesce("title", ''), '([\u3400-\u9fff\uf900-\ufaff])', ' \1 ', 'g')), 'A') || setweight(to_tsvector('simple', regexp_replace(coalesce("excerpt", ''), '([\u3400-\u9fff\uf900-\ufaff])', ' \1 ', 'g')), 'B') || setweight(to_tsvector('simple', regexp_replace(coalesce("tags_text", ''), '([\u3400-\u9fff\uf900-\ufaff])', ' \1 ', 'g')), 'B') || setweight(to_tsvector('simple', regexp_replace(coalesce("body_text", ''), '([\u3400-\u9fff\uf900-\ufaff])', ' \1 ', 'g')), 'C')) STORED NOT NULL,
	CONSTRAINT "posts_id_length" CHECK (char_length("posts"."id") = 21),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('draft', 'pending', 'rejected', 'scheduled', 'published')),
	CONSTRAINT "posts_published_has_time" CHECK ("posts"."status" <> 'published' or "posts"."published_at" is not null),
	CONSTRAINT "posts_scheduled_has_time" CHECK ("posts"."status" <> 'scheduled' or "posts"."scheduled_time" is not null),
	CONSTRAINT "posts_version_positive" CHECK ("posts"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" text NOT NULL,
	"tag_slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_slug_pk" PRIMARY KEY("post_id","tag_slug"),
	CONSTRAINT "post_tags_position_range" CHECK ("post_tags"."position" >= 0 and "post_tags"."position" < 5)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_posts" (
	"list_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_posts_list_id_post_id_pk" PRIMARY KEY("list_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"list_name" varchar(60) NOT NULL,
	"privacy_status" text DEFAULT 'private' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_list_name_length" CHECK (char_length("lists"."list_name") between 1 and 60),
	CONSTRAINT "lists_privacy_status_check" CHECK ("lists"."privacy_status" in ('public', 'private'))
);
--> statement-breakpoint
CREATE TABLE "pins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"list_id" uuid,
	"pinned_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pins_user_post_list_key" UNIQUE NULLS NOT DISTINCT("user_id","post_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "subtopic_posts" (
	"subtopic_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subtopic_posts_subtopic_id_post_id_pk" PRIMARY KEY("subtopic_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "subtopics" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"subtopic_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"entry_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"opened_at" timestamp (3) with time zone,
	"clicked_at" timestamp (3) with time zone,
	CONSTRAINT "newsletter_deliveries_entry_id_subscription_id_pk" PRIMARY KEY("entry_id","subscription_id"),
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_entries" (
	"newsletter_id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid NOT NULL,
	"collection_id" uuid,
	"post_id" text NOT NULL,
	"status" text DEFAULT 'unscheduled' NOT NULL,
	"scheduled_time" timestamp (3) with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "newsletter_entries_publication_post_key" UNIQUE("publication_id","post_id"),
	CONSTRAINT "newsletter_entries_status_check" CHECK ("newsletter_entries"."status" in ('unscheduled', 'scheduled', 'sending', 'sent', 'failed')),
	CONSTRAINT "newsletter_entries_scheduled_has_time" CHECK ("newsletter_entries"."status" <> 'scheduled' or "newsletter_entries"."scheduled_time" is not null)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"unsubscribed_at" timestamp (3) with time zone,
	CONSTRAINT "subscriptions_email_topic_key" UNIQUE("email","topic_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('pending', 'active', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"publication_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curated_sets" (
	"kind" text NOT NULL,
	"language_code" text NOT NULL,
	"country_code" text NOT NULL,
	"item_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curated_sets_kind_language_code_country_code_pk" PRIMARY KEY("kind","language_code","country_code"),
	CONSTRAINT "curated_sets_kind_check" CHECK ("curated_sets"."kind" in ('editor_pick', 'popular_stories', 'top_publications', 'top_tags', 'top_authors', 'authors'))
);
--> statement-breakpoint
CREATE TABLE "publication_story_sets" (
	"publication_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"post_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_story_sets_publication_id_kind_pk" PRIMARY KEY("publication_id","kind"),
	CONSTRAINT "publication_story_sets_kind_check" CHECK ("publication_story_sets"."kind" in ('devotion', 'trending'))
);
--> statement-breakpoint
CREATE TABLE "post_views_daily" (
	"post_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_views_daily_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
CREATE TABLE "subdomains" (
	"subdomain" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"publication_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subdomains_one_owner" CHECK (("subdomains"."user_id" is null) <> ("subdomains"."publication_id" is null))
);
--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_members" ADD CONSTRAINT "publication_members_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_members" ADD CONSTRAINT "publication_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_slug_tags_slug_fk" FOREIGN KEY ("tag_slug") REFERENCES "public"."tags"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "list_posts" ADD CONSTRAINT "list_posts_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_posts" ADD CONSTRAINT "list_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtopic_posts" ADD CONSTRAINT "subtopic_posts_subtopic_id_subtopics_id_fk" FOREIGN KEY ("subtopic_id") REFERENCES "public"."subtopics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtopic_posts" ADD CONSTRAINT "subtopic_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_entry_id_newsletter_entries_newsletter_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."newsletter_entries"("newsletter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD CONSTRAINT "newsletter_entries_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD CONSTRAINT "newsletter_entries_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_entries" ADD CONSTRAINT "newsletter_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curated_sets" ADD CONSTRAINT "curated_sets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_story_sets" ADD CONSTRAINT "publication_story_sets_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_story_sets" ADD CONSTRAINT "publication_story_sets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_views_daily" ADD CONSTRAINT "post_views_daily_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subdomains" ADD CONSTRAINT "subdomains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subdomains" ADD CONSTRAINT "subdomains_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_accounts_user_idx" ON "oauth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_subdomain_key" ON "users" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "collections_publication_created_at_id_idx" ON "collections" USING btree ("publication_id","created_at","id");--> statement-breakpoint
CREATE INDEX "publication_members_user_idx" ON "publication_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_subdomain_key" ON "publications" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "publications_owner_idx" ON "publications" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "publications_language_created_at_id_idx" ON "publications" USING btree ("language_code","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_at_id_idx" ON "posts" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "posts_language_published_at_id_idx" ON "posts" USING btree ("language_code","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_created_at_id_idx" ON "posts" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_published_at_id_idx" ON "posts" USING btree ("author_id","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_publication_status_published_at_id_idx" ON "posts" USING btree ("publication_id","status","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_publication_status_scheduled_time_id_idx" ON "posts" USING btree ("publication_id","status","scheduled_time","id");--> statement-breakpoint
CREATE INDEX "posts_publication_status_created_at_id_idx" ON "posts" USING btree ("publication_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_collection_published_at_id_idx" ON "posts" USING btree ("collection_id","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_status_scheduled_time_idx" ON "posts" USING btree ("status","scheduled_time");--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "post_tags_tag_post_idx" ON "post_tags" USING btree ("tag_slug","post_id");--> statement-breakpoint
CREATE INDEX "list_posts_post_idx" ON "list_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "list_posts_list_added_at_idx" ON "list_posts" USING btree ("list_id","added_at","post_id");--> statement-breakpoint
CREATE INDEX "lists_owner_created_at_id_idx" ON "lists" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pins_post_idx" ON "pins" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "pins_list_idx" ON "pins" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "subtopic_posts_post_idx" ON "subtopic_posts" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subtopics_slug_key" ON "subtopics" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "subtopics_created_at_id_idx" ON "subtopics" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_entry_status_idx" ON "newsletter_deliveries" USING btree ("entry_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscription_idx" ON "newsletter_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "newsletter_entries_publication_created_at_id_idx" ON "newsletter_entries" USING btree ("publication_id","created_at","newsletter_id");--> statement-breakpoint
CREATE INDEX "newsletter_entries_status_scheduled_time_idx" ON "newsletter_entries" USING btree ("status","scheduled_time");--> statement-breakpoint
CREATE INDEX "newsletter_entries_post_idx" ON "newsletter_entries" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "newsletter_entries_collection_idx" ON "newsletter_entries" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_confirm_token_key" ON "subscriptions" USING btree ("confirm_token");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_key" ON "subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "subscriptions_topic_status_id_idx" ON "subscriptions" USING btree ("topic_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_slug_key" ON "topics" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_publication_key" ON "topics" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "post_views_daily_day_post_idx" ON "post_views_daily" USING btree ("day","post_id");