-- Publishing a story without Chinese no longer looks for Chinese bigrams (decision 022, migration
-- 0009): the trigger asks one regular expression whether the text holds a run of two or more
-- ideographs, and only then calls post_search_cjk_bigrams, whose regexp_matches, DISTINCT and array
-- cost ~0.3–0.5 ms per story (PGlite and PostgreSQL alike; PostgreSQL 15 also plans the function's
-- query on every call). Without such a run the bigrams are the empty vector, and a vector || the
-- empty vector is the vector itself: post_search gets exactly what it got before.
CREATE OR REPLACE FUNCTION "posts_keep_post_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	doc text;
	vector tsvector := NEW.search_vector;
BEGIN
	IF NEW.status = 'published' AND NEW.published_at IS NOT NULL THEN
		doc := concat_ws(' ', NEW.title, NEW.excerpt, NEW.tags_text, NEW.body_text);
		IF doc ~ '[\u3400-\u9fff\uf900-\ufaff]{2}' THEN
			vector := vector || post_search_cjk_bigrams(doc);
		END IF;
		-- ts_filter keeps the title's lexemes (weight A) with their positions: phrases still match.
		INSERT INTO "post_search" ("post_id", "published_at", "search_vector", "title_vector")
		VALUES (NEW.id, NEW.published_at, vector, ts_filter(NEW.search_vector, '{a}'))
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
