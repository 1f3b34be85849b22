import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';

// The shared namespace of DESIGN §2 as one table: its primary key makes "exactly one of two people
// racing for a subdomain gets it" true across users and publications alike. users.subdomain and
// publications.subdomain are copies kept for reads.
export const subdomains = pgTable(
  'subdomains',
  {
    subdomain: text('subdomain').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subdomains_one_owner', sql`(${t.userId} is null) <> (${t.publicationId} is null)`)],
);
