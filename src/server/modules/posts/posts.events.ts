import { defineEvent } from '../../lib/events';
import type { PostStatus } from './posts.table';

// What the posts module tells the modules built on it (src/server/lib/events.ts): revisions keep
// a story's history, webhooks tell a team's tools. Each is emitted after its write committed, by the
// one function that made the change; `actorId` is null when the scheduler acted.

/** A story's content was written: created, or saved with something new (republish included). */
export const storyContentSaved = defineEvent<{
  postId: string;
  actorId: string;
  created: boolean;
  status: PostStatus;
  /** The save also republished it (publishedAt = now). */
  republished: boolean;
}>('story.content-saved');

/** A story went out: published now (at creation or later), approved, or its schedule came due. */
export const storyPublished = defineEvent<{ postId: string; actorId: string | null }>('story.published');

/**
 * A published story became a draft again; unpublishing also takes it out of its publication, so
 * `publicationId` is the one it was in until then.
 */
export const storyUnpublished = defineEvent<{
  postId: string;
  actorId: string;
  publicationId: string | null;
}>('story.unpublished');

/** A story is gone; what it was, since its row is not there to read. */
export const storyDeleted = defineEvent<{
  postId: string;
  actorId: string;
  authorId: string;
  publicationId: string | null;
  title: string;
  slug: string;
  status: PostStatus;
}>('story.deleted');

/** A publication's owner or editor approved (published) or rejected a story submitted for review. */
export const storyReviewed = defineEvent<{
  postId: string;
  actorId: string;
  authorId: string;
  publicationId: string | null;
  outcome: 'approved' | 'rejected';
}>('story.reviewed');
