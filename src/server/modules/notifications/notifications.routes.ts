import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { notificationSettingsSchema } from '../users/users.schema';
import { MARK_READ_MAX_IDS, NOTIFICATION_ACTORS_SHOWN } from './notifications.limits';
import {
  digestTokenQuerySchema,
  digestUnsubscribeAnswerSchema,
  markReadAnswerSchema,
  markReadSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from './notifications.schema';
import {
  getMyNotificationSettings,
  listMyNotifications,
  markMyNotificationsRead,
  turnDigestOffWithToken,
} from './notifications.service';

// In-app notifications (issue 25 item 4; docs/decisions/055-notifications.md). Mounted at
// /api/notifications. The settings are changed with PATCH /api/users/{id} ({notifications: {…}}).
const tags = ['notifications'];

export const notificationsRoutes = createRouter()
  // GET /api/notifications?lastKey&limit — mine, newest first, with the unread count
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      security: signedIn,
      tags,
      summary: 'Your notifications, newest first, a page at a time, with your unread count',
      description: `Signed-in readers only (401 otherwise), and only their own. Keyset paging on (createdAt, id): send the previous page’s \`lastKey\`; \`limit\` 1–50 (default 20). New followers, responses to one story and replies to one response are grouped while unread: one notification with the newest actor, its \`createdAt\` the newest event’s (so it moves to the top), up to ${NOTIFICATION_ACTORS_SHOWN} \`actors\` newest first and \`actorCount\` people in all; once read, the next starts a new one. Mentions, approvals and rejections are never grouped. A banned actor is left out of a group’s names and count, and a notification whose every actor is banned, or about one response since hidden, removed or deleted, is not listed nor counted. Each has a plain-text \`message\` and a site-relative \`link\` (a response’s anchor \`#response-{id}\` on its story page).`,
      request: { query: notificationsQuerySchema },
      responses: { 200: json(notificationsPageSchema), ...errors(400, 401) },
    }),
    async (c) => c.json(await listMyNotifications(c.get('actor'), c.req.valid('query')), 200),
  )
  // POST /api/notifications/read {ids} | {all: true} — mark mine read
  .openapi(
    createRoute({
      method: 'post',
      path: '/read',
      security: signedIn,
      tags,
      summary: 'Mark your notifications read: some (ids) or all',
      description: `Signed-in readers only (401 otherwise). Exactly one of \`ids\` (1–${MARK_READ_MAX_IDS} notification ids) or \`all: true\` (400 otherwise). Only the caller’s own notifications change: ids of others’ or unknown ones are ignored. Marking one already read changes nothing. Answers how many this call marked and the unread count left.`,
      request: jsonBody(markReadSchema),
      responses: { 200: json(markReadAnswerSchema), ...errors(400, 401) },
    }),
    async (c) => c.json(await markMyNotificationsRead(c.get('actor'), c.req.valid('json')), 200),
  )
  // GET /api/notifications/settings — my notification settings
  .openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      security: signedIn,
      tags,
      summary: 'Your notification settings (change them with PATCH /api/users/{id})',
      description:
        'Signed-in readers only (401 otherwise): each kind on or off (on by default), the daily e-mail digest (off by default), and the hour it arrives (`digestHour`, 0–23) in the reader’s `timeZone` (07:00 UTC for a reader who never chose).',
      responses: { 200: json(notificationSettingsSchema), ...errors(401) },
    }),
    async (c) => c.json(await getMyNotificationSettings(c.get('actor')), 200),
  )
  // POST /api/notifications/digest/unsubscribe?token — RFC 8058 one-click: the digest off, no sign-in, any body
  .openapi(
    createRoute({
      method: 'post',
      path: '/digest/unsubscribe',
      security: anyone,
      tags,
      summary:
        'Turn the daily digest off with the token of a digest mail (List-Unsubscribe-Post: List-Unsubscribe=One-Click)',
      description:
        'No session needed: the token (signed, about a year) names the reader. A forged, malformed or expired token answers 400 and changes nothing; the reader gone answers 404. Idempotent: the digest already off stays off. Any body is ignored; exempt from the same-origin check, as mail providers POST it from their servers.',
      request: { query: digestTokenQuerySchema },
      responses: { 200: json(digestUnsubscribeAnswerSchema), ...errors(400, 404) },
    }),
    async (c) => c.json(await turnDigestOffWithToken(c.req.valid('query').token), 200),
  )
  // GET /api/notifications/digest/unsubscribe?token — opened in a browser: the page asks first
  .openapi(
    createRoute({
      method: 'get',
      path: '/digest/unsubscribe',
      security: anyone,
      tags,
      summary:
        'Opened in a browser: the page that turns the digest off (a GET never changes it; link scanners fetch them)',
      request: { query: digestTokenQuerySchema },
      responses: { 302: { description: 'To /me/notifications/digest-off?token' } },
    }),
    (c) =>
      c.redirect(`/me/notifications/digest-off?token=${encodeURIComponent(c.req.valid('query').token)}`, 302),
  );
