import { z } from 'zod';
import { STORY_ID_RE } from '../../lib/ids';
import { storySummarySchema } from '../posts/posts.schema';

// Pinned stories (SPEC §3 "Pinned posts", §7 /users/pin_post). A pin puts a story first on its
// owner's home page (/@{subdomain}), or first inside one of their lists (listId).

/** At most this many pins per place (the profile, or one list): a pin is a highlight, not a list. */
export const MAX_PINS = 10;

const postIdSchema = z.string().regex(STORY_ID_RE, 'Not a story id');
const listIdSchema = z.string().uuid('Not a list id');

// GET /api/users/pin_post?listId&userId — the caller's profile pins (or a list's, or another user's).
export const pinsQuerySchema = z.object({
  listId: listIdSchema.optional(),
  /** Whose profile pins; the signed-in user when absent. */
  userId: z.string().uuid('Not a user id').optional(),
});
export type PinsQuery = z.infer<typeof pinsQuerySchema>;

// POST /api/users/pin_post {postId, listId?}
export const pinBodySchema = z.object({ postId: postIdSchema, listId: listIdSchema.optional() });
export type PinInput = z.infer<typeof pinBodySchema>;

// DELETE /api/users/pin_post?postId&listId
export const unpinQuerySchema = pinBodySchema;

export const pinSchema = z.object({
  postId: z.string(),
  listId: z.string().nullable(),
  /** Epoch ms. */
  pinnedAt: z.number(),
});
export type Pin = z.infer<typeof pinSchema>;

export const pinsAnswerSchema = z.object({
  /** Pinned stories the caller may see, latest pin first. */
  posts: z.array(storySummarySchema),
  postIds: z.array(z.string()),
});
export type PinsAnswer = z.infer<typeof pinsAnswerSchema>;
