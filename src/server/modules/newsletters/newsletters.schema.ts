import { z } from 'zod';
import { cursorSchema, pageLimitSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { timezoneSchema } from '../../lib/time-zones';
import { emailSchema } from '../users/users.schema';
import { storyIdSchema, scheduledTimeSchema } from '../posts/posts.schema';
import { NEWSLETTER_DESCRIPTION_MAX } from './newsletters.limits';

// One zod schema per payload of SPEC §7 "Subscriptions" and "Newsletters" (DESIGN §6): the routes, the
// OpenAPI document and the forms all use these.

export const topicSlugSchema = z
  .string({ error: 'Please choose a topic' })
  .trim()
  .toLowerCase()
  .min(1, 'Please choose a topic')
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Not a topic');

/** PUT /api/subscribe {email, topic, timezone} (SPEC §7). */
export const subscribeSchema = z.object({
  email: emailSchema,
  topic: topicSlugSchema,
  timezone: timezoneSchema.default('UTC'),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;
/** Always the same answer, subscribed or not, so the call tells nobody who reads what. */
export const subscribeAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

/** A token from a mail's link (confirm, unsubscribe, manage). */
export const tokenSchema = z.string().trim().min(1, 'The link is incomplete').max(600);
export const tokenBodySchema = z.object({ token: tokenSchema });
export const tokenQuerySchema = z.object({ token: tokenSchema });

export const subscriptionStatusSchema = z.enum(['pending', 'active', 'unsubscribed']);
export const confirmAnswerSchema = z.object({
  topic: z.string(),
  name: z.string(),
  status: subscriptionStatusSchema,
  /** The subscriber's own page, for the confirmation page's link. */
  manageToken: z.string(),
});

/** GET /api/subscriptions/manage?token: the address's topics (the subscriber's own page). */
export const manageAnswerSchema = z.object({
  email: z.string(),
  subscriptions: z.array(z.object({ topic: z.string(), name: z.string(), status: subscriptionStatusSchema })),
});
export type ManageAnswer = z.infer<typeof manageAnswerSchema>;
/** POST /api/subscriptions/manage/leave {token, topic}. */
export const leaveTopicSchema = z.object({ token: tokenSchema, topic: topicSlugSchema });

// ---------------------------------------------------------------------------------------------------
// Newsletter entries (SPEC §3 Newsletter entry, §7 Newsletters)
// ---------------------------------------------------------------------------------------------------

export const publicationIdParam = z.string().uuid('Not a publication id');
export const newsletterIdSchema = z.string().uuid('Not a newsletter id');

export const newsletterStatusSchema = z.enum(['unscheduled', 'scheduled', 'sending', 'sent', 'failed']);

/** What the caller may do with the entry (the policy's answer): the operations menu renders from it. */
export const newsletterCapabilitiesSchema = z.object({
  canSchedule: z.boolean(),
  canReschedule: z.boolean(),
  canCancel: z.boolean(),
  canRemove: z.boolean(),
});

export const newsletterEntrySchema = z.object({
  newsletterId: z.string(),
  publicationId: z.string(),
  collectionId: z.string().nullable(),
  /** null once the story was deleted (a sent entry stays for the stats). */
  postId: z.string().nullable(),
  title: z.string(),
  /** Epoch ms (SPEC §3). */
  createdAt: z.number(),
  scheduledTime: z.number().nullable(),
  status: newsletterStatusSchema,
  timezone: z.string(),
  inSubscriberTimezone: z.boolean(),
  sentAt: z.number().nullable(),
  /** The story's own times, for the add/remove dialogs' 'Published at:' / 'Scheduled to Publish at:' / 'Created at:'. */
  post: z
    .object({
      publishedAt: z.number().nullable(),
      scheduledTime: z.number().nullable(),
      createdAt: z.number(),
      slug: z.string(),
    })
    .nullable(),
  can: newsletterCapabilitiesSchema,
});
export type NewsletterEntry = z.infer<typeof newsletterEntrySchema>;

export const entryParams = z.object({ publicationId: publicationIdParam, newsletterId: newsletterIdSchema });
export const publicationParams = z.object({ publicationId: publicationIdParam });

/** POST /publications/{publicationId}/newsletters/create {newsletterId (generated), publicationId, collectionId, postId, createdAt}. */
export const createNewsletterSchema = z.object({
  newsletterId: newsletterIdSchema.optional(),
  publicationId: publicationIdParam,
  collectionId: z.string().uuid('Not a collection id').nullable().optional(),
  postId: storyIdSchema,
  /** Sent by the SPEC's client; the server keeps its own clock. */
  createdAt: z.number().optional(),
});
export type CreateNewsletterInput = z.infer<typeof createNewsletterSchema>;

/** PATCH /publications/{publicationId}/newsletters/{newsletterId}?postId: schedule or reschedule. */
export const scheduleNewsletterSchema = z.object({
  scheduledTime: scheduledTimeSchema,
  publicationId: publicationIdParam.optional(),
  timezone: timezoneSchema.default('UTC'),
  /** Send at this wall-clock time in each subscriber's own time zone. */
  inSubscriberTimezone: z.boolean().default(false),
});
export type ScheduleNewsletterInput = z.infer<typeof scheduleNewsletterSchema>;
export const postIdQuerySchema = z.object({ postId: storyIdSchema.optional() });

/** PUT /publications/{publicationId}/newsletters/{newsletterId}: cancel the schedule, SPEC's {newsletterId, id}. */
export const cancelNewsletterSchema = z.object({
  newsletterId: newsletterIdSchema.optional(),
  id: z.string().optional(),
});

/** DELETE /publications/{publicationId}/newsletters/{newsletterId}?postId with {publicationId, newsletterId, postId}. */
export const removeNewsletterSchema = z.object({
  publicationId: publicationIdParam.optional(),
  newsletterId: newsletterIdSchema.optional(),
  postId: storyIdSchema.optional(),
});

export const newsletterListQuerySchema = z.object({
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(10),
});
export const newsletterListSchema = z.object({
  newsletters: z.array(newsletterEntrySchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});

/** PUT /publications/{publicationId}/newsletters/settings: turn the newsletter on or off, and its description. */
export const newsletterSettingsSchema = z.object({
  hasNewsletters: z.boolean(),
  newsletterDescription: z
    .string()
    .trim()
    .max(NEWSLETTER_DESCRIPTION_MAX, `At most ${NEWSLETTER_DESCRIPTION_MAX} characters`)
    .nullable()
    .optional(),
});
export type NewsletterSettingsInput = z.infer<typeof newsletterSettingsSchema>;

/** GET /publications/{publicationId}/newsletters/topic: the topic a subscribe form sends. */
export const publicationTopicSchema = z.object({
  topic: z.string(),
  name: z.string(),
  description: z.string(),
});

// ---------------------------------------------------------------------------------------------------
// Stats: GET /publications/stats/getNewslettersStats?start_date&id&lastKey (SPEC §7)
// ---------------------------------------------------------------------------------------------------

export const newsletterStatsQuerySchema = z.object({
  id: publicationIdParam,
  /** From this day (YYYY-MM-DD) or epoch ms; default: everything. */
  start_date: z
    .union([z.iso.date('Not a date'), z.string().regex(/^(|[0-9]{1,15})$/, 'Not a date')])
    .optional()
    .describe('From this UTC day (YYYY-MM-DD) or epoch ms; empty or absent: everything'),
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(20),
});

export function toStartDate(value: string | undefined): Date | null {
  if (value === undefined || value === '') return null;
  return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
}

export const newsletterStatsRowSchema = z.object({
  newsletterId: z.string(),
  postId: z.string().nullable(),
  title: z.string(),
  status: newsletterStatusSchema,
  scheduledTime: z.number().nullable(),
  sentAt: z.number().nullable(),
  recipients: z.number(),
  delivered: z.number(),
  failed: z.number(),
  opened: z.number(),
  clicked: z.number(),
  unsubscribed: z.number(),
});
export type NewsletterStatsRow = z.infer<typeof newsletterStatsRowSchema>;
export const newsletterStatsSchema = z.object({
  newsletters: z.array(newsletterStatsRowSchema),
  lastKey: cursorSchema.nullable(),
});

/** GET /api/newsletters/click?t&u: the tracked link. */
export const clickQuerySchema = z.object({ t: z.string().max(300), u: z.string().max(4000) });
