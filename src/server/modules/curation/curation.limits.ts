// The curated sets' limits (pure: the staff area's editors import them; curation.schema uses them).

/** The most items one curated set, or a publication's devotion or trending, holds. */
export const CURATED_SET_MAX = 50;
