-- The publication page shows the publication's trending set (issue 19), so a change of the set must
-- bump the publication's page version like any other change its page shows (migration 0001,
-- docs/decisions/021-publication-page-cache.md): a cached copy is never served after the staff edit
-- the set. The devotion set of the same table is not on the page; staff edit the sets seldom, so one
-- trigger for both kinds costs a render now and then and keeps the rule simple. (The site version of
-- migration 0003 already counts this table.)
CREATE TRIGGER "publication_story_sets_publication_page" AFTER INSERT OR UPDATE OR DELETE
	ON "publication_story_sets" FOR EACH ROW EXECUTE FUNCTION row_bumps_publication_page();
