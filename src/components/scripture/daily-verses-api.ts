// The staff area's calls for the verse of the day (docs/decisions/049-verse-of-the-day.md), through
// the one typed client. Every call throws ApiError, whose message reads 'ERROR: …' (SPEC §8).
import { api, call } from '@/lib/api-client';
import type { DailyVerseLanguage } from '@/server/modules/scripture/daily-verses.limits';
import type { DailyVerse, VerseOfTheDay } from '@/server/modules/scripture/daily-verses.schema';

export type { DailyVerse, DailyVerseLanguage, VerseOfTheDay };

/** POST /api/scripture/daily_verses */
export const addDailyVerse = (reference: string, scheduledFor: string | null, language: DailyVerseLanguage) =>
  call(api.scripture.daily_verses.$post({ json: { reference, scheduledFor, language } }));

/** PATCH /api/scripture/daily_verses/{id} {move} */
export const moveDailyVerse = (id: string, move: 'up' | 'down') =>
  call(api.scripture.daily_verses[':id'].$patch({ param: { id }, json: { move } }));

/** PATCH /api/scripture/daily_verses/{id} {scheduledFor: null}: back into the rotation, at its end. */
export const unscheduleDailyVerse = (id: string) =>
  call(api.scripture.daily_verses[':id'].$patch({ param: { id }, json: { scheduledFor: null } }));

/** DELETE /api/scripture/daily_verses/{id} */
export const removeDailyVerse = (id: string) =>
  call(api.scripture.daily_verses[':id'].$delete({ param: { id } }));
