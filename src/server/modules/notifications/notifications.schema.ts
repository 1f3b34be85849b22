import { z } from 'zod';
import { pageLimitSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { tokenSchema } from '../newsletters/newsletters.schema';
import { MARK_READ_MAX_IDS, NOTIFICATION_ACTORS_SHOWN, NOTIFICATIONS_PAGE } from './notifications.limits';
import { NOTIFICATION_KINDS } from './notifications.table';

// In-app notifications (issue 25 item 4; docs/decisions/055-notifications.md). The settings are the
// users module's (notificationSettingsSchema, PATCH /api/users/{id}).

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: 'NotificationKind' });

export const notificationsQuerySchema = z.object({
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(NOTIFICATIONS_PAGE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

const cursorSchema = z.object({ t: z.number().int(), id: z.string() });

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    /** Epoch milliseconds. */
    createdAt: z.number().int(),
    read: z.boolean(),
    message: z
      .string()
      .describe(
        'What happened, in plain text (not HTML). A group names its newest actor and the next, or how many others: “Ruth and Amos started following you”, “Ruth and 4 others responded to your story “…””.',
      ),
    link: z
      .string()
      .nullable()
      .describe(
        'Site-relative: a story page with the anchor `#response-{id}` of the (newest) response, or `#responses` once that one is gone or hidden; the (newest) follower’s home; the editor for a rejection. Null when nowhere is left to go.',
      ),
    actor: z
      .object({
        id: z.string(),
        name: z.string(),
        image: z.string().nullable(),
        subdomain: z.string().nullable(),
      })
      .nullable()
      .describe('The newest actor who can be named (not banned, not deleted); null when there is none.'),
    actors: z
      .array(z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }))
      .max(NOTIFICATION_ACTORS_SHOWN)
      .describe(
        `Up to ${NOTIFICATION_ACTORS_SHOWN} of the actors, newest first, each once: those who can be named (a banned or deleted actor is left out). \`image\` is the avatar, null for none. One item for a notification of one actor; none when no actor can be named (a deleted one is “Someone”).`,
      ),
    actorCount: z
      .number()
      .int()
      .min(1)
      .describe(
        'The people the notification tells of, each once however often they acted (a group of new followers, responses to a story, replies to a response, while it is unread): banned actors left out, deleted ones counted. 1 for a notification of one actor.',
      ),
    story: z.object({ id: z.string(), title: z.string() }).nullable(),
    publication: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z
  .object({
    items: z.array(notificationSchema),
    lastKey: cursorSchema.nullable(),
    unreadCount: z
      .number()
      .int()
      .min(0)
      .describe(
        'Your unread notifications in all, as the list shows them: a group is one, and one the list hides (every actor banned) is not counted.',
      ),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const markReadSchema = z
  .object({
    ids: z
      .array(z.string().uuid('Not a notification id'))
      .min(1)
      .max(MARK_READ_MAX_IDS)
      .optional()
      .describe(
        `Up to ${MARK_READ_MAX_IDS} of your notifications' ids; others' ids and unknown ids are ignored`,
      ),
    all: z.literal(true).optional().describe('Every one of your notifications'),
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: 'Send either ids or all: true',
  });
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const markReadAnswerSchema = z.object({
  /** Notifications this call marked read (already read ones are not counted). */
  marked: z.number().int(),
  unreadCount: z.number().int(),
});

export const digestTokenQuerySchema = z.object({ token: tokenSchema });

export const digestUnsubscribeAnswerSchema = z.object({
  ok: z.literal(true),
  digest: z.literal(false),
  message: z.string(),
});
