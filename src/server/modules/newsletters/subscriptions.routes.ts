import { createRoute, z } from '@hono/zod-openapi';
import { anyone, errors, json, jsonBody } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { clientAddress } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import {
  clickQuerySchema,
  confirmAnswerSchema,
  leaveTopicSchema,
  manageAnswerSchema,
  subscribeAnswerSchema,
  subscribeSchema,
  tokenBodySchema,
  tokenQuerySchema,
} from './newsletters.schema';
import { countOpen, followClick } from './newsletters-stats.service';
import {
  confirmSubscription,
  leaveTopic,
  listOwnSubscriptions,
  subscribe,
  unsubscribeWithToken,
} from './subscriptions.service';

// Readers' side of the newsletters (SPEC §7 "PUT /api/subscribe"; DESIGN §6): subscribing, the mail's
// confirmation, unsubscribe (RFC 8058 one-click) and own-page links, and the tracking pixel and links.
// No session anywhere: each link carries a signed token. Mounted at /api.

const tags = ['subscriptions'];
const unsubscribeAnswer = confirmAnswerSchema.extend({ status: z.literal('unsubscribed') });

// A transparent 1×1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const subscriptionsRoutes = createRouter()
  // PUT /api/subscribe {email, topic, timezone} — subscribe (a confirmation mail follows; double opt-in)
  .openapi(
    createRoute({
      method: 'put',
      path: '/subscribe',
      security: anyone,
      tags,
      summary: 'Subscribe an e-mail address to a topic (a confirmation link is mailed)',
      request: jsonBody(subscribeSchema),
      responses: { 200: json(subscribeAnswerSchema), ...errors(429) },
    }),
    async (c) => c.json(await subscribe(c.req.valid('json'), clientAddress(c.req.raw.headers)), 200),
  )
  // POST /api/subscriptions/confirm {token} — the confirmation page's button (a GET of the page never confirms)
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscriptions/confirm',
      security: anyone,
      tags,
      summary: 'Confirm a subscription with the token of its confirmation mail',
      request: jsonBody(tokenBodySchema),
      responses: { 200: json(confirmAnswerSchema) },
    }),
    async (c) => c.json(await confirmSubscription(c.req.valid('json').token), 200),
  )
  // POST /api/subscriptions/confirm/form (token=…) — the confirmation page's button without script
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscriptions/confirm/form',
      tags,
      summary:
        'The confirmation page’s form posted without script: confirms, then back to the page (303), which says the outcome',
      request: {
        body: {
          content: { 'application/x-www-form-urlencoded': { schema: tokenBodySchema } },
          required: true,
        },
      },
      security: anyone,
      responses: {
        303: { description: 'To /subscriptions/confirm?token: confirmed, or why the link cannot be used' },
      },
    }),
    async (c) => {
      const { token } = c.req.valid('form');
      try {
        await confirmSubscription(token);
      } catch (error) {
        // A browser is waiting for a page: the confirmation page reads the same link and says why
        // it cannot be used (expired, forged, left since) in words, not a JSON error.
        if (!(error instanceof AppError) || error.status >= 500) throw error;
      }
      return c.redirect(`/subscriptions/confirm?token=${encodeURIComponent(token)}`, 303);
    },
  )
  // POST /api/subscriptions/unsubscribe?token — RFC 8058 one-click: one POST, no sign-in, any body
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscriptions/unsubscribe',
      security: anyone,
      tags,
      summary: 'Unsubscribe with the token of a mail (List-Unsubscribe-Post: List-Unsubscribe=One-Click)',
      request: { query: tokenQuerySchema },
      responses: { 200: json(unsubscribeAnswer) },
    }),
    async (c) => c.json(await unsubscribeWithToken(c.req.valid('query').token), 200),
  )
  // GET /api/subscriptions/unsubscribe?token — a reader opened the header's address: the page asks first
  .openapi(
    createRoute({
      method: 'get',
      path: '/subscriptions/unsubscribe',
      security: anyone,
      tags,
      summary:
        'Opened in a browser: the unsubscribe page (a GET never unsubscribes; link scanners fetch them)',
      request: { query: tokenQuerySchema },
      responses: { 302: { description: 'To /subscriptions/unsubscribe?token' } },
    }),
    (c) =>
      c.redirect(`/subscriptions/unsubscribe?token=${encodeURIComponent(c.req.valid('query').token)}`, 302),
  )
  // GET /api/subscriptions/manage?token — the subscriber's own page: every topic of the address
  .openapi(
    createRoute({
      method: 'get',
      path: '/subscriptions/manage',
      security: anyone,
      tags,
      summary: "The topics of the address a mail's own-page link was made for",
      request: { query: tokenQuerySchema },
      responses: { 200: json(manageAnswerSchema) },
    }),
    async (c) => c.json(await listOwnSubscriptions(c.req.valid('query').token), 200),
  )
  // POST /api/subscriptions/manage/leave {token, topic} — leave one topic from the own page
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscriptions/manage/leave',
      security: anyone,
      tags,
      summary: 'Leave one topic from the subscriber’s own page',
      request: jsonBody(leaveTopicSchema),
      responses: { 200: json(manageAnswerSchema) },
    }),
    async (c) => {
      const { token, topic } = c.req.valid('json');
      return c.json(await leaveTopic(token, topic), 200);
    },
  )
  // GET /api/newsletters/open/{token} — the tracking pixel of a newsletter mail
  .openapi(
    createRoute({
      method: 'get',
      path: '/newsletters/open/{token}',
      security: anyone,
      tags,
      summary: 'Tracking pixel (counts the first open per recipient)',
      request: { params: z.object({ token: z.string().max(300) }) },
      responses: { 200: { description: 'A 1×1 GIF', content: { 'image/gif': { schema: z.any() } } } },
    }),
    async (c) => {
      await countOpen(c.req.valid('param').token);
      return c.body(PIXEL, 200, { 'content-type': 'image/gif', 'cache-control': 'no-store, private' });
    },
  )
  // GET /api/newsletters/click?t&u — a tracked link: redirects only to a URL that was in the mail
  .openapi(
    createRoute({
      method: 'get',
      path: '/newsletters/click',
      security: anyone,
      tags,
      summary: 'Tracked link of a newsletter mail (a signed redirect)',
      request: { query: clickQuerySchema },
      responses: { 302: { description: 'To the linked page' } },
    }),
    async (c) => {
      const { t, u } = c.req.valid('query');
      c.header('cache-control', 'no-store, private');
      return c.redirect(await followClick(t, u), 302);
    },
  );
