import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';
import { publications } from '../publications/publications.table';

// DESIGN §7: the home page's curated sets per (languageCode, countryCode).
export const CURATED_SET_KINDS = [
  'editor_pick',
  'popular_stories',
  'top_publications',
  'top_tags',
  'top_authors',
  'authors',
] as const;
export type CuratedSetKind = (typeof CURATED_SET_KINDS)[number];
export const PUBLICATION_STORY_SET_KINDS = ['devotion', 'trending'] as const;
export type PublicationStorySetKind = (typeof PUBLICATION_STORY_SET_KINDS)[number];

// Ordered ids (stories, publications, tag slugs or users, by kind). Arrays cannot carry foreign
// keys: readers hydrate them and skip ids that no longer resolve (deleted, banned).
export const curatedSets = pgTable(
  'curated_sets',
  {
    kind: text('kind', { enum: CURATED_SET_KINDS }).notNull(),
    languageCode: text('language_code').notNull(),
    countryCode: text('country_code').notNull(),
    itemIds: text('item_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.languageCode, t.countryCode] }),
    check(
      'curated_sets_kind_check',
      sql`${t.kind} in ('editor_pick', 'popular_stories', 'top_publications', 'top_tags', 'top_authors', 'authors')`,
    ),
  ],
);

// Publication devotion and publication trending: ordered story ids per publication.
export const publicationStorySets = pgTable(
  'publication_story_sets',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PUBLICATION_STORY_SET_KINDS }).notNull(),
    postIds: text('post_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.kind] }),
    check('publication_story_sets_kind_check', sql`${t.kind} in ('devotion', 'trending')`),
  ],
);

export type CuratedSetRow = typeof curatedSets.$inferSelect;
export type NewCuratedSetRow = typeof curatedSets.$inferInsert;
export type PublicationStorySetRow = typeof publicationStorySets.$inferSelect;
export type NewPublicationStorySetRow = typeof publicationStorySets.$inferInsert;
