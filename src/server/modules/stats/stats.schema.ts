import { z } from 'zod';
import { cursorParamSchema, cursorSchema } from '../../lib/cursor';
import { STORY_ID_RE } from '../../lib/ids';

// The page-view beacon and the publication stats (SPEC §7 GET /publications/stats/by_post).

/** POST /api/stats/view: the story the reader is looking at. */
export const viewBeaconSchema = z
  .object({ postId: z.string().regex(STORY_ID_RE, 'Not a story id') })
  .strict();

/** The most days one stats answer covers (a year, leap or not). */
export const STATS_MAX_DAYS = 366;

export const byPostQuerySchema = z.object({
  id: z.string().uuid('Not a publication id'),
  startDate: z.iso
    .date('Not a date')
    .describe(
      `First UTC day counted, YYYY-MM-DD. An answer covers at most the last ${STATS_MAX_DAYS} days (today included): an earlier date counts from the first of those days, a later one from today; \`daily\` lists the days counted.`,
    ),
  lastKey: cursorParamSchema,
});

export const storyViewsSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  publishedAt: z.number().describe('Epoch ms'),
  views: z.number().int(),
});

export const dayViewsSchema = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  views: z.number().int(),
});

export const byPostAnswerSchema = z.object({
  /** The publication's published stories, newest first, with their views from startDate. */
  posts: z.array(storyViewsSchema),
  lastKey: cursorSchema.nullable(),
  /** Every day from startDate (clamped into the last 366) to today (UTC), the views of all the publication's stories. */
  daily: z.array(dayViewsSchema).describe('Every day counted, from the (clamped) startDate to today (UTC)'),
  total: z.number().int(),
});

export type StoryViews = z.infer<typeof storyViewsSchema>;
export type DayViews = z.infer<typeof dayViewsSchema>;
export type ByPostAnswer = z.infer<typeof byPostAnswerSchema>;
