import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Site roles (DESIGN §4): 'admin', 'editor'; everyone else is a writer.
export const SITE_ROLES = ['admin', 'editor'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];
export const USER_STATUSES = ['active', 'banned'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** scrypt "salt:hash" (hex); null for accounts made through Google or Facebook only. */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    image: text('image'),
    description: text('description').notNull().default(''),
    /** Shared namespace with publications (DESIGN §2); unique case-insensitively via the lower-case rule. */
    subdomain: text('subdomain'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    preferLanguageCode: text('prefer_language_code').notNull().default('en'),
    showOnboarding: boolean('show_onboarding').notNull().default(true),
    /** Id at the external single-sign-on provider, when the account came from one (SPEC §3 ssoId). */
    ssoId: text('sso_id'),
    // Notification settings (issue 25; docs/decisions/055-notifications.md): each kind on unless
    // turned off; the daily e-mail digest off unless turned on.
    notifyFollower: boolean('notify_follower').notNull().default(true),
    notifyResponse: boolean('notify_response').notNull().default(true),
    notifyReply: boolean('notify_reply').notNull().default(true),
    notifyStoryApproved: boolean('notify_story_approved').notNull().default(true),
    notifyStoryRejected: boolean('notify_story_rejected').notNull().default(true),
    notifyMention: boolean('notify_mention').notNull().default(true),
    notificationDigest: boolean('notification_digest').notNull().default(false),
    // The digest's hour (0–23) in the reader's IANA time zone; 07:00 UTC for a reader who never chose.
    digestHour: smallint('digest_hour').notNull().default(7),
    digestTimeZone: text('digest_time_zone').notNull().default('UTC'),
    /**
     * When the reader's next digest falls due (their hour on their next local day), kept by the users
     * module as the settings change and moved on by the digest's scheduler; null while the digest is
     * off, or (digest on) until the scheduler has looked: then it counts as due.
     */
    digestDueAt: timestamp('digest_due_at', { precision: 3, withTimezone: true }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_subdomain_key').on(t.subdomain),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // The digest scheduler's cheap look: is anyone's digest due? (docs/decisions/055-notifications.md;
    // no due time yet counts as due, hence the expression — an OR with "is null" would read the table.)
    index('users_digest_due_idx')
      .on(sql`coalesce(${t.digestDueAt}, '-infinity'::timestamptz)`)
      .where(sql`${t.notificationDigest}`),
    check('users_digest_hour_check', sql`${t.digestHour} between 0 and 23`),
  ],
);

// OAuth links (Google, Facebook): one row per provider account.
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
