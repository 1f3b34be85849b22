import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

// SPEC §9 and DESIGN §4: the owner is the creator; editors and authors are added by the owner.
export const PUBLICATION_ROLES = ['publication_owner', 'publication_editor', 'publication_author'] as const;
export type PublicationRole = (typeof PUBLICATION_ROLES)[number];

export const publications = pgTable(
  'publications',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Logo URL. */
    image: text('image'),
    description: text('description').notNull().default(''),
    /** Shares one namespace with user handles (DESIGN §2); the service checks both tables. */
    subdomain: text('subdomain').notNull(),
    languageCode: text('language_code').notNull().default('en'),
    newsletterDescription: text('newsletter_description'),
    backgroundImage: text('background_image'),
    hasNewsletters: boolean('has_newsletters').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_subdomain_key').on(t.subdomain),
    index('publications_owner_idx').on(t.ownerId),
    // GET /publications?languageCode — newest first, keyset.
    index('publications_language_created_at_id_idx').on(t.languageCode, t.createdAt, t.id),
  ],
);

export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_publication_created_at_id_idx').on(t.publicationId, t.createdAt, t.id)],
);

export const publicationMembers = pgTable(
  'publication_members',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PUBLICATION_ROLES }).notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.userId] }),
    index('publication_members_user_idx').on(t.userId),
    check(
      'publication_members_role_check',
      sql`${t.role} in ('publication_owner', 'publication_editor', 'publication_author')`,
    ),
  ],
);

export type PublicationRow = typeof publications.$inferSelect;
export type NewPublicationRow = typeof publications.$inferInsert;
export type CollectionRow = typeof collections.$inferSelect;
export type NewCollectionRow = typeof collections.$inferInsert;
export type PublicationMemberRow = typeof publicationMembers.$inferSelect;
export type NewPublicationMemberRow = typeof publicationMembers.$inferInsert;
