import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tags } from '../posts/posts-tags.table';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';

// What a reader follows (issue 25): a writer, a publication or a tag. One column per kind, each a
// real foreign key, so a deleted writer, publication or tag takes its follows with it; a check keeps
// exactly one of them set.
export const FOLLOW_KINDS = ['user', 'publication', 'tag'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FOLLOW_KINDS }).notNull(),
    followedUserId: uuid('followed_user_id').references(() => users.id, { onDelete: 'cascade' }),
    followedPublicationId: uuid('followed_publication_id').references(() => publications.id, {
      onDelete: 'cascade',
    }),
    followedTagSlug: text('followed_tag_slug').references(() => tags.slug, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_user_key')
      .on(t.followerId, t.followedUserId)
      .where(sql`${t.followedUserId} is not null`),
    uniqueIndex('follows_publication_key')
      .on(t.followerId, t.followedPublicationId)
      .where(sql`${t.followedPublicationId} is not null`),
    uniqueIndex('follows_tag_key')
      .on(t.followerId, t.followedTagSlug)
      .where(sql`${t.followedTagSlug} is not null`),
    // The reader's own list, newest first.
    index('follows_follower_created_idx').on(t.followerId, t.createdAt, t.id),
    // Follower counts and "who follows X".
    index('follows_followed_user_idx').on(t.followedUserId),
    index('follows_followed_publication_idx').on(t.followedPublicationId),
    index('follows_followed_tag_idx').on(t.followedTagSlug),
    check(
      'follows_one_target_check',
      sql`(${t.kind} = 'user' and ${t.followedUserId} is not null and ${t.followedPublicationId} is null and ${t.followedTagSlug} is null)
        or (${t.kind} = 'publication' and ${t.followedPublicationId} is not null and ${t.followedUserId} is null and ${t.followedTagSlug} is null)
        or (${t.kind} = 'tag' and ${t.followedTagSlug} is not null and ${t.followedUserId} is null and ${t.followedPublicationId} is null)`,
    ),
    check('follows_not_self_check', sql`${t.followedUserId} is distinct from ${t.followerId}`),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
export type NewFollowRow = typeof follows.$inferInsert;
