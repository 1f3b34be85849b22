import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_ACTIONS } from './moderation.limits';
import { users } from './users.table';

export { MODERATION_ACTIONS, type ModerationAction } from './moderation.limits';

// The moderation log (issue 13): every ban and unban, and every site role granted or revoked — who
// did it, to whom, when, and the reason they gave. Rows are never changed; the staff area lists them
// newest first (keyset on (created_at, id)).

export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the staff member's account is gone, or for `npm run admin` (no one signed in). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The site role granted or revoked (grant_role, revoke_role). */
    role: text('role'),
    reason: text('reason').notNull().default(''),
    /** The response, report or story acted on (issue 25's actions); null for the others. */
    subjectId: text('subject_id'),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created_at_id_idx').on(t.createdAt, t.id),
    index('moderation_log_target_user_idx').on(t.targetUserId),
    check(
      'moderation_log_action_check',
      sql`${t.action} in ('ban', 'unban', 'grant_role', 'revoke_role', 'remove_response', 'restore_response', 'dismiss_report', 'unpublish_story')`,
    ),
  ],
);

export type ModerationLogRow = typeof moderationLog.$inferSelect;
export type NewModerationLogRow = typeof moderationLog.$inferInsert;
