import { defineEvent } from '../../lib/events';
import type { FollowKind } from './follows.table';

// What the follows module tells the modules built on it (src/server/lib/events.ts): notifications
// tell a writer of a new follower. Emitted after the follow committed; not on a repeated follow.

/** A reader began to follow a writer, a publication or a tag. */
export const followCreated = defineEvent<{
  followerId: string;
  kind: FollowKind;
  /** A user's or a publication's id, or a tag's slug. */
  targetId: string;
}>('follow.created');
