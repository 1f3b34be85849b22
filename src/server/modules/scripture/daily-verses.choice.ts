import type { DailyVerseLanguage, VerseReaderLanguage } from './daily-verses.limits';
import { yearlyVerse } from './daily-verses.yearly';

// Which passage is the verse of a day, for readers of one language (docs/decisions/049): pure, so
// every process and every reader gets the same answer for the same list and day.
//   1. a verse staff scheduled for that day, for that language or both (the earliest added wins);
//   2. else the rotation — the unscheduled verses for that language or both, in their order — at
//      the day's place: the day number (days since 1970-01-01) modulo its length;
//   3. else the built-in yearly list's passage of that calendar day.

const DAY_MS = 86_400_000;

/** The site's day (UTC, as the daily devotion counts it: DESIGN §10). */
export type SiteDay = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Days since 1970-01-01. */
  number: number;
  month: number;
  day: number;
};

/** The site's day at `now`. */
export function siteDayOf(now: Date): SiteDay {
  const number = Math.floor(now.getTime() / DAY_MS);
  const date = new Date(number * DAY_MS).toISOString().slice(0, 10);
  return { date, number, month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** The site's day of a 'YYYY-MM-DD' date (which must be a real date). */
export function siteDayFromDate(date: string): SiteDay {
  return siteDayOf(new Date(`${date}T00:00:00.000Z`));
}

export type VerseCandidate = {
  id: string;
  osis: string;
  language: DailyVerseLanguage;
  scheduledFor: string | null;
  position: number;
  createdAt: Date;
};

export type VerseChoice =
  | { source: 'scheduled' | 'rotation'; osis: string; id: string }
  | { source: 'yearly'; osis: string; id: null };

const forLanguage = (language: VerseReaderLanguage) => (verse: VerseCandidate) =>
  verse.language === 'both' || verse.language === language;

const byPosition = (a: VerseCandidate, b: VerseCandidate) =>
  a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

const byAdded = (a: VerseCandidate, b: VerseCandidate) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/** The verse of `day` for readers of `language`, from the staff's verses (any of them; others ignored). */
export function chooseDailyVerse(
  verses: readonly VerseCandidate[],
  language: VerseReaderLanguage,
  day: SiteDay,
): VerseChoice {
  const mine = verses.filter(forLanguage(language));
  const scheduled = mine.filter((verse) => verse.scheduledFor === day.date).sort(byAdded)[0];
  if (scheduled) return { source: 'scheduled', osis: scheduled.osis, id: scheduled.id };
  const rotation = mine.filter((verse) => verse.scheduledFor === null).sort(byPosition);
  if (rotation.length > 0) {
    const verse = rotation[((day.number % rotation.length) + rotation.length) % rotation.length]!;
    return { source: 'rotation', osis: verse.osis, id: verse.id };
  }
  return { source: 'yearly', osis: yearlyVerse(day.month, day.day), id: null };
}
