import { createRoute } from '@hono/zod-openapi';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import {
  cancelNewsletterSchema,
  createNewsletterSchema,
  entryParams,
  newsletterEntrySchema,
  newsletterListQuerySchema,
  newsletterListSchema,
  newsletterSettingsSchema,
  newsletterStatsQuerySchema,
  newsletterStatsSchema,
  postIdQuerySchema,
  publicationParams,
  publicationTopicSchema,
  removeNewsletterSchema,
  scheduleNewsletterSchema,
} from './newsletters.schema';
import {
  cancelNewsletterEntry,
  createNewsletterEntry,
  getNewsletterEntry,
  listNewsletterEntries,
  removeNewsletterEntry,
  scheduleNewsletterEntry,
} from './newsletters.service';
import { getNewslettersStats } from './newsletters-stats.service';
import { publicationTopic, saveNewsletterSettings } from './subscriptions.service';
import { z } from 'zod';

// A publication's newsletter (SPEC §7 Newsletters and getNewslettersStats; DESIGN §6). Mounted at
// /api/publications, before the publications router: the literal paths (create, settings, topic) are
// declared before {newsletterId}.

const tags = ['newsletters'];
const entry = { 200: json(newsletterEntrySchema) };
const settingsAnswer = z.object({ hasNewsletters: z.boolean(), newsletterDescription: z.string() });

export const newslettersRoutes = createRouter()
  // GET /api/publications/stats/getNewslettersStats?start_date&id&lastKey — per entry: recipients … unsubscribed
  .openapi(
    createRoute({
      method: 'get',
      path: '/stats/getNewslettersStats',
      security: signedIn,
      tags: ['publications', 'stats', ...tags],
      summary: "A publication's newsletters with their delivery, open, click and unsubscribe counts",
      request: { query: newsletterStatsQuerySchema },
      responses: { 200: json(newsletterStatsSchema) },
    }),
    async (c) => c.json(await getNewslettersStats(c.get('actor'), c.req.valid('query')), 200),
  )
  // POST /api/publications/{publicationId}/newsletters/create — put a story into the newsletter
  .openapi(
    createRoute({
      method: 'post',
      path: '/{publicationId}/newsletters/create',
      security: signedIn,
      tags,
      summary: 'Add a scheduled or published story of the publication to its newsletter',
      request: { params: publicationParams, ...jsonBody(createNewsletterSchema) },
      responses: { 201: json(newsletterEntrySchema, 'Created') },
    }),
    async (c) =>
      c.json(
        await createNewsletterEntry(c.get('actor'), c.req.valid('param').publicationId, c.req.valid('json')),
        201,
      ),
  )
  // PUT /api/publications/{publicationId}/newsletters/settings — newsletter on/off and its description
  .openapi(
    createRoute({
      method: 'put',
      path: '/{publicationId}/newsletters/settings',
      security: signedIn,
      tags,
      summary: "Turn the publication's newsletter on or off, and set its description",
      request: { params: publicationParams, ...jsonBody(newsletterSettingsSchema) },
      responses: { 200: json(settingsAnswer) },
    }),
    async (c) =>
      c.json(
        await saveNewsletterSettings(c.get('actor'), c.req.valid('param').publicationId, c.req.valid('json')),
        200,
      ),
  )
  // GET /api/publications/{publicationId}/newsletters/topic — the topic its subscribe dialogs send
  .openapi(
    createRoute({
      method: 'get',
      path: '/{publicationId}/newsletters/topic',
      security: anyone,
      tags,
      summary: "The publication's newsletter topic and description (404: it has no newsletter yet)",
      request: { params: publicationParams },
      responses: { 200: json(publicationTopicSchema) },
    }),
    async (c) => c.json(await publicationTopic(c.req.valid('param').publicationId), 200),
  )
  // GET /api/publications/{publicationId}/newsletters?lastKey — the newsletters list, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/{publicationId}/newsletters',
      security: signedIn,
      tags,
      summary: "The publication's newsletter entries",
      request: { params: publicationParams, query: newsletterListQuerySchema },
      responses: { 200: json(newsletterListSchema) },
    }),
    async (c) =>
      c.json(
        await listNewsletterEntries(c.get('actor'), c.req.valid('param').publicationId, c.req.valid('query')),
        200,
      ),
  )
  // GET /api/publications/{publicationId}/newsletters/{newsletterId} — one entry
  .openapi(
    createRoute({
      method: 'get',
      path: '/{publicationId}/newsletters/{newsletterId}',
      security: signedIn,
      tags,
      summary: 'A newsletter entry',
      request: { params: entryParams },
      responses: entry,
    }),
    async (c) => {
      const { publicationId, newsletterId } = c.req.valid('param');
      return c.json(await getNewsletterEntry(c.get('actor'), publicationId, newsletterId), 200);
    },
  )
  // PATCH /api/publications/{publicationId}/newsletters/{newsletterId}?postId — schedule or reschedule
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{publicationId}/newsletters/{newsletterId}',
      security: signedIn,
      tags,
      summary: 'Schedule the newsletter (or move its time)',
      description:
        'scheduledTime, rounded down to the minute, must be in the future and at most five years ahead: a rule of the clock, answered 422 (`unprocessable`) when broken.',
      request: { params: entryParams, query: postIdQuerySchema, ...jsonBody(scheduleNewsletterSchema) },
      responses: { ...entry, ...errors(422) },
    }),
    async (c) => {
      const { publicationId, newsletterId } = c.req.valid('param');
      const answer = await scheduleNewsletterEntry(
        c.get('actor'),
        publicationId,
        newsletterId,
        c.req.valid('json'),
        c.req.valid('query').postId,
      );
      return c.json(answer, 200);
    },
  )
  // PUT /api/publications/{publicationId}/newsletters/{newsletterId} {newsletterId, id} — cancel the schedule
  .openapi(
    createRoute({
      method: 'put',
      path: '/{publicationId}/newsletters/{newsletterId}',
      security: signedIn,
      tags,
      summary: "Cancel the newsletter's schedule",
      request: { params: entryParams, ...jsonBody(cancelNewsletterSchema) },
      responses: entry,
    }),
    async (c) => {
      const { publicationId, newsletterId } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(
        await cancelNewsletterEntry(c.get('actor'), publicationId, newsletterId, body.newsletterId),
        200,
      );
    },
  )
  // DELETE /api/publications/{publicationId}/newsletters/{newsletterId}?postId {publicationId, newsletterId, postId}
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{publicationId}/newsletters/{newsletterId}',
      security: signedIn,
      tags,
      summary: 'Remove the story from the newsletter',
      request: {
        params: entryParams,
        query: postIdQuerySchema,
        body: { content: { 'application/json': { schema: removeNewsletterSchema } }, required: false },
      },
      responses: { 204: { description: 'Removed' } },
    }),
    async (c) => {
      const { publicationId, newsletterId } = c.req.valid('param');
      const body = c.req.valid('json') ?? {};
      const postId = c.req.valid('query').postId ?? body.postId;
      await removeNewsletterEntry(c.get('actor'), publicationId, newsletterId, { ...body, postId });
      return c.body(null, 204);
    },
  );
