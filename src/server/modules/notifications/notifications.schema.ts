import { z } from 'zod';
import { pageLimitSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { tokenSchema } from '../newsletters/newsletters.schema';
import { MARK_READ_MAX_IDS, NOTIFICATIONS_PAGE } from './notifications.limits';
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
    /** What happened, in words (the actor's name, the story's title): plain text, not HTML. */
    message: z.string(),
    /** Where it leads: a story (a response's anchor `#response-{id}`), a writer's home, the editor; null when nowhere. */
    link: z.string().nullable(),
    actor: z
      .object({
        id: z.string(),
        name: z.string(),
        image: z.string().nullable(),
        subdomain: z.string().nullable(),
      })
      .nullable(),
    story: z.object({ id: z.string(), title: z.string() }).nullable(),
    publication: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z
  .object({
    items: z.array(notificationSchema),
    lastKey: cursorSchema.nullable(),
    /** The reader's unread notifications in all (those the list would show). */
    unreadCount: z.number().int(),
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
