import { z } from 'zod';
import { singleLineText } from '../../lib/plain-text';
import {
  DAILY_VERSE_LANGUAGES,
  DAILY_VERSE_MAX_VERSES,
  DAILY_VERSE_REFERENCE_MAX,
  VERSE_READER_LANGUAGES,
} from './daily-verses.limits';

// The verse of the day's payloads (issue 24 item 4; docs/decisions/049-verse-of-the-day.md):
// GET /api/scripture/daily (anyone) and the staff list under /api/scripture/daily_verses.

export const dailyVerseIdSchema = z.string().uuid('Not a verse id');

const dayDescription =
  "The site's day (UTC, YYYY-MM-DD) it is the verse of: today or later; null or absent: in the rotation";
const scheduledForSchema = z.iso.date('Not a date (YYYY-MM-DD)').nullable().describe(dayDescription);
const languageSchema = z
  .enum(DAILY_VERSE_LANGUAGES)
  .describe("Whose verse it is: 'both' (default), English ('en') or Chinese ('zh') readers");

/** POST /api/scripture/daily_verses */
export const createDailyVerseSchema = z.object({
  reference: singleLineText()
    .min(1, 'Type a reference, such as John 3:16 or 约3:16')
    .max(DAILY_VERSE_REFERENCE_MAX, `At most ${DAILY_VERSE_REFERENCE_MAX} characters`)
    .describe(
      `A scripture reference as typed, in English or Chinese ("Psalm 23:1", "约3:16"): one passage of at most ${DAILY_VERSE_MAX_VERSES} verses, else 422`,
    ),
  scheduledFor: scheduledForSchema.optional(),
  language: languageSchema.default('both'),
});
export type CreateDailyVerseInput = z.infer<typeof createDailyVerseSchema>;

/** PATCH /api/scripture/daily_verses/{id}: any of the three; none changes nothing. */
export const updateDailyVerseSchema = z.object({
  scheduledFor: scheduledForSchema.optional(),
  language: languageSchema.optional(),
  move: z
    .enum(['up', 'down'])
    .optional()
    .describe('One place earlier or later in the rotation (a scheduled verse is not in it: 409)'),
});
export type UpdateDailyVerseInput = z.infer<typeof updateDailyVerseSchema>;

const displaySchema = z.object({
  en: z.string().describe('"Psalm 23:1"'),
  zh: z.string().describe('"诗篇 23:1"'),
});

/** One verse of the staff list. */
export const dailyVerseSchema = z
  .object({
    id: z.string(),
    osis: z.string().describe("Normalised OSIS: 'Ps.23.1', 'John.3.16-John.3.17'"),
    display: displaySchema,
    language: z.enum(DAILY_VERSE_LANGUAGES),
    scheduledFor: z.string().nullable().describe('YYYY-MM-DD (UTC), or null: in the rotation'),
    position: z.number().int().describe('Its place in the rotation (ascending)'),
    createdAt: z.number().describe('Epoch ms'),
  })
  .meta({ id: 'DailyVerse' });
export type DailyVerse = z.infer<typeof dailyVerseSchema>;

/** GET /api/scripture/daily_verses: the scheduled verses by day, then the rotation in order. */
export const dailyVersesAnswerSchema = z.object({
  scheduled: z.array(dailyVerseSchema),
  rotation: z.array(dailyVerseSchema),
});
export type DailyVersesAnswer = z.infer<typeof dailyVersesAnswerSchema>;

/** GET /api/scripture/daily?language */
export const verseOfTheDayQuerySchema = z.object({
  language: z
    .enum(VERSE_READER_LANGUAGES)
    .optional()
    .describe("The reader's language: the passage chosen for it, in its translation (default: the site's)"),
});

export const verseOfTheDaySchema = z
  .object({
    date: z.string().describe("The site's day (UTC), YYYY-MM-DD"),
    language: z.enum(VERSE_READER_LANGUAGES),
    osis: z.string(),
    display: z.string().describe('The passage written for the reader: "Psalm 23:1", "诗篇 23:1"'),
    href: z.string().describe('Its passage page: /scripture/{osis}'),
    translation: z.string().describe("'web' or 'cuv'"),
    translationName: z.string(),
    verses: z.array(z.object({ osis: z.string(), number: z.number().int(), text: z.string() })),
    source: z
      .enum(['scheduled', 'rotation', 'yearly'])
      .describe("Scheduled by staff for the day, the staff's rotation, or the built-in yearly list"),
  })
  .meta({ id: 'VerseOfTheDay' });
export type VerseOfTheDay = z.infer<typeof verseOfTheDaySchema>;
