import { z } from 'zod';
import { integerParam } from '../../lib/integer-param';
import { singleLineText } from '../../lib/plain-text';
import { timezoneSchema } from '../../lib/time-zones';
import { tokenSchema } from '../newsletters/newsletters.schema';
import { storyIdSchema } from '../posts/posts.schema';
import { collectionIdSchema, publicationIdSchema } from '../publications/publications.schema';
import { emailSchema } from '../users/users.schema';
import {
  PLAN_DAYS_MAX,
  PLAN_READER_STATES,
  PLAN_DESCRIPTION_MAX,
  PLAN_MESSAGES,
  PLAN_PASSAGE_MAX,
  PLAN_PASSAGES_PER_DAY_MAX,
  PLAN_TITLE_MAX,
  SEND_AT_RE,
} from './plans.limits';

// The reading plans' calls (issue 24 item 5; docs/decisions/050-reading-plans.md): one zod schema per
// payload, shared by the routes, the OpenAPI document and the forms.

export * from './plans.limits';

export const planIdSchema = z.uuid('Not a reading plan id');
export const planIdParams = z.object({ id: planIdSchema });
export const planDayParams = z.object({
  id: planIdSchema,
  day: integerParam(z.number().int().min(1).max(PLAN_DAYS_MAX)).describe('The day, from 1'),
});

const titleInput = singleLineText()
  .min(1, 'Please enter a title')
  .max(PLAN_TITLE_MAX, `At most ${PLAN_TITLE_MAX} characters`);
const descriptionInput = singleLineText().max(
  PLAN_DESCRIPTION_MAX,
  `At most ${PLAN_DESCRIPTION_MAX} characters`,
);

/** A passage as the owner typed it: parsed on the server (English or Chinese); one that is none is a 422. */
const passageInput = singleLineText()
  .min(1, 'Please enter a scripture reference')
  .max(PLAN_PASSAGE_MAX, `At most ${PLAN_PASSAGE_MAX} characters`)
  .describe('One scripture reference as typed: "John 3:16", "Ps 23", "约翰福音 3:16" (422 when it is none)');

export const planDayInputSchema = z.object({
  postId: storyIdSchema.describe("A published story of the plan's publication"),
  passages: z.array(passageInput).max(PLAN_PASSAGES_PER_DAY_MAX).default([]),
});
export type PlanDayInput = z.infer<typeof planDayInputSchema>;

const daysInput = z
  .array(planDayInputSchema)
  .min(1, 'A plan needs at least one day')
  .max(PLAN_DAYS_MAX, `At most ${PLAN_DAYS_MAX} days`);

/** POST /api/plans. */
export const createPlanSchema = z.object({
  publicationId: publicationIdSchema,
  collectionId: collectionIdSchema.describe("The publication's collection the plan is made from"),
  title: titleInput.optional().describe("Default: the collection's name"),
  description: descriptionInput.optional().describe("Default: the collection's description"),
  days: daysInput
    .optional()
    .describe("Day 1 first. Default: the collection's published stories, oldest first, no passages"),
});
export type CreatePlanInput = z.infer<typeof createPlanSchema>;

/** PATCH /api/plans/{id}: days replace the plan's days (readers keep what they read, by day number). */
export const updatePlanSchema = z.object({
  title: titleInput.optional(),
  description: descriptionInput.optional(),
  days: daysInput.optional(),
});
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

/** GET /api/plans?publicationId. */
export const managedPlansQuerySchema = z.object({ publicationId: publicationIdSchema });

/** POST /api/plans/{id}/start. */
export const startPlanSchema = z.object({
  email: emailSchema
    .optional()
    .describe('Where the days are mailed. Required when signed out; signed in: default the account’s'),
  timeZone: timezoneSchema.describe('The reader’s IANA time zone, e.g. Europe/Oslo'),
  sendAt: z
    .string()
    .regex(SEND_AT_RE, PLAN_MESSAGES.sendAt)
    .describe('Local time of day each day is mailed, HH:MM (24-hour)'),
});
export type StartPlanInput = z.infer<typeof startPlanSchema>;

/** POST /api/plans/{id}/days/{day}/read: signed in, or the token of a plan mail's link. */
export const markReadSchema = z.object({
  token: tokenSchema.optional().describe("A plan mail's reader token (readers by mail alone)"),
});
/** GET /api/plans/mine?token. */
export const minePlansQuerySchema = z.object({
  token: tokenSchema.optional().describe("A plan mail's reader token; without it, the session's plans"),
});

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const planPassageSchema = z.object({
  osis: z.string().describe('OSIS: John.3.16, Ps.23; its page is /scripture/{osis}'),
  display: z.string(),
});
export type PlanPassage = z.infer<typeof planPassageSchema>;

export const planDaySchema = z.object({
  day: z.number().int(),
  /** Null when the story is gone or not public any more. */
  story: z
    .object({
      id: z.string(),
      title: z.string(),
      excerpt: z.string(),
      path: z.string(),
      authorName: z.string(),
      readingMinutes: z.number(),
    })
    .nullable(),
  passages: z.array(planPassageSchema),
});
export type PlanDay = z.infer<typeof planDaySchema>;

export const planSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    languageCode: z.string(),
    publication: z.object({ id: z.string(), name: z.string(), subdomain: z.string() }),
    collectionId: z.string().nullable(),
    totalDays: z.number().int(),
    days: z.array(planDaySchema),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'ReadingPlan' });
export type Plan = z.infer<typeof planSchema>;

export const planStatsSchema = z.object({
  unconfirmed: z.number().int().describe('Started by mail, the address not confirmed yet'),
  started: z.number().int().describe('Readers who started (confirmed)'),
  active: z.number().int().describe('Started, not finished, and read or mailed a day within the last 7 days'),
  finished: z.number().int().describe('Read every day'),
});
export type PlanStats = z.infer<typeof planStatsSchema>;

export const managedPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  collectionId: z.string().nullable(),
  totalDays: z.number().int(),
  createdAt: z.number(),
  stats: planStatsSchema,
});
export type ManagedPlan = z.infer<typeof managedPlanSchema>;
export const managedPlansSchema = z.object({ plans: z.array(managedPlanSchema) });

export const readerProgressSchema = z
  .object({
    planId: z.string(),
    status: z.enum(PLAN_READER_STATES),
    totalDays: z.number().int(),
    /** The days marked read, ascending. */
    daysRead: z.array(z.number().int()),
    readCount: z.number().int(),
    /** Consecutive local days, up to today (or yesterday), on each of which a day was marked read. */
    streak: z.number().int(),
    /** The next day to be mailed; null when every day has been. */
    nextDay: z.number().int().nullable(),
    nextMailAt: z.number().nullable().describe('When the next day is mailed (epoch ms)'),
    timeZone: z.string(),
    sendAt: z.string(),
    email: z.string(),
    /** Whether the days still arrive by mail (false once the reader left them by an unsubscribe link). */
    mailing: z.boolean(),
  })
  .meta({ id: 'ReadingPlanProgress' });
export type ReaderProgress = z.infer<typeof readerProgressSchema>;

export const startAnswerSchema = z.object({
  status: z.enum(PLAN_READER_STATES),
  message: z.string(),
  /** The signed-in reader's progress; null for a reader by mail (nothing is told before they confirm). */
  progress: readerProgressSchema.nullable(),
});
export type StartAnswer = z.infer<typeof startAnswerSchema>;

export const minePlansSchema = z.object({
  plans: z.array(
    z.object({
      plan: z.object({
        id: z.string(),
        title: z.string(),
        publicationName: z.string(),
        totalDays: z.number().int(),
      }),
      progress: readerProgressSchema,
    }),
  ),
});
export type MinePlans = z.infer<typeof minePlansSchema>;
