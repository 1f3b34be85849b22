import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/*
 * Sign-ups waiting for their address to be confirmed (docs/decisions/027-sign-up-by-mail.md): one row
 * per e-mail, replaced by a later sign-up with the same address. The mail's link carries a random
 * token; only its SHA-256 is kept, so the table never holds a usable link. The row goes when its link
 * creates the account, when the address turns out to be registered already (it gets a warning mail
 * instead), or when it expires.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: uuid('id').primaryKey(),
    /** Lower-cased, as accounts store it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** scrypt "salt:hash" of the password chosen at sign-up; the account takes it as it is. */
    passwordHash: text('password_hash').notNull(),
    /** SHA-256 (hex) of the token in the mail sent last; null until the mail is being sent. */
    tokenHash: text('token_hash'),
    /** When a sender took the row; a claim older than the lease is taken again (a sender died). */
    mailClaimedAt: timestamp('mail_claimed_at', { precision: 3, withTimezone: true }),
    mailSentAt: timestamp('mail_sent_at', { precision: 3, withTimezone: true }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { precision: 3, withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('pending_signups_email_key').on(t.email),
    uniqueIndex('pending_signups_token_hash_key').on(t.tokenHash),
    index('pending_signups_expires_at_idx').on(t.expiresAt),
  ],
);

export type PendingSignupRow = typeof pendingSignups.$inferSelect;
