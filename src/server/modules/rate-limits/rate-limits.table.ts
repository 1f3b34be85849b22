import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters for rate limits (sign-in, sign-up, uploads), shared by every app process.
// The key is `{rule name}:{subject}` — an account, a client address or a user id.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { precision: 3, withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
