import { z } from 'zod';
import { cursorSchema } from '../../lib/cursor';
import { STORY_ID_RE } from '../../lib/ids';
import { tagSchema, tagsInputSchema } from '../tags/tags.schema';
import { languageCodeSchema } from '../users/users.schema';
import { safeImageSrc } from './posts-body-normalize';
import { cleanLine, cleanMultiline } from './posts-text';
import { POST_STATUSES } from './posts.table';

// Inputs and answers of /api/posts (SPEC §3 Story, §7 Posts; DESIGN §3). Times are epoch ms.

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;

export const storyIdSchema = z.string().regex(STORY_ID_RE, 'Not a story id');

const titleSchema = z.string().overwrite(cleanLine).max(TITLE_MAX, `At most ${TITLE_MAX} characters`);
const excerptSchema = z
  .string()
  .overwrite(cleanMultiline)
  .max(EXCERPT_MAX, `At most ${EXCERPT_MAX} characters`);
/** The editor's document (Tiptap getJSON()); rebuilt from the allowlist on the server. */
const bodyJsonSchema = z.looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() });
/** HTML from a client without the editor; only read, through the sanitiser, never stored as sent. */
const bodyHtmlSchema = z.string().max(500_000);
const featureImageSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => safeImageSrc(value) !== null, 'Must be an http(s) or /uploads/ image address');
/** Epoch ms; the service rounds it down to the minute and wants it in the future. */
export const scheduledTimeSchema = z.number().int().positive().max(8.64e15);

const contentFields = {
  bodyJson: bodyJsonSchema.optional(),
  bodyHtml: bodyHtmlSchema.optional(),
  featureImageUrl: featureImageSchema.nullable().optional(),
  tags: tagsInputSchema.optional(),
  publicationId: z.string().uuid('Not a publication id').nullable().optional(),
  collectionId: z.string().uuid('Not a collection id').nullable().optional(),
  languageCode: languageCodeSchema.optional(),
};

// POST /api/posts/new/{draft,publish}. SPEC's payload also carries the author id and publishedAt:
// the author is whoever is signed in and the server sets the times, so those fields are ignored.
export const createPostSchema = z.object({
  title: titleSchema.default(''),
  excerpt: excerptSchema.default(''),
  ...contentFields,
});
export type CreatePostInput = z.infer<typeof createPostSchema>;

// POST /api/posts/new/schedule
export const createScheduledPostSchema = createPostSchema.extend({ scheduledTime: scheduledTimeSchema });
export type CreateScheduledPostInput = z.infer<typeof createScheduledPostSchema>;

// PATCH /api/posts/{id}: the fields given change; `version` is the one the client last read.
export const updatePostSchema = z.object({
  version: z.number().int().min(1),
  title: titleSchema.optional(),
  excerpt: excerptSchema.optional(),
  ...contentFields,
  /** Published stories: publishedAt = now (SPEC §4 republish); a plain save keeps it. */
  republish: z.boolean().optional(),
  /** A publication_author's draft or rejected story goes (back) to review: status pending. */
  submitForReview: z.boolean().optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

// PATCH /api/posts/manage_posts/schedule_post/{id}: SPEC sends {id, scheduledTime}.
export const schedulePostSchema = z.object({
  id: storyIdSchema.optional(),
  scheduledTime: scheduledTimeSchema,
});
export type SchedulePostInput = z.infer<typeof schedulePostSchema>;

// PATCH /api/posts/manage_posts/reject_post/{id}
export const rejectPostSchema = z.object({
  reason: z
    .string()
    .overwrite(cleanMultiline)
    .max(EXCERPT_MAX, `At most ${EXCERPT_MAX} characters`)
    .optional(),
});
export type RejectPostInput = z.infer<typeof rejectPostSchema>;

export const storyAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'banned']),
  image: z.string().nullable(),
  subdomain: z.string().nullable(),
});

export const storyPublicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  newsletterDescription: z.string().nullable(),
});

/** A story without its body: what lists and cards get. */
export const storySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  slug: z.string(),
  featureImageUrl: z.string().nullable(),
  tags: z.array(tagSchema),
  status: z.enum(POST_STATUSES),
  publishedAt: z.number().nullable(),
  scheduledTime: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  publicationId: z.string().nullable(),
  collectionId: z.string().nullable(),
  publication: storyPublicationSchema.nullable(),
  author: storyAuthorSchema,
  isInNewsletter: z.boolean(),
  languageCode: z.string(),
  readingMinutes: z.number(),
  wordCount: z.number(),
  /** For optimistic concurrency: send it back with PATCH. */
  version: z.number(),
  /** Why a publication's desk rejected it (status rejected), otherwise null. */
  rejectionReason: z.string().nullable(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

/** A whole story: the summary plus its body (sanitised HTML and the editor's JSON). */
export const storySchema = storySummarySchema.extend({
  bodyHtml: z.string(),
  bodyJson: z.record(z.string(), z.unknown()),
});
export type Story = z.infer<typeof storySchema>;

export const storyPageSchema = z.object({
  posts: z.array(storySummarySchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type StoryPage = z.infer<typeof storyPageSchema>;
