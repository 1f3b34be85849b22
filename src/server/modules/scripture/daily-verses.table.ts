import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';
import { DAILY_VERSE_LANGUAGES } from './daily-verses.limits';

// The verse of the day's staff list (issue 24 item 4; docs/decisions/049-verse-of-the-day.md): each
// row a passage staff typed, for English readers, Chinese readers or both; scheduled for one day
// (the site's day, UTC), or — with no day — in the rotation, ordered by position. A day with
// neither falls back to the yearly list shipped in daily-verses.yearly.ts.

export const dailyVerses = pgTable(
  'daily_verses',
  {
    id: uuid('id').primaryKey(),
    /** Normalised OSIS as the reference parser writes it: 'Ps.23.1', 'John.3.16-John.3.17'. */
    osis: text('osis').notNull(),
    /** 'both', 'en' or 'zh'. */
    language: text('language', { enum: DAILY_VERSE_LANGUAGES }).notNull().default('both'),
    /** The day it is the verse of ('YYYY-MM-DD', UTC); null: in the rotation. */
    scheduledFor: date('scheduled_for', { mode: 'string' }),
    /** Its place in the rotation (ascending; ties broken by creation, then id). */
    position: integer('position').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The day's choice reads the verses scheduled for it, and the rotation in order.
    index('daily_verses_scheduled_for_idx').on(t.scheduledFor),
    index('daily_verses_position_idx').on(t.position, t.createdAt, t.id),
    check('daily_verses_language_check', sql`${t.language} in ('both', 'en', 'zh')`),
  ],
);

export type DailyVerseRow = typeof dailyVerses.$inferSelect;
export type NewDailyVerseRow = typeof dailyVerses.$inferInsert;
