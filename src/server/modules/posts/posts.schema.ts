import { z } from 'zod';
import { PUBLICATION_ROLES } from '../../auth/roles';
import { cursorParamSchema, cursorSchema, pageLimitSchema } from '../../lib/cursor';
import { STORY_ID_RE } from '../../lib/ids';
import { collapsedLineText, multilineText } from '../../lib/plain-text';
import { stripControlCharacters, stripControlCharactersDeep } from '../../lib/safe-string';
import { tagSchema, tagsInputSchema } from './posts-tags.schema';
import { languageCodeSchema, storyImageUrlSchema } from '../users/users.schema';
import { POST_STATUSES } from './posts.table';
import { EXCERPT_MAX, TITLE_MAX } from './posts.limits';

// Inputs and answers of /api/posts (SPEC §3 Story, §7 Posts; DESIGN §3). Times are epoch ms.

export { EXCERPT_MAX, TITLE_MAX } from './posts.limits';

export const storyIdSchema = z.string().regex(STORY_ID_RE, 'Not a story id');

const titleSchema = collapsedLineText().max(TITLE_MAX, `At most ${TITLE_MAX} characters`);
const excerptSchema = multilineText().max(EXCERPT_MAX, `At most ${EXCERPT_MAX} characters`);
/**
 * The editor's document (Tiptap getJSON()); rebuilt from the allowlist on the server. Rich text:
 * control characters (a pasted NUL) are stripped, not refused (lib/safe-string.ts), here and in bodyHtml.
 */
const bodyJsonSchema = z
  .looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() })
  .overwrite(stripControlCharactersDeep);
/** HTML from a client without the editor; only read, through the sanitiser, never stored as sent. */
const bodyHtmlSchema = z.string().max(500_000).overwrite(stripControlCharacters);
const featureImageSchema = storyImageUrlSchema;
/**
 * Epoch ms. A rule of the clock, which no keyword can state: rounded down to the minute, it must be
 * in the future and at most five years ahead, else 422 (docs/decisions/028-openapi-contract.md).
 */
export const scheduledTimeSchema = z
  .number()
  .int()
  .positive()
  .max(8.64e15)
  .describe(
    'Epoch ms, rounded down to the minute. Must be in the future and at most five years ahead (checked against the clock: 422 `unprocessable` otherwise).',
  );

const contentFields = {
  bodyJson: bodyJsonSchema.optional(),
  bodyHtml: bodyHtmlSchema.optional(),
  featureImageUrl: featureImageSchema.nullable().optional(),
  tags: tagsInputSchema.optional(),
  publicationId: z.string().uuid('Not a publication id').nullable().optional(),
  collectionId: z.string().uuid('Not a collection id').nullable().optional(),
  languageCode: languageCodeSchema.optional(),
};

/**
 * A new story is placed in a publication and one of its collections, or in neither (SPEC §5). Said
 * as keywords, so the document states it and a generated client sends both or neither: the schema
 * for the whole body allows either both ids absent or null, or both present as strings. The
 * service checks the same pair (resolvePlacement), with SPEC's message, as the 400 of any keyword
 * not met (docs/decisions/028-openapi-contract.md). A generator cannot satisfy `if`/`then`, which
 * is why the pair is written as an `anyOf` of the two allowed shapes.
 */
const bothOrNeither = <T extends z.ZodObject>(schema: T) =>
  schema.meta({
    description:
      'publicationId and collectionId go together: both (a collection of that publication) or neither.',
    anyOf: [
      { properties: { publicationId: { type: 'null' }, collectionId: { type: 'null' } } },
      {
        required: ['publicationId', 'collectionId'],
        properties: { publicationId: { type: 'string' }, collectionId: { type: 'string' } },
      },
    ],
  });

// POST /api/posts/new/{draft,publish}. SPEC's payload also carries the author id and publishedAt:
// the author is whoever is signed in and the server sets the times, so those fields are ignored.
const createPostFields = z.object({
  title: titleSchema.default(''),
  excerpt: excerptSchema.default(''),
  ...contentFields,
});
export const createPostSchema = bothOrNeither(createPostFields);
export type CreatePostInput = z.infer<typeof createPostSchema>;

/**
 * A story goes out (published or scheduled) only with a title and an excerpt: in the schema of the
 * bodies that send one out, so the document says so (`pattern: \S`, checked after trimming). A
 * story already saved is checked when it goes out (assertReadyToGoOut), with the same messages.
 */
const goingOutFields = {
  title: titleSchema.regex(/\S/, 'A story needs a title before it goes out'),
  excerpt: excerptSchema.regex(/\S/, 'A story needs an excerpt before it goes out'),
};

// POST /api/posts/new/publish
export const publishNewPostSchema = bothOrNeither(createPostFields.extend(goingOutFields));

// POST /api/posts/new/schedule
export const createScheduledPostSchema = bothOrNeither(
  createPostFields.extend({ ...goingOutFields, scheduledTime: scheduledTimeSchema }),
);
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
  reason: multilineText().max(EXCERPT_MAX, `At most ${EXCERPT_MAX} characters`).optional(),
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
  /** SPEC §3 Publication.hasNewsletters: 'Add to newsletter' and the article's subscribe dialog need it. */
  hasNewsletters: z.boolean(),
});

/** A story without its body: what lists and cards get. */
const storySummaryFields = z.object({
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
  /** Why the publication's editors rejected it (status rejected), otherwise null. */
  rejectionReason: z.string().nullable(),
});

/**
 * What the asking user may do with the story, computed on the server by the policy
 * (src/server/auth/policy/capabilities.ts). The UI shows and enables actions from these flags only.
 */
export const storyCapabilitiesSchema = z.object({
  canEdit: z.boolean().describe('Change the content (story.update)'),
  canEditExcerpt: z.boolean().describe('Change the excerpt in the story-update dialog (story.editExcerpt)'),
  canGiveExcerpt: z.boolean().describe('Give a story without an excerpt its excerpt (story.giveExcerpt)'),
  canAutosave: z.boolean().describe('The editor autosaves: the story is being written, not out'),
  canMove: z.boolean().describe('Change publication and collection (story.move)'),
  canSubmitForReview: z.boolean(),
  canPublish: z.boolean(),
  canSchedule: z.boolean(),
  canReschedule: z.boolean(),
  canCancelSchedule: z.boolean(),
  canRepublish: z.boolean(),
  canUnpublish: z.boolean(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  canDelete: z.boolean(),
  canBanAuthor: z.boolean().describe("Ban the story's author (user.ban: site admins, not on their own)"),
  canUnbanAuthor: z.boolean().describe("Unban the story's author, who is banned (user.ban)"),
  canAddToNewsletter: z
    .boolean()
    .describe("Put the story into its publication's newsletter (newsletter.add, SPEC §4's four conditions)"),
  locked: z
    .array(z.enum(['publish', 'schedule', 'reschedule', 'cancelSchedule', 'republish']))
    .describe("Allowed by the story's state but not for this writer in its publication: shown disabled"),
});

export const storySummarySchema = storySummaryFields.extend({
  /** Only in studio answers (forStudio): what the user may do with each story. */
  can: storyCapabilitiesSchema.optional(),
  /** Only in studio answers: the story's page views so far (analytics). */
  views: z.number().int().optional(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

/** A whole story: the summary plus its body (sanitised HTML and the editor's JSON) and `can`. */
export const storySchema = storySummaryFields.extend({
  bodyHtml: z.string(),
  bodyJson: z.record(z.string(), z.unknown()),
  can: storyCapabilitiesSchema,
});
export type Story = z.infer<typeof storySchema>;

/** A passage the story cites (issue 24, docs/decisions/046-stored-references.md). */
export const storyScriptureRefSchema = z.object({
  osis: z.string().describe('The passage in OSIS: John.3.16, Ps.23, John.3.16-John.3.18'),
  display: z.string().describe("Written for a reader in the story's language: John 3:16, 约翰福音 3:16"),
});

/** GET /api/posts/{id}: the story and the passages it cites, in order of first appearance. */
export const storyWithScriptureSchema = storySchema.extend({
  scriptureRefs: z.array(storyScriptureRefSchema),
});
export type StoryWithScripture = z.infer<typeof storyWithScriptureSchema>;

export const storyPageSchema = z.object({
  posts: z.array(storySummarySchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type StoryPage = z.infer<typeof storyPageSchema>;

// GET /api/posts/user_posts/all_posts/{user_id}: the studio's story-filter (SPEC §2). Every filter is
// optional; without any the answer is what it always was.

/** SPEC §2 status choices (All status, Published, Rejected, Draft, Under review = pending) plus Scheduled. */
export const STORY_STATUS_FILTERS = [
  'all',
  'published',
  'rejected',
  'draft',
  'pending',
  'scheduled',
] as const;
export type StoryStatusFilter = (typeof STORY_STATUS_FILTERS)[number];

/** SPEC §2 time choices: All time, Past week, Past month, Past 3 months, Past year, Past 2 years. */
export const STORY_TIME_RANGES = ['all', 'week', 'month', '3months', 'year', '2years'] as const;
export type StoryTimeRange = (typeof STORY_TIME_RANGES)[number];
/** How far back each range reaches, in days, from now. */
export const STORY_TIME_RANGE_DAYS: Record<Exclude<StoryTimeRange, 'all'>, number> = {
  week: 7,
  month: 30,
  '3months': 91,
  year: 365,
  '2years': 730,
};

/**
 * Whose stories the studio lists: `own` (default) the writer's own; `desk` also the stories other
 * writers put in publications the writer owns or edits (every status but draft).
 */
export const STUDIO_SCOPES = ['own', 'desk'] as const;
export type StudioScope = (typeof STUDIO_SCOPES)[number];

export const storyListFiltersSchema = z.object({
  status: z.enum(STORY_STATUS_FILTERS).optional().describe('Only stories in this state (all: no filter)'),
  collectionId: z.string().uuid('Not a collection id').optional().describe('Only stories in this collection'),
  time: z
    .enum(STORY_TIME_RANGES)
    .optional()
    .describe('Only stories created (studio) or published (public list) within this range'),
  writerId: z.string().uuid('Not a user id').optional().describe('Only stories by this writer'),
  scope: z.enum(STUDIO_SCOPES).optional().describe('forStudio only: own (default) or desk'),
});
export type StoryListFilters = z.infer<typeof storyListFiltersSchema>;

// GET /api/posts/user_posts/studio_filters/{user_id}: the choices the story-filter dialog offers.
export const studioFiltersSchema = z.object({
  /** Collections the studio's stories are in. */
  collections: z.array(
    z.object({ id: z.string(), name: z.string(), publicationId: z.string(), publicationName: z.string() }),
  ),
  /** Writers of the studio's stories (the writer first). */
  writers: z.array(z.object({ id: z.string(), name: z.string(), image: z.string().nullable() })),
  /** The writer's publications and role in each (what the story-actions menu asks the policy with). */
  publications: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(PUBLICATION_ROLES),
    }),
  ),
});
export type StudioFilters = z.infer<typeof studioFiltersSchema>;

// GET /api/posts/publications/{id}?forAdmin&lastKeys&lastKey&collectionId&limit: a publication's stories.
export const publicationPostsQuerySchema = z.object({
  forAdmin: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe("Every story but drafts, with `can` (the publication's editors only)"),
  lastKeys: cursorParamSchema,
  lastKey: cursorParamSchema,
  collectionId: z.string().uuid('Not a collection id').optional().describe('Only stories in this collection'),
  limit: pageLimitSchema(10),
});

/** SPEC §4: a publication's posts split into pending ("Under review"), scheduled and published. */
export const PUBLICATION_QUEUES = ['pending', 'scheduled', 'published'] as const;
export type PublicationQueue = (typeof PUBLICATION_QUEUES)[number];

// GET /api/posts/publications/{id}/posts/{queue}?lastKey&limit: SPEC §7 names each answer's list.
export const publicationQueueQuerySchema = z.object({
  lastKey: cursorParamSchema,
  lastKeys: cursorParamSchema,
  limit: pageLimitSchema(10),
});
const lastKeyField = { lastKey: cursorSchema.nullable() };
export const pendingPostsSchema = z.object({ pendingPosts: z.array(storySummarySchema), ...lastKeyField });
export const scheduledPostsSchema = z.object({
  scheduledPosts: z.array(storySummarySchema),
  ...lastKeyField,
});
export const publishedPostsSchema = z.object({
  publishedPosts: z.array(storySummarySchema),
  ...lastKeyField,
});
