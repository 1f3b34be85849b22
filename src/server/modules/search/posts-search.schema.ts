import { z } from 'zod';
import { integerParam } from '../../lib/integer-param';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { storySummarySchema } from '../posts/posts.schema';

// GET /api/posts/search?q&offset (SPEC §7): offset pages of SEARCH_PAGE_SIZE stories.

export const SEARCH_PAGE_SIZE = 10;
/** Longer queries are refused (400): no reader types more, and each word is one more index probe. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_QUERY_TOO_LONG = `Search text must be at most ${SEARCH_QUERY_MAX} characters`;
/** Deep pages are refused: offset paging reads every skipped row again. */
export const SEARCH_OFFSET_MAX = 990;

/**
 * What a reader typed, made safe for the database: control characters (NUL is refused by
 * PostgreSQL), private-use characters (the highlight marks) and lone surrogates are dropped.
 */
export function cleanSearchText(raw: string): string {
  return raw
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ' ')
    .replace(/[\u0000-\u001f\u007f\ue000-\uf8ff\ufffd]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const searchTextSchema = z
  .string()
  .default('')
  .transform(cleanSearchText)
  .pipe(z.string().max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG));

export const searchQuerySchema = z.object({
  q: searchTextSchema.describe('Words to find; quotes, or and -word as on search engines'),
  offset: integerParam(
    z
      .number()
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(SEARCH_OFFSET_MAX, `offset must be at most ${SEARCH_OFFSET_MAX}`),
  ).default(0),
});

export const searchResultSchema = storySummarySchema.extend({
  highlight: z.object({
    /** The title as HTML: escaped text, the query's words in <mark>. */
    title: z.string(),
    /** Up to two passages of the body around the hits, the same way. */
    snippet: z.string(),
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = z.object({
  posts: z.array(searchResultSchema),
  /** Send back as ?offset for the next page; null on the last page. */
  nextOffset: z.number().nullable(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

// GET /api/posts/search_all (issue 13, SPEC §6 "Search all posts"): site admins find any story —
// drafts, scheduled, pending and rejected ones too — by words, status, language and writer; newest
// created first, keyset pages.
export const staffSearchQuerySchema = z.object({
  q: searchTextSchema.describe('Words to find (optional)'),
  status: z.enum(['draft', 'pending', 'rejected', 'scheduled', 'published']).optional(),
  languageCode: z
    .string()
    .regex(/^[a-z]{2}$/, 'Not a language code')
    .optional(),
  authorId: z.string().uuid('Not a user id').optional().describe('Only this writer’s stories'),
  lastKey: cursorParamSchema,
  limit: pageLimitSchema(20),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;
