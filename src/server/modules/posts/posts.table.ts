import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';
import { collections, publications } from '../publications/publications.table';

// DESIGN §3: 'pending' is shown as "Under review".
export const POST_STATUSES = ['draft', 'pending', 'rejected', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Minimal ProseMirror document shape as stored (Tiptap's getJSON()). */
export type ProseMirrorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ProseMirrorNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
};

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// CJK ideographs (Unified, Extension A, Compatibility): searched one character at a time.
const CJK_CLASS = '[\\u3400-\\u9fff\\uf900-\\ufaff]';
const CJK_RUN = /(-?)([\u3400-\u9fff\uf900-\ufaff]+)/g;
const cjkSpaced = (expression: string): string =>
  `regexp_replace(${expression}, '(${CJK_CLASS})', ' \\1 ', 'g')`;

/**
 * The user's search text with each run of Chinese characters rewritten by `rewrite` (told whether
 * the run stands inside quotes, and whether a '-' negates it); Latin words, quotes and 'or' pass
 * through unchanged.
 */
function rewriteCjkRuns(
  query: string,
  rewrite: (chars: string[], run: { quoted: boolean; minus: string }) => string,
): string {
  return query
    .split('"')
    .map((part, i) =>
      part.replace(CJK_RUN, (_, minus: string, run: string) =>
        rewrite([...run], { quoted: i % 2 === 1, minus }),
      ),
    )
    .join('"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A run of characters as a phrase of single characters, or spaced out inside an existing phrase. */
const asPhrase = (chars: string[], { quoted, minus }: { quoted: boolean; minus: string }) =>
  quoted ? `${minus} ${chars.join(' ')} ` : ` ${minus}"${chars.join(' ')}" `;

/**
 * The user's search text made ready for websearch_to_tsquery('simple', …) against search_vector:
 * a run of Chinese characters becomes a phrase of single characters ('医治' → '"医 治"'), inside an
 * already quoted phrase just spaced out ('-信心' stays a negation).
 */
export function toSearchQueryText(query: string): string {
  return rewriteCjkRuns(query, asPhrase);
}

/**
 * The same search text for finding candidates in post_search, whose vectors also hold every pair of
 * adjacent ideographs (migration 0009): a run outside quotes becomes its bigrams, all required
 * ('以利亚' → '以利 利亚'), which the GIN index checks exactly, where a phrase needs each story's
 * vector read. Quoted, negated and single-character runs stay phrases. The bigrams of a run of three
 * or more can match stories without the whole run: the candidates are checked against
 * toSearchQueryText's query before they are ranked.
 */
export function toCandidateQueryText(query: string): string {
  return rewriteCjkRuns(query, (chars, run) =>
    run.quoted || run.minus || chars.length === 1
      ? asPhrase(chars, run)
      : ` ${chars
          .slice(1)
          .map((char, k) => `${chars[k]}${char}`)
          .join(' ')} `,
  );
}

export const posts = pgTable(
  'posts',
  {
    /** 21-character nanoid (DESIGN §2), made by newStoryId(). */
    id: text('id').primaryKey(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    bodyJson: jsonb('body_json')
      .$type<ProseMirrorNode>()
      .notNull()
      .default(sql`'{"type":"doc","content":[]}'::jsonb`),
    /** Sanitised on write (DESIGN §9); pages render it as is. */
    bodyHtml: text('body_html').notNull().default(''),
    /** Plain text of the body, kept by the app beside bodyJson; feeds the search vector (weight C). */
    bodyText: text('body_text').notNull().default(''),
    /** Tag names joined by spaces, kept by the app in step with post_tags; search weight B. */
    tagsText: text('tags_text').notNull().default(''),
    featureImageUrl: text('feature_image_url'),
    /** The story's original address elsewhere, for <link rel="canonical"> (an import asked for it). */
    canonicalUrl: text('canonical_url'),
    /** Title slug for /stories/{slug}-{id}; an outdated slug redirects to the current one. */
    slug: text('slug').notNull().default(''),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    publishedAt: timestamp('published_at', { precision: 3, withTimezone: true }),
    scheduledTime: timestamp('scheduled_time', { precision: 3, withTimezone: true }),
    // DESIGN: deleting a publication deletes its articles.
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    languageCode: text('language_code').notNull().default('en'),
    countryCode: text('country_code'),
    /**
     * Whether a newsletter entry holds the story (StorySummary.isInNewsletter). Newsletters build on
     * stories, so the story core does not read their table: migration 0012's triggers keep this copy
     * (docs/decisions/030-one-way-modules.md). The app never writes it.
     */
    inNewsletter: boolean('in_newsletter').notNull().default(false),
    /** Optimistic concurrency: every update bumps it; a stale version answers 409. */
    version: integer('version').notNull().default(1),
    wordCount: integer('word_count').notNull().default(0),
    readingMinutes: integer('reading_minutes').notNull().default(0),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    // DESIGN §1 search: title A, excerpt and tags B, body C, over the 'simple' configuration (no
    // stemming: English and Chinese alike). Chinese has no spaces, so each CJK character becomes a
    // token of its own; queries go through toSearchQueryText() to match. Raw column names because
    // the expression lives inside this table's own DDL.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          [
            ['title', 'A'],
            ['excerpt', 'B'],
            ['tags_text', 'B'],
            ['body_text', 'C'],
          ]
            .map(
              ([column, weight]) =>
                `setweight(to_tsvector('simple', ${cjkSpaced(`coalesce("${column}", '')`)}), '${weight}')`,
            )
            .join(' || '),
        ),
      ),
  },
  (t) => [
    // Keyset indexes are plain ascending (sort_time, id): PostgreSQL scans them backward for
    // ORDER BY … DESC with the row comparison (sort_time, id) < ($1, $2) (STACK-NOTES).
    index('posts_published_at_id_idx').on(t.publishedAt, t.id),
    // The home feed walks a language's published stories only: a partial index, so page 1 does not
    // step over the newest scheduled or unpublished stories. (Not the index above: partial, the
    // planner would prefer it to the publication index for a publication's list, filtering.)
    index('posts_language_published_at_id_idx')
      .on(t.languageCode, t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('posts_author_created_at_id_idx').on(t.authorId, t.createdAt, t.id),
    index('posts_author_published_at_id_idx').on(t.authorId, t.publishedAt, t.id),
    index('posts_publication_status_published_at_id_idx').on(t.publicationId, t.status, t.publishedAt, t.id),
    index('posts_publication_status_scheduled_time_id_idx').on(
      t.publicationId,
      t.status,
      t.scheduledTime,
      t.id,
    ),
    index('posts_publication_status_created_at_id_idx').on(t.publicationId, t.status, t.createdAt, t.id),
    index('posts_collection_published_at_id_idx').on(t.collectionId, t.publishedAt, t.id),
    // The scheduler sweep: status = 'scheduled' and scheduled_time <= now().
    index('posts_status_scheduled_time_idx').on(t.status, t.scheduledTime),
    // fastupdate off: no pending list, which PGlite (no autovacuum) would otherwise let grow until
    // the planner, costing it, turns searches into sequential scans. Stories are written rarely.
    index('posts_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('posts_id_length', sql`char_length(${t.id}) = 21`),
    check(
      'posts_status_check',
      sql`${t.status} in ('draft', 'pending', 'rejected', 'scheduled', 'published')`,
    ),
    // DESIGN §3: a published story has publishedAt, a scheduled one has scheduledTime.
    check('posts_published_has_time', sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check('posts_scheduled_has_time', sql`${t.status} <> 'scheduled' or ${t.scheduledTime} is not null`),
    check('posts_version_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * Search's own narrow copy of each published story (decision 022): its time, its vector and its
 * title's part of it, kept by triggers on posts (migration 0003) — never written by code. A search
 * over the wide posts rows (bodies in three forms) read ~19,000 heap pages for one common two-word
 * query at 100,000 stories; these rows are a few dozen bytes beside their vectors.
 */
export const postSearch = pgTable(
  'post_search',
  {
    postId: text('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { precision: 3, withTimezone: true }).notNull(),
    searchVector: tsvector('search_vector').notNull(),
    /** The title's lexemes (weight A of searchVector): a title match is found without the body. */
    titleVector: tsvector('title_vector').notNull(),
  },
  (t) => [
    index('post_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('post_search_title_vector_idx').using('gin', t.titleVector).with({ fastupdate: false }),
    index('post_search_published_at_idx').on(t.publishedAt, t.postId),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;
