-- Rate-limit windows are counted on every search, subscription and sign-in attempt: on PostgreSQL
-- each count was a commit that waited for its WAL to reach the disk, and 8 readers searching at once
-- queued behind each other's flushes. The windows are worth nothing after a crash (at worst a client
-- gets a fresh minute), so the table is unlogged: no WAL, no flush, emptied if the server crashes.
-- (Embedded PGlite keeps its windows in memory and never touches this table, decision 022.)
ALTER TABLE "rate_limits" SET UNLOGGED;
