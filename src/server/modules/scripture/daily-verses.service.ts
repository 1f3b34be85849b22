import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { env } from '../../lib/env';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { toReaderLanguage } from '../../lib/reader-language';
import { passagePath } from '../../../lib/scripture-links';
import { touchSiteVersion, untilSiteChanges } from '../page-cache/site-version.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { displayPassage } from './references/passage-display';
import { parseScriptureQuery, type ScriptureReference } from './references/scripture-references';
import { passageText, TRANSLATION_NAMES, translationFor } from './texts/scripture-texts';
import { chooseDailyVerse, siteDayFromDate, siteDayOf, type SiteDay } from './daily-verses.choice';
import {
  DAILY_VERSE_MAX_VERSES,
  DAILY_VERSES_MAX,
  type DailyVerseLanguage,
  type VerseReaderLanguage,
} from './daily-verses.limits';
import {
  countDailyVerses,
  deleteDailyVerseRow,
  findAllDailyVerses,
  findDailyVerse,
  findDailyVerseCandidates,
  findVersesScheduledFor,
  insertDailyVerse,
  moveDailyVerse,
  updateDailyVerseRow,
} from './daily-verses.repository';
import type {
  CreateDailyVerseInput,
  DailyVerse,
  DailyVersesAnswer,
  UpdateDailyVerseInput,
  VerseOfTheDay,
} from './daily-verses.schema';
import type { DailyVerseRow } from './daily-verses.table';

// The verse of the day (issue 24 item 4; docs/decisions/049-verse-of-the-day.md): site staff keep a
// list in /admin — verses scheduled for a day, and a rotation for the days between — and every
// reader of a language gets the same passage on the same day (daily-verses.choice.ts), in their
// language's translation, on /dailydevotion and at the top of the daily devotional's mail.

/** Writes to the list, per staff member: generous for a person, a ceiling for a script. */
export const DAILY_VERSES_RATE_LIMIT: RateLimitRule = {
  name: 'daily-verses',
  limit: 300,
  windowSeconds: 60 * 60,
  message: 'Too many changes to the verse of the day',
};

const defaultLanguage = (): VerseReaderLanguage => toReaderLanguage(env.DEFAULT_LANGUAGE) ?? 'en';

// ---- Readers ------------------------------------------------------------------------------------

/**
 * The verse of `date` for readers of `language`, kept until the site's version moves (every change
 * of the list moves it: touchSiteVersion below), so a read costs one kept lookup.
 */
const keptVerseOfTheDay = untilSiteChanges(
  async (language: VerseReaderLanguage, date: string): Promise<VerseOfTheDay> => {
    const day = siteDayFromDate(date);
    const candidates = await findDailyVerseCandidates(date);
    const choice = chooseDailyVerse(candidates, language, day);
    return (
      (await verseOfTheDay(language, day, choice.osis, choice.source)) ??
      // A staff verse is checked against both translations when added, so this is for a text file
      // changed since: the yearly list's passage, which its test checks in every translation.
      (await verseOfTheDay(language, day, chooseDailyVerse([], language, day).osis, 'yearly'))!
    );
  },
);

async function verseOfTheDay(
  language: VerseReaderLanguage,
  day: SiteDay,
  osis: string,
  source: VerseOfTheDay['source'],
): Promise<VerseOfTheDay | null> {
  const translation = translationFor(language);
  const passage = await passageText(translation, osis, { limit: DAILY_VERSE_MAX_VERSES });
  const display = displayPassage(osis, language);
  if (!passage || !display) return null;
  return {
    date: day.date,
    language,
    osis,
    display,
    href: passagePath(osis),
    translation,
    translationName: TRANSLATION_NAMES[translation],
    verses: passage.verses.map(({ osis: id, number, text }) => ({ osis: id, number, text })),
    source,
  };
}

/** GET /api/scripture/daily: the verse of the site's day (UTC) for readers of `language`. */
export function getVerseOfTheDay(language?: VerseReaderLanguage, now = new Date()): Promise<VerseOfTheDay> {
  return keptVerseOfTheDay(language ?? defaultLanguage(), siteDayOf(now).date);
}

// ---- Staff ---------------------------------------------------------------------------------------

function toDailyVerse(row: DailyVerseRow): DailyVerse {
  return {
    id: row.id,
    osis: row.osis,
    display: {
      en: displayPassage(row.osis, 'en') ?? row.osis,
      zh: displayPassage(row.osis, 'zh') ?? row.osis,
    },
    language: row.language,
    scheduledFor: row.scheduledFor,
    position: row.position,
    createdAt: row.createdAt.getTime(),
  };
}

/** GET /api/scripture/daily_verses: the whole list, for site staff. */
export async function listDailyVerses(actor: Actor): Promise<DailyVersesAnswer> {
  assertCan(actor, 'scripture.manageDailyVerses');
  const rows = await findAllDailyVerses();
  return {
    scheduled: rows.filter((row) => row.scheduledFor !== null).map(toDailyVerse),
    rotation: rows.filter((row) => row.scheduledFor === null).map(toDailyVerse),
  };
}

/** What readers of each language are shown today: the staff area's preview. */
export async function todaysVerses(actor: Actor, now = new Date()): Promise<VerseOfTheDay[]> {
  assertCan(actor, 'scripture.manageDailyVerses');
  return Promise.all([getVerseOfTheDay('en', now), getVerseOfTheDay('zh', now)]);
}

const unprocessable = (message: string, detail?: string) => new AppError('unprocessable', message, detail);

/** The reference staff typed, as one passage (checked by checkPassage). */
async function readReference(typed: string, language: DailyVerseLanguage): Promise<ScriptureReference> {
  // Read as English, then as Chinese: staff type either ("Psalm 23:1", "诗篇 23:1", "约3:16").
  const reference = parseScriptureQuery(typed, 'en') ?? parseScriptureQuery(typed, 'zh');
  if (!reference) {
    throw unprocessable(
      `"${typed}" is not a Bible passage`,
      'reference: type one passage, such as John 3:16, Psalm 23:1–3 or 约3:16',
    );
  }
  await checkPassage(reference.osis, language);
  return reference;
}

/**
 * A verse of the day is at most DAILY_VERSE_MAX_VERSES verses, with a text in the translation of
 * each language it is for (the CUV leaves out a few verses the KJV has: John 5:4, …).
 */
async function checkPassage(osis: string, language: DailyVerseLanguage): Promise<void> {
  const readers: VerseReaderLanguage[] = language === 'both' ? ['en', 'zh'] : [language];
  const name = displayPassage(osis, 'en') ?? osis;
  for (const reader of readers) {
    const translation = translationFor(reader);
    const passage = await passageText(translation, osis, { limit: DAILY_VERSE_MAX_VERSES });
    if (!passage) {
      throw unprocessable(
        `${name} is not in the ${TRANSLATION_NAMES[translation]}`,
        'reference: choose another passage',
      );
    }
    if (passage.more) {
      throw unprocessable(
        `${name} is longer than ${DAILY_VERSE_MAX_VERSES} verses`,
        `reference: a verse of the day is at most ${DAILY_VERSE_MAX_VERSES} verses; type a part of it`,
      );
    }
  }
}

/** A day staff may schedule: today (the site's) or later. */
function checkDay(date: string, now: Date): void {
  if (date < siteDayOf(now).date) {
    throw unprocessable(
      `${date} has passed`,
      `scheduledFor: choose today (${siteDayOf(now).date}, UTC) or a later day`,
    );
  }
}

const overlaps = (a: DailyVerseLanguage, b: DailyVerseLanguage) => a === 'both' || b === 'both' || a === b;

/** One verse a day per language: another scheduled for the same day and readers is a conflict. */
async function checkDayIsFree(date: string, language: DailyVerseLanguage, exceptId?: string): Promise<void> {
  const taken = (await findVersesScheduledFor(date, exceptId)).find((row) =>
    overlaps(row.language, language),
  );
  if (taken) {
    throw conflict(
      `${displayPassage(taken.osis, 'en') ?? taken.osis} is already the verse of ${date}`,
      'scheduledFor: remove it or choose another day',
    );
  }
}

/** POST /api/scripture/daily_verses: a verse typed by staff, scheduled or added to the rotation. */
export async function addDailyVerse(
  actor: Actor,
  input: CreateDailyVerseInput,
  now = new Date(),
): Promise<DailyVerse> {
  assertCan(actor, 'scripture.manageDailyVerses');
  const reference = await readReference(input.reference, input.language);
  const scheduledFor = input.scheduledFor ?? null;
  if (scheduledFor) {
    checkDay(scheduledFor, now);
    await checkDayIsFree(scheduledFor, input.language);
  }
  if ((await countDailyVerses()) >= DAILY_VERSES_MAX) {
    throw conflict(`The list holds ${DAILY_VERSES_MAX} verses at most`, 'remove some first');
  }
  await consumeRateLimit(DAILY_VERSES_RATE_LIMIT, actor!.id);
  const row = await insertDailyVerse({
    id: newUuid(),
    osis: reference.osis,
    language: input.language,
    scheduledFor,
    createdBy: actor!.id,
  });
  await touchSiteVersion();
  return toDailyVerse(row);
}

/** PATCH /api/scripture/daily_verses/{id}: its day, its readers, or its place in the rotation. */
export async function changeDailyVerse(
  actor: Actor,
  id: string,
  input: UpdateDailyVerseInput,
  now = new Date(),
): Promise<DailyVerse> {
  assertCan(actor, 'scripture.manageDailyVerses');
  const current = await findDailyVerse(id);
  if (!current) throw notFound('Verse');
  const language = input.language ?? current.language;
  const scheduledFor = input.scheduledFor === undefined ? current.scheduledFor : input.scheduledFor;
  const changesDay = scheduledFor !== current.scheduledFor;
  if (language !== current.language) await checkPassage(current.osis, language);
  if (scheduledFor !== null && (changesDay || language !== current.language)) {
    if (changesDay) checkDay(scheduledFor, now);
    await checkDayIsFree(scheduledFor, language, id);
  }
  if (input.move && scheduledFor !== null) {
    throw conflict('Only a verse in the rotation can be moved', 'move: this verse is scheduled for a day');
  }
  const changed = changesDay || language !== current.language || input.move !== undefined;
  if (!changed) return toDailyVerse(current);
  await consumeRateLimit(DAILY_VERSES_RATE_LIMIT, actor!.id);
  let row: DailyVerseRow | undefined = current;
  if (changesDay || language !== current.language) {
    row = await updateDailyVerseRow(id, { scheduledFor, language }, changesDay && scheduledFor === null);
  }
  if (row && input.move) row = (await moveDailyVerse(id, input.move)) ?? undefined;
  if (!row) throw notFound('Verse');
  await touchSiteVersion();
  return toDailyVerse(row);
}

/** DELETE /api/scripture/daily_verses/{id} */
export async function removeDailyVerse(actor: Actor, id: string): Promise<void> {
  assertCan(actor, 'scripture.manageDailyVerses');
  await consumeRateLimit(DAILY_VERSES_RATE_LIMIT, actor!.id);
  if (!(await deleteDailyVerseRow(id))) throw notFound('Verse');
  await touchSiteVersion();
}
