import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// The shared namespace of DESIGN §2 as one table: its primary key makes "exactly one of two people
// racing for a subdomain gets it" true across users and publications alike. users.subdomain and
// publications.subdomain are copies kept for reads.
//
// The namespace sits below its owners (users and publications claim through it, on their own
// transactions), so this file may not import their tables. Its two foreign keys name their targets
// through the key columns alone (docs/decisions/030-one-way-modules.md): the same constraint, the
// same drizzle-kit snapshot, and no import running back up the layers.
const ownerKey = (table: 'users' | 'publications') => pgTable(table, { id: uuid('id').primaryKey() }).id;

export const subdomains = pgTable(
  'subdomains',
  {
    subdomain: text('subdomain').primaryKey(),
    userId: uuid('user_id').references(() => ownerKey('users'), { onDelete: 'cascade' }),
    publicationId: uuid('publication_id').references(() => ownerKey('publications'), {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subdomains_one_owner', sql`(${t.userId} is null) <> (${t.publicationId} is null)`)],
);
