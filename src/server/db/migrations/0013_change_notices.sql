-- Change notices (docs/decisions/032-change-notices.md): every statement that changes a table the
-- hot freshness reads look at — a story, a user, a publication and the two page-version counters
-- (migrations 0001, 0003) — sends one notice on the channel lamplight_changes. PostgreSQL delivers
-- it when the transaction commits (never for one rolled back) and folds a transaction's repeats into
-- one. On the embedded database the process hears it at once and keeps those reads' answers until
-- the next notice (src/server/db/prepared.ts), instead of asking on every request.
-- FOR EACH STATEMENT: one notice however many rows a statement touches.
CREATE FUNCTION "notify_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('lamplight_changes', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
--> statement-breakpoint
CREATE TRIGGER "users_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
--> statement-breakpoint
CREATE TRIGGER "publications_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "publications"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
--> statement-breakpoint
CREATE TRIGGER "publication_page_versions_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
	ON "publication_page_versions" FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
--> statement-breakpoint
CREATE TRIGGER "site_page_version_change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
	ON "site_page_version" FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
