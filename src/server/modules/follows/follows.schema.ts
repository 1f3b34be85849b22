import { z } from 'zod';
import { pageLimitSchema, uuidCursorParamSchema, cursorSchema } from '../../lib/cursor';
import { FOLLOW_KINDS } from './follows.table';

// Follows (issue 25, decision 052): a signed-in reader follows a writer, a publication or a tag.
// PUT/DELETE /api/follows/{kind}/{id}, GET /api/follows (mine), GET /api/follows/counts (public).

/** A tag's slug is at most this long (as the tag routes take it); user and publication ids are UUIDs. */
export const FOLLOW_ID_MAX = 200;
export const FOLLOWS_PAGE_SIZE = 20;

export const followKindSchema = z
  .enum(FOLLOW_KINDS)
  .describe('What is followed: `user` (a writer), `publication` or `tag`');

// PUT and DELETE /api/follows/{kind}/{id}
export const followParamsSchema = z.object({
  kind: followKindSchema,
  id: z
    .string()
    .min(1, 'An id is required')
    .max(FOLLOW_ID_MAX, `At most ${FOLLOW_ID_MAX} characters`)
    .describe("The writer's user id (UUID), the publication's id (UUID) or the tag's slug"),
});
export type FollowTargetInput = z.infer<typeof followParamsSchema>;

/** A followed thing's standing: its follower count and whether the reader follows it. */
export const followStateSchema = z
  .object({
    kind: followKindSchema,
    id: z.string(),
    followers: z.number().int().min(0),
    following: z.boolean(),
  })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

// GET /api/follows?kind&lastKey&limit — whom I follow, newest follow first
export const followsQuerySchema = z.object({
  kind: followKindSchema.optional().describe('Only follows of this kind; all kinds when absent'),
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(FOLLOWS_PAGE_SIZE),
});
export type FollowsQuery = z.infer<typeof followsQuerySchema>;

export const followItemSchema = z
  .object({
    /** The follow's own id (the cursor's row id). */
    id: z.string(),
    kind: followKindSchema,
    /** The writer's or the publication's id, or the tag's slug: what PUT/DELETE take. */
    targetId: z.string(),
    name: z.string(),
    /** A writer's photo or a publication's logo; null for tags and for those without one. */
    image: z.string().nullable(),
    /** The page of what is followed: /@handle, /{subdomain}, /tags/{slug}; null for a writer without a handle. */
    url: z.string().nullable(),
    /** Epoch ms. */
    followedAt: z.number(),
  })
  .meta({ id: 'Follow' });
export type FollowItem = z.infer<typeof followItemSchema>;

export const followsPageSchema = z.object({
  follows: z.array(followItemSchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type FollowsPage = z.infer<typeof followsPageSchema>;

/** The targets a page asks about: at most one of each kind (a writer, a publication, a tag). */
export const followTargetsQuerySchema = z.object({
  user: z.string().uuid('Not a user id').optional().describe("A writer's user id"),
  publication: z.string().uuid('Not a publication id').optional().describe("A publication's id"),
  tag: z
    .string()
    .min(1)
    .max(FOLLOW_ID_MAX, `At most ${FOLLOW_ID_MAX} characters`)
    .optional()
    .describe("A tag's slug"),
});
export type FollowTargets = z.infer<typeof followTargetsQuerySchema>;

// GET /api/follows/counts?user&publication&tag — public follower counts
export const followCountsSchema = z.object({
  counts: z.array(z.object({ kind: followKindSchema, id: z.string(), followers: z.number().int().min(0) })),
});
export type FollowCounts = z.infer<typeof followCountsSchema>;
