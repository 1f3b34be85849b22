-- What a text match costs, told to the planner (decision 022). Search takes the newest matches of a
-- query either by walking the published-time index and testing each story's vector, or by the GIN
-- index's bitmap and a sort. Walking reads and unpacks a ~3 kB vector for every story it passes, but
-- PostgreSQL costs `tsvector @@ tsquery` at 1, like an integer comparison, and so walked past 8,500
-- stories (60 ms on PGlite) for a query the bitmap answers from 1,100 matches. 100 is the cost
-- PostgreSQL already gives ts_headline, which does the same unpacking and matching on text.
-- Changing a built-in function needs a superuser (PGlite's and this project's PostgreSQL are); a
-- managed server may refuse, and then the default stays: search is slower there, never wrong.
DO $$
BEGIN
	ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'ts_match_vq keeps its default cost: %', SQLERRM;
END;
$$;
