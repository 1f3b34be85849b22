CREATE TABLE "post_view_readers" (
	"post_id" text NOT NULL,
	"day" date NOT NULL,
	"reader" text NOT NULL,
	"user_type" text NOT NULL,
	"user_id" uuid,
	"sso_id" text,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_view_readers_post_id_day_reader_pk" PRIMARY KEY("post_id","day","reader"),
	CONSTRAINT "post_view_readers_user_type_check" CHECK ("post_view_readers"."user_type" in ('guest', 'user')),
	CONSTRAINT "post_view_readers_user_has_id" CHECK (("post_view_readers"."user_type" = 'user') = ("post_view_readers"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stats_daily_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_view_readers" ADD CONSTRAINT "post_view_readers_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_view_readers" ADD CONSTRAINT "post_view_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_view_readers_user_id_idx" ON "post_view_readers" USING btree ("user_id");