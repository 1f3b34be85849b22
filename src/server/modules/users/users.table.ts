import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_subdomain_key').on(t.subdomain),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
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
