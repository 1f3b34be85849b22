import type { Actor } from '../../auth/actor';
import { assertCan, isScheduledStatus } from '../../auth/policy';
import { AppError, conflict } from '../../lib/errors';
import {
  assertReadyToGoOut,
  loadVisibleStory,
  publicationRoleOf,
  restingStatus,
  scheduledDate,
} from './posts-access.service';
import { getStoryAfterWrite } from './posts-read.service';
import { publishDuePosts, transitionPost, type PostChanges } from './posts.repository';
import type { RejectPostInput, SchedulePostInput, Story } from './posts.schema';
import { enqueuePublishDue } from './posts.queue';
import { storyPublished, storyReviewed, storyUnpublished } from './posts.events';
import type { PostStatus } from './posts.table';

// PATCH /posts/manage_posts/…: the state changes of DESIGN §3 after creation. Each checks the
// policy (wrong person 401/403, wrong state 409), then moves the story with a conditional UPDATE
// from the states it may leave, so a change made meanwhile by someone else is a 409 too.

async function move(
  actor: Actor,
  id: string,
  from: readonly PostStatus[],
  changes: PostChanges & { status: PostStatus },
): Promise<Story> {
  if (!(await transitionPost(id, from, changes))) {
    throw conflict('The story was changed meanwhile: reload it and try again');
  }
  return getStoryAfterWrite(actor, id);
}

const NOT_OUT: PostStatus[] = ['draft', 'pending', 'rejected', 'scheduled'];
const out = (publishedAt: Date) => ({
  status: 'published' as const,
  publishedAt,
  scheduledTime: null,
  rejectionReason: null,
});

/** publish_post: published now (publishing a pending story is approving it). */
export async function publishPost(actor: Actor, id: string): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.publish', resource, { publicationRole: role });
  assertReadyToGoOut(row);
  const story = await move(actor, id, NOT_OUT, out(new Date()));
  await storyPublished.emit({ postId: id, actorId: actor!.id });
  return story;
}

/** schedule_post: scheduled at the given minute; a scheduled story is rescheduled (its job moves). */
export async function schedulePost(actor: Actor, id: string, input: SchedulePostInput): Promise<Story> {
  if (input.id !== undefined && input.id !== id) {
    throw new AppError('validation_failed', 'Invalid input', 'id: does not match the address');
  }
  const { row, resource, role } = await loadVisibleStory(actor, id);
  const rescheduling = isScheduledStatus(row.status);
  assertCan(actor, rescheduling ? 'story.reschedule' : 'story.schedule', resource, { publicationRole: role });
  assertReadyToGoOut(row);
  const at = scheduledDate(input.scheduledTime);
  const from: PostStatus[] = rescheduling ? ['scheduled'] : ['draft', 'pending', 'rejected'];
  const story = await move(actor, id, from, {
    status: 'scheduled',
    scheduledTime: at,
    publishedAt: null,
    rejectionReason: null,
  });
  await enqueuePublishDue(id, at);
  return story;
}

/** cancel_schedule_post: back to draft, or to pending when its author may not publish there. */
export async function cancelScheduledPost(actor: Actor, id: string): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.cancelSchedule', resource, { publicationRole: role });
  const authorRole = await publicationRoleOf(row.authorId, row.publicationId);
  const status = restingStatus(row.authorId, row.publicationId, authorRole);
  return move(actor, id, ['scheduled'], { status, scheduledTime: null });
}

/** unpublish_post: a draft again, out of its publication and collection (SPEC §4). */
export async function unpublishPost(actor: Actor, id: string): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.unpublish', resource, { publicationRole: role });
  const story = await move(actor, id, ['published'], {
    status: 'draft',
    publishedAt: null,
    scheduledTime: null,
    publicationId: null,
    collectionId: null,
  });
  await storyUnpublished.emit({ postId: id, actorId: actor!.id, publicationId: row.publicationId });
  return story;
}

/** approve_post: the publication's owner or an editor publishes a story under review, now. */
export async function approvePost(actor: Actor, id: string): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.approve', resource, { publicationRole: role });
  assertReadyToGoOut(row);
  const story = await move(actor, id, ['pending'], out(new Date()));
  await storyPublished.emit({ postId: id, actorId: actor!.id });
  await storyReviewed.emit(reviewed(row, actor!.id, 'approved'));
  return story;
}

/** reject_post: the story under review goes back to its author, with the reason if one is given. */
export async function rejectPost(actor: Actor, id: string, input: RejectPostInput): Promise<Story> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.reject', resource, { publicationRole: role });
  const story = await move(actor, id, ['pending'], {
    status: 'rejected',
    rejectionReason: input.reason || null,
  });
  await storyReviewed.emit(reviewed(row, actor!.id, 'rejected'));
  return story;
}

function reviewed(
  row: { id: string; authorId: string; publicationId: string | null },
  actorId: string,
  outcome: 'approved' | 'rejected',
) {
  return { postId: row.id, actorId, authorId: row.authorId, publicationId: row.publicationId, outcome };
}

/**
 * Publishes every due scheduled story, or just `postId` if it is due: the scheduler's job and sweep
 * (posts.jobs.ts). Idempotent; answers the ids it published.
 */
export async function publishDueStories(postId?: string): Promise<string[]> {
  const published = await publishDuePosts(postId);
  for (const id of published) await storyPublished.emit({ postId: id, actorId: null });
  return published;
}
