import { z } from 'zod';
import { cursorSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { STORY_ID_RE } from '../../lib/ids';
import { cleanMultiline } from '../../lib/plain-text';
import { safeString } from '../../lib/safe-string';

// Responses under a story (issue 25; docs/decisions/053-responses.md): plain text — never HTML, every
// page escapes it and links are made at render — with one level of replies. Shared by the routes, the
// OpenAPI document and the compose box.

/** A response's length, in characters, after its ends are trimmed. */
export const RESPONSE_TEXT_MAX = 5000;
/** Top-level responses per page, and the replies shown under each before "more replies". */
export const RESPONSES_PAGE_SIZE = 10;
export const REPLIES_SHOWN = 3;
export const REPLIES_PAGE_SIZE = 20;

// Control characters are refused (like every field, decision 016), then the text is tidied as an
// excerpt is: line breaks kept, at most one blank line, invisible characters dropped, ends trimmed.
const responseText = safeString()
  .overwrite(cleanMultiline)
  .min(1, 'Write something first')
  .max(RESPONSE_TEXT_MAX, `A response is at most ${RESPONSE_TEXT_MAX} characters`)
  .describe(
    `Plain text, 1–${RESPONSE_TEXT_MAX} characters after trimming; line breaks kept (at most one blank line), control characters refused. Never HTML: markup is stored and shown as the text it is; links and @handles are linked when shown.`,
  );

export const storyIdParams = z.object({ id: z.string().regex(STORY_ID_RE, 'Not a story id') });
export const responseIdParams = z.object({ id: z.uuid('Not a response id') });
export const publicationIdParams = z.object({ id: z.uuid('Not a publication id') });

// GET /api/posts/{id}/responses?lastKey · GET /api/responses/{id}/replies?lastKey
export const responsesQuerySchema = z.object({ lastKey: uuidCursorParamSchema });

// POST /api/posts/{id}/responses
export const createResponseSchema = z
  .object({
    text: responseText,
    parentId: z
      .uuid('Not a response id')
      .optional()
      .describe('For a reply: the top-level response it answers'),
  })
  .strict();
export type CreateResponseInput = z.infer<typeof createResponseSchema>;

// PATCH /api/responses/{id}
export const updateResponseSchema = z.object({ text: responseText }).strict();
export type UpdateResponseInput = z.infer<typeof updateResponseSchema>;

// POST /api/responses/{id}/hide
export const hideResponseSchema = z
  .object({ hidden: z.boolean().describe('true hides (site staff: removes), false shows it again') })
  .strict();
export type HideResponseInput = z.infer<typeof hideResponseSchema>;

// PUT /api/posts/{id}/responses/settings · PUT /api/publications/{id}/responses/settings
export const responsesSettingsBodySchema = z
  .object({ open: z.boolean().describe('false turns responses off') })
  .strict();
export type ResponsesSettingsInput = z.infer<typeof responsesSettingsBodySchema>;

export const responseCapabilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  hide: z.boolean(),
  remove: z.boolean(),
  report: z.boolean(),
});
export type ResponseCapabilities = z.infer<typeof responseCapabilitiesSchema>;

export const responseSchema = z
  .object({
    id: z.string(),
    postId: z.string(),
    parentId: z.string().nullable(),
    text: z.string(),
    /** Epoch ms. */
    createdAt: z.number(),
    editedAt: z.number().nullable(),
    author: z.object({
      id: z.string(),
      name: z.string(),
      /** Their handle (@subdomain), when they have one. */
      handle: z.string().nullable(),
      image: z.string().nullable(),
    }),
    /** Only the story's writer and editors (hidden) and site staff (removed) ever see these true. */
    hidden: z.boolean(),
    removed: z.boolean(),
    can: responseCapabilitiesSchema,
  })
  .meta({ id: 'Response' });
export type ResponseItem = z.infer<typeof responseSchema>;

export const topLevelResponseSchema = responseSchema
  .extend({
    /** The first replies, oldest first. */
    replies: z.array(responseSchema),
    /** Every reply shown to this reader; more than `replies` holds: page on with GET /responses/{id}/replies. */
    replyCount: z.number().int(),
    repliesLastKey: cursorSchema.nullable(),
  })
  .meta({ id: 'TopLevelResponse' });
export type TopLevelResponse = z.infer<typeof topLevelResponseSchema>;

export const responsesPageSchema = z.object({
  items: z.array(topLevelResponseSchema),
  lastKey: cursorSchema.nullable(),
  /** Every response and reply this reader is shown. */
  count: z.number().int(),
  /** Responses are open: neither the story nor its publication turned them off. */
  open: z.boolean(),
  signedIn: z.boolean(),
  can: z.object({ respond: z.boolean(), close: z.boolean() }),
});
export type ResponsesPage = z.infer<typeof responsesPageSchema>;

export const repliesPageSchema = z.object({
  items: z.array(responseSchema),
  lastKey: cursorSchema.nullable(),
});
export type RepliesPage = z.infer<typeof repliesPageSchema>;

export const hideResultSchema = z.object({ id: z.string(), hidden: z.boolean(), removed: z.boolean() });
export type HideResult = z.infer<typeof hideResultSchema>;

export const storyResponsesSettingsSchema = z.object({
  /** Responses are taken on this story. */
  open: z.boolean(),
  /** Turned off for this story by its writer or editors. */
  closedForStory: z.boolean(),
  /** Turned off for every story of its publication. */
  closedByPublication: z.boolean(),
});
export type StoryResponsesSettings = z.infer<typeof storyResponsesSettingsSchema>;

export const publicationResponsesSettingsSchema = z.object({ open: z.boolean() });
export type PublicationResponsesSettings = z.infer<typeof publicationResponsesSettingsSchema>;
