// The verse of the day's limits and names (issue 24 item 4; docs/decisions/049-verse-of-the-day.md).
// Pure: the staff area's form imports them too.

/** Who a curated verse is for: English readers, Chinese readers, or both (the same passage). */
export const DAILY_VERSE_LANGUAGES = ['both', 'en', 'zh'] as const;
export type DailyVerseLanguage = (typeof DAILY_VERSE_LANGUAGES)[number];

/** The languages a reader is shown the verse in (each with its translation: WEB, CUV). */
export const VERSE_READER_LANGUAGES = ['en', 'zh'] as const;
export type VerseReaderLanguage = (typeof VERSE_READER_LANGUAGES)[number];

/** A verse of the day is a few verses: a longer passage belongs on its passage page. */
export const DAILY_VERSE_MAX_VERSES = 5;
/** Verses the staff list holds at most (scheduled and in rotation together). */
export const DAILY_VERSES_MAX = 1000;
/** What a staff member may type as the reference. */
export const DAILY_VERSE_REFERENCE_MAX = 100;

export const DAILY_VERSE_LANGUAGE_LABELS: Record<DailyVerseLanguage, string> = {
  both: 'English and Chinese',
  en: 'English only',
  zh: 'Chinese only',
};

/** The heading readers see, in their language. */
export const VERSE_OF_THE_DAY_TITLE: Record<VerseReaderLanguage, string> = {
  en: 'Verse of the day',
  zh: '每日经文',
};
