-- Each story's Chinese bigrams ('医治') as more lexemes of its vector in post_search (decision 022).
-- Chinese is searched as phrases of single characters ('医 <-> 治'), which the GIN index cannot
-- check: it answers every story holding all the characters anywhere, and each one's vector was then
-- read to test their order — 1,800 stories for a two-word query that 72 match, at 100,000 stories.
-- Candidates are now found by the bigrams, exact in the index (the parser never makes a lexeme of
-- two ideographs from the spaced-out text a reader's query becomes), and the phrase is checked only
-- on them (posts-search.repository.ts).
-- Each run of two or more ideographs, then its pairs in two linear passes (from its first character and
-- from its second): substr(run, i, 2) for every i reads the run from its start each time.
CREATE OR REPLACE FUNCTION "post_search_cjk_bigrams"(doc text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
	SELECT array_to_tsvector(ARRAY(
		SELECT DISTINCT pair[1]
		FROM regexp_matches(doc, '[\u3400-\u9fff\uf900-\ufaff]{2,}', 'g') AS run,
			LATERAL (
				SELECT regexp_matches(run[1], '..', 'g')
				UNION ALL
				SELECT regexp_matches(substr(run[1], 2), '..', 'g')
			) AS pairs(pair)
	))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "posts_keep_post_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.status = 'published' AND NEW.published_at IS NOT NULL THEN
		-- ts_filter keeps the title's lexemes (weight A) with their positions: phrases still match.
		INSERT INTO "post_search" ("post_id", "published_at", "search_vector", "title_vector")
		VALUES (NEW.id, NEW.published_at,
			NEW.search_vector || post_search_cjk_bigrams(
				concat_ws(' ', NEW.title, NEW.excerpt, NEW.tags_text, NEW.body_text)),
			ts_filter(NEW.search_vector, '{a}'))
		ON CONFLICT ("post_id") DO UPDATE SET
			"published_at" = EXCLUDED."published_at",
			"search_vector" = EXCLUDED."search_vector",
			"title_vector" = EXCLUDED."title_vector";
	ELSIF TG_OP = 'UPDATE' AND OLD.status = 'published' THEN
		DELETE FROM "post_search" WHERE "post_id" = NEW.id;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The stories already there: the rows written afresh (an UPDATE would leave a dead copy of every
-- row behind, and PGlite has no autovacuum to clear them) and the indexes built once at the end.
DROP INDEX "post_search_vector_idx";--> statement-breakpoint
DROP INDEX "post_search_title_vector_idx";--> statement-breakpoint
DROP INDEX "post_search_published_at_idx";--> statement-breakpoint
TRUNCATE "post_search";--> statement-breakpoint
INSERT INTO "post_search" ("post_id", "published_at", "search_vector", "title_vector")
SELECT "id", "published_at",
	"search_vector" || post_search_cjk_bigrams(concat_ws(' ', "title", "excerpt", "tags_text", "body_text")),
	ts_filter("search_vector", '{a}')
FROM "posts" WHERE "status" = 'published' AND "published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_search_vector_idx" ON "post_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "post_search_title_vector_idx" ON "post_search" USING gin ("title_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "post_search_published_at_idx" ON "post_search" USING btree ("published_at","post_id");--> statement-breakpoint
-- The planner's statistics of the vectors, which now hold lexemes it has never seen.
ANALYZE "post_search";
