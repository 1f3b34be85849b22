import { z } from 'zod';
import { STORY_ID_RE } from '../../lib/ids';
import { singleLineText } from '../../lib/plain-text';
import { LIST_NAME_MAX, LIST_NAME_TOO_LONG, LIST_PRIVACY } from './lists.limits';

// Inputs and answers of the list calls (SPEC §3 List, §5 Create list, §7 Lists; DESIGN §7).
// The dialogs use the same rules (lists.limits.ts: this file needs lib/ids, which is server-only) and types.

export {
  LIST_NAME_BLANK,
  LIST_NAME_MAX,
  LIST_NAME_TOO_LONG,
  LIST_PRIVACY,
  listNameLength,
  listNameProblem,
} from './lists.limits';
export type { ListPrivacy } from './lists.limits';

export const listIdSchema = z.string().uuid('Not a list id');
const storyIdParam = z.string().regex(STORY_ID_RE, 'Not a story id');

/**
 * The name as sent; the service trims it and refuses a blank or over-long one with a plain message
 * (SPEC §5: the client does not enforce the 60 characters, so the server's answer must read well).
 */
const listNameInput = singleLineText()
  .max(2000, LIST_NAME_TOO_LONG)
  // Not blank, stated as a keyword for the document; the service refuses a blank name with
  // LIST_NAME_BLANK, a message the dialog shows (docs/decisions/028-openapi-contract.md).
  .meta({ pattern: '\\S', description: `Trimmed; 1–${LIST_NAME_MAX} characters, not all spaces` });
const privacySchema = z.enum(LIST_PRIVACY).describe("'public': anyone may read it; 'private': only you");

// POST /api/lists/create — SPEC §7 {listName, privacyStatus}; privacy defaults to private (SPEC §5).
export const createListSchema = z.object({
  listName: listNameInput,
  privacyStatus: privacySchema.default('private'),
});
export type CreateListInput = z.infer<typeof createListSchema>;

// PATCH /api/lists/{id}?listName&privacyStatus — either or both.
export const updateListQuerySchema = z.object({
  listName: listNameInput.optional(),
  privacyStatus: privacySchema.optional(),
});
export type UpdateListInput = z.infer<typeof updateListQuerySchema>;

// POST and DELETE /api/lists/posts?listId&postId
export const listPostQuerySchema = z.object({ listId: listIdSchema, postId: storyIdParam });
// GET /api/lists/posts?postId
export const postIdQuerySchema = z.object({ postId: storyIdParam });

export const listOwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  subdomain: z.string().nullable(),
});

/** A list as every answer shows it (SPEC §3: listName, also name; createTimestamp in epoch ms). */
export const listSchema = z.object({
  id: z.string(),
  listName: z.string(),
  name: z.string(),
  privacyStatus: privacySchema,
  createTimestamp: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  owner: listOwnerSchema,
  /** Stories in the list that the caller may see. */
  postCount: z.number(),
  /** Feature images of the most recently added stories that have one (at most 3). */
  coverImages: z.array(z.string()),
});
export type List = z.infer<typeof listSchema>;

/** A list as the user's home shows it: public lists only. */
export type PublicListSummary = {
  id: string;
  listName: string;
  postCount: number;
  coverImages: string[];
};

export const listsAnswerSchema = z.object({ lists: z.array(listSchema) });
export type ListsAnswer = z.infer<typeof listsAnswerSchema>;

export const listIdsAnswerSchema = z.object({
  /** Ids of the caller's lists holding the story. */
  listIds: z.array(z.string()),
});
export type ListIdsAnswer = z.infer<typeof listIdsAnswerSchema>;

export const listEntrySchema = z.object({
  listId: z.string(),
  postId: z.string(),
  /** Whether the story is in the list after the call. */
  saved: z.boolean(),
});
export type ListEntry = z.infer<typeof listEntrySchema>;
