import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { DAILY_VERSE_MAX_VERSES, DAILY_VERSES_MAX } from './daily-verses.limits';
import {
  createDailyVerseSchema,
  dailyVerseIdSchema,
  dailyVerseSchema,
  dailyVersesAnswerSchema,
  updateDailyVerseSchema,
  verseOfTheDayQuerySchema,
  verseOfTheDaySchema,
} from './daily-verses.schema';
import {
  addDailyVerse,
  changeDailyVerse,
  getVerseOfTheDay,
  listDailyVerses,
  removeDailyVerse,
} from './daily-verses.service';

// The verse of the day (issue 24 item 4; docs/decisions/049-verse-of-the-day.md): anyone reads the
// day's verse; site staff keep the list it is chosen from. Mounted at /api before the passages'
// routes: /scripture/daily and /scripture/daily_verses are not /scripture/{osis}.

const tags = ['scripture'];
const params = z.object({ id: dailyVerseIdSchema });

export const dailyVersesRoutes = createRouter()
  // GET /api/scripture/daily?language — the verse of the site's day (UTC) for readers of a language
  .openapi(
    createRoute({
      method: 'get',
      path: '/scripture/daily',
      security: anyone,
      tags,
      summary: 'The verse of the day',
      description:
        "The passage staff scheduled for the site's day (UTC), else the next of their rotation, else the " +
        "built-in yearly list's, in the language's translation (World English Bible, 和合本). The same for " +
        'every reader of a language on a day; kept until the list changes.',
      request: { query: verseOfTheDayQuerySchema },
      responses: { 200: json(verseOfTheDaySchema) },
    }),
    async (c) => c.json(await getVerseOfTheDay(c.req.valid('query').language), 200),
  )
  // GET /api/scripture/daily_verses — the list (site staff)
  .openapi(
    createRoute({
      method: 'get',
      path: '/scripture/daily_verses',
      security: signedIn,
      tags,
      summary: "The verse of the day's list",
      description: 'The verses scheduled for a day, by day, and the rotation in order. Site staff only.',
      responses: { 200: json(dailyVersesAnswerSchema) },
    }),
    async (c) => c.json(await listDailyVerses(c.get('actor')), 200),
  )
  // POST /api/scripture/daily_verses {reference, scheduledFor?, language?} — add a verse (site staff)
  .openapi(
    createRoute({
      method: 'post',
      path: '/scripture/daily_verses',
      security: signedIn,
      tags,
      summary: 'Add a verse of the day',
      description:
        `The reference is read as English or Chinese; one passage of at most ${DAILY_VERSE_MAX_VERSES} verses ` +
        'with a text in the translation of each language it is for, else 422; a day before today (UTC) is 422; ' +
        `a day that already has a verse for the same readers is 409, and so is a list of ${DAILY_VERSES_MAX}. ` +
        'Without a day it joins the end of the rotation. Site staff only.',
      request: jsonBody(createDailyVerseSchema),
      responses: { 201: json(dailyVerseSchema, 'Created'), ...errors(422, 429) },
    }),
    async (c) => c.json(await addDailyVerse(c.get('actor'), c.req.valid('json')), 201),
  )
  // PATCH /api/scripture/daily_verses/{id} {scheduledFor?, language?, move?} — change it (site staff)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/scripture/daily_verses/{id}',
      security: signedIn,
      tags,
      summary: 'Reschedule a verse of the day, or move it in the rotation',
      description:
        'A day (today or later, 422 otherwise; 409 when taken), null to put it back at the end of the rotation, ' +
        'its readers, or one place up or down in the rotation (409 for a scheduled verse). Site staff only.',
      request: { params, ...jsonBody(updateDailyVerseSchema) },
      responses: { 200: json(dailyVerseSchema), ...errors(422, 429) },
    }),
    async (c) =>
      c.json(await changeDailyVerse(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/scripture/daily_verses/{id} — remove it (site staff)
  .openapi(
    createRoute({
      method: 'delete',
      path: '/scripture/daily_verses/{id}',
      security: signedIn,
      tags,
      summary: 'Remove a verse of the day',
      request: { params },
      responses: { 204: { description: 'Removed' }, ...errors(429) },
    }),
    async (c) => {
      await removeDailyVerse(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
