import { z } from 'zod';
import { cursorSchema, pageLimitSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { storyIdSchema, storySchema } from '../posts/posts.schema';
import { POST_STATUSES } from '../posts/posts.table';
import { REVISION_KINDS } from './revisions.table';

// Inputs and answers of /api/posts/{id}/revisions (issue 23 item 4; docs/decisions/039). Times are
// epoch ms, as everywhere in the API.

export const revisionIdSchema = z.string().uuid('Not a revision id');

export const revisionParamsSchema = z.object({ id: storyIdSchema });
export const oneRevisionParamsSchema = z.object({ id: storyIdSchema, revisionId: revisionIdSchema });

// GET /api/posts/{id}/revisions?lastKey&limit
export const revisionListQuerySchema = z.object({
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(20),
});

// POST /api/posts/{id}/revisions/{revisionId}/restore
export const restoreRevisionSchema = z.object({
  version: z
    .number()
    .int()
    .min(1)
    .describe("The story's current version, as PATCH /api/posts/{id} takes it: a stale one answers 409"),
});
export type RestoreRevisionInput = z.infer<typeof restoreRevisionSchema>;

const revisionKindSchema = z
  .enum(REVISION_KINDS)
  .describe(
    "'edit': saves (autosaves folded together); 'publish': the story went out; 'restore': an older version brought back",
  );

/** Who saved it; null when the scheduler published it or nobody can be named. */
const revisionActorSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** A revision as the history lists it. */
export const revisionSummarySchema = z.object({
  id: z.string(),
  kind: revisionKindSchema,
  /** When this version was first kept. */
  createdAt: z.number(),
  /** The last save folded into it (later than createdAt when autosaves were coalesced). */
  updatedAt: z.number(),
  actor: revisionActorSchema,
  title: z.string(),
  status: z.enum(POST_STATUSES).describe("The story's state when this version was kept"),
  wordCount: z.number().int(),
  /** A 'restore': the revision it brought back (null otherwise, or once that one was pruned). */
  restoredFromId: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** A revision with all the content it kept. */
export const revisionSchema = revisionSummarySchema.extend({
  excerpt: z.string(),
  bodyHtml: z.string(),
  bodyJson: z.record(z.string(), z.unknown()),
  /** The story's tag names at the time, in order. */
  tags: z.array(z.string()),
  featureImageUrl: z.string().nullable(),
  languageCode: z.string(),
});
export type Revision = z.infer<typeof revisionSchema>;

export const revisionPageSchema = z.object({
  revisions: z.array(revisionSummarySchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type RevisionPage = z.infer<typeof revisionPageSchema>;

export const restoredRevisionSchema = z.object({
  /** The story as it is now, with its new version for the next save. */
  story: storySchema,
  /** The 'restore' revision the restore made. */
  revision: revisionSummarySchema,
  /**
   * Whether the excerpt was brought back too: once a story has an excerpt only site editors and
   * admins change it (SPEC §5), so its author's restore keeps the current one.
   */
  excerptRestored: z.boolean(),
});
export type RestoredRevision = z.infer<typeof restoredRevisionSchema>;
