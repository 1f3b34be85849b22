-- Fire the deferred page-version triggers of earlier migrations in this run (0003): ALTER TABLE
-- refuses a table with pending trigger events (55006).
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"restored_from_id" uuid,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body_json" jsonb NOT NULL,
	"body_html" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"feature_image_url" text,
	"language_code" text NOT NULL,
	"status" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_kind_check" CHECK ("post_revisions"."kind" in ('edit', 'publish', 'restore')),
	CONSTRAINT "post_revisions_status_check" CHECK ("post_revisions"."status" in ('draft', 'pending', 'rejected', 'scheduled', 'published'))
);
--> statement-breakpoint
CREATE TABLE "import_items" (
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"import_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_items_target_source_external_key" UNIQUE("target_kind","target_id","source","external_id"),
	CONSTRAINT "import_items_state_check" CHECK ("import_items"."state" in ('planned', 'created'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_user_id" uuid,
	"target_publication_id" uuid,
	"source" text NOT NULL,
	"file_path" text,
	"file_name" text DEFAULT '' NOT NULL,
	"use_original_url_as_canonical" boolean DEFAULT false NOT NULL,
	"site_url" text,
	"paid_posts" text DEFAULT 'skip' NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"create_count" integer DEFAULT 0 NOT NULL,
	"skip_count" integer DEFAULT 0 NOT NULL,
	"preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"error" text,
	"lease_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('previewed', 'running', 'done', 'failed')),
	CONSTRAINT "imports_target_check" CHECK (("imports"."target_kind" = 'user' and "imports"."target_user_id" is not null and "imports"."target_publication_id" is null)
        or ("imports"."target_kind" = 'publication' and "imports"."target_publication_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requested_by" uuid NOT NULL,
	"user_id" uuid,
	"publication_id" uuid,
	"with_subscribers" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_path" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "exports_one_target" CHECK (("exports"."user_id" is null) <> ("exports"."publication_id" is null)),
	CONSTRAINT "exports_status_check" CHECK ("exports"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp (3) with time zone,
	"next_attempt_at" timestamp (3) with time zone,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publication_id" uuid,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp (3) with time zone,
	"disabled_reason" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_events_not_empty" CHECK (cardinality("webhooks"."events") > 0)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_restored_from_id_post_revisions_id_fk" FOREIGN KEY ("restored_from_id") REFERENCES "public"."post_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_target_publication_id_publications_id_fk" FOREIGN KEY ("target_publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_created_at_id_idx" ON "post_revisions" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_revisions_restored_from_idx" ON "post_revisions" USING btree ("restored_from_id");--> statement-breakpoint
CREATE INDEX "post_revisions_actor_idx" ON "post_revisions" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "import_items_import_idx" ON "import_items" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_items_post_idx" ON "import_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "imports_status_lease_idx" ON "imports" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "imports_created_by_idx" ON "imports" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "exports_requested_by_created_at_idx" ON "exports" USING btree ("requested_by","created_at");--> statement-breakpoint
CREATE INDEX "exports_status_created_at_idx" ON "exports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_at_id_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhooks_publication_idx" ON "webhooks" USING btree ("publication_id");