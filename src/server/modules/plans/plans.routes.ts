import { createRoute } from '@hono/zod-openapi';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { clientAddress } from '../../lib/client-address';
import { listMyPlans, markPlanDayRead, startPlan } from './plan-readers.service';
import {
  createPlanSchema,
  managedPlansQuerySchema,
  managedPlansSchema,
  markReadSchema,
  minePlansQuerySchema,
  minePlansSchema,
  planDayParams,
  planIdParams,
  planSchema,
  readerProgressSchema,
  startAnswerSchema,
  startPlanSchema,
  updatePlanSchema,
} from './plans.schema';
import { createPlan, deletePlan, getPlanOrThrow, listManagedPlans, updatePlan } from './plans.service';

// Reading plans (issue 24 item 5; docs/decisions/050-reading-plans.md), mounted at /api/plans: a
// publication's owner makes them from its collections; anyone reads them and starts one — signed in,
// or by mail with a confirmation link — and each day is mailed at the reader's own local time.

const tags = ['plans'];

export const plansRoutes = createRouter()
  // GET /api/plans?publicationId — the publication's plans with their readers' figures (its owner)
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: signedIn,
      tags,
      summary: "A publication's reading plans, with how many readers started, are active and finished",
      description: 'Its owner only. Active: not finished, and a day read or mailed within the last 7 days.',
      request: { query: managedPlansQuerySchema },
      responses: { 200: json(managedPlansSchema) },
    }),
    async (c) => c.json(await listManagedPlans(c.get('actor'), c.req.valid('query').publicationId), 200),
  )
  // POST /api/plans {publicationId, collectionId, title?, description?, days?} — a collection as a plan
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      security: signedIn,
      tags,
      summary: "Turn one of a publication's collections into a reading plan",
      description:
        "Its owner only. Without days, the collection's published stories are the days, oldest first. Every " +
        "day's story must be a published story of the publication, and every passage a scripture reference " +
        '(422 otherwise); at most 50 plans per publication (409).',
      request: jsonBody(createPlanSchema),
      responses: { 201: json(planSchema, 'Created'), ...errors(422) },
    }),
    async (c) => c.json(await createPlan(c.get('actor'), c.req.valid('json')), 201),
  )
  // GET /api/plans/mine?token — the reader's plans with their progress and streak
  .openapi(
    createRoute({
      method: 'get',
      path: '/mine',
      security: anyone,
      tags,
      summary: 'Your reading plans, with your progress and streak',
      description:
        "Signed in: every plan you started. With a plan mail's token: the plan it was sent for (a reader by mail " +
        'alone); an invalid or expired token is a 404. Neither: 401.',
      request: { query: minePlansQuerySchema },
      responses: { 200: json(minePlansSchema), ...errors(401) },
    }),
    async (c) => c.json(await listMyPlans(c.get('actor'), c.req.valid('query').token), 200),
  )
  // GET /api/plans/{id} — the plan: its days, their stories and passages
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A reading plan: its days, each a story and the passages to read with it',
      request: { params: planIdParams },
      responses: { 200: json(planSchema) },
    }),
    async (c) => c.json(await getPlanOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/plans/{id} {title?, description?, days?} — change it
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Change a reading plan',
      description:
        'Its owner only. Days replace the days; readers keep the days they read, by number, and their mails follow ' +
        'the new length.',
      request: { params: planIdParams, ...jsonBody(updatePlanSchema) },
      responses: { 200: json(planSchema), ...errors(422) },
    }),
    async (c) => c.json(await updatePlan(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // DELETE /api/plans/{id} — the plan, its readers' progress and its mailing list
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a reading plan, its readers’ progress and its mailing list',
      request: { params: planIdParams },
      responses: { 204: { description: 'Deleted' } },
    }),
    async (c) => {
      await deletePlan(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  )
  // POST /api/plans/{id}/start {email?, timeZone, sendAt} — start it (by mail: a confirmation link first)
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/start',
      security: anyone,
      tags,
      summary: 'Start a reading plan: each day is mailed at your local time',
      description:
        "Signed in: to the account's address (at once) or to another one (after its confirmation link). Signed " +
        'out: the address gets a confirmation link first (double opt-in) and the answer is the same whether it ' +
        'was new or not. Starting again changes the time and zone. Rate limited per client address and per ' +
        'mailbox (429); a time zone the database does not know is a 422.',
      request: { params: planIdParams, ...jsonBody(startPlanSchema) },
      responses: { 200: json(startAnswerSchema), ...errors(422, 429) },
    }),
    async (c) =>
      c.json(
        await startPlan(
          c.get('actor'),
          c.req.valid('param').id,
          c.req.valid('json'),
          clientAddress(c.req.raw.headers),
        ),
        200,
      ),
  )
  // POST /api/plans/{id}/days/{day}/read {token?} — mark a day read
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/days/{day}/read',
      security: anyone,
      tags,
      summary: 'Mark a day of a reading plan read; answers your progress and streak',
      description:
        "Signed in, or with the token of the plan mail's link (a reader by mail alone). Marking a day twice " +
        'changes nothing. Once every day is read, the plan is finished and its mails stop.',
      request: { params: planDayParams, ...jsonBody(markReadSchema) },
      responses: { 200: json(readerProgressSchema), ...errors(401) },
    }),
    async (c) => {
      const { id, day } = c.req.valid('param');
      return c.json(await markPlanDayRead(c.get('actor'), id, day, c.req.valid('json').token), 200);
    },
  );
