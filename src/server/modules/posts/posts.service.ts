import type { Actor } from '../../auth/actor';
import { assertCan, can, isOutStatus } from '../../auth/policy';
import { conflict, notFound } from '../../lib/errors';
import { newStoryId } from '../../lib/ids';
import { slugify, tagSlug } from '../../../lib/slug';
import type { Tag, TagInput } from './posts-tags.schema';
import { replacePostTags } from './posts-tags.repository';
import {
  assertReadyToGoOut,
  loadVisibleStory,
  resolvePlacement,
  restingStatus,
  scheduledDate,
  type LoadedStory,
} from './posts-access.service';
import { prepareBody } from './posts-html';
import { getStoryAfterWrite, storyAfterWrite } from './posts-read.service';
import {
  deletePostRow,
  insertStory,
  updatePostIfVersion,
  type PostChanges,
  type StoryWritePart,
} from './posts.repository';
import type { CreatePostInput, CreateScheduledPostInput, Story, UpdatePostInput } from './posts.schema';
import { enqueuePublishDue } from './posts.queue';
import { storyContentSaved, storyDeleted, storyPublished } from './posts.events';
import type { PostStatus } from './posts.table';

// Creating, saving and deleting stories (DESIGN §3). State changes of an existing story are in
// posts-lifecycle.service.ts; who may do what is src/server/auth/policy/.

export type CreateMode = 'draft' | 'publish' | 'schedule';

const toTags = (input: readonly TagInput[] | undefined): Tag[] =>
  (input ?? []).map((tag) => ({ name: tag.name, slug: tagSlug(tag.name) }));
const tagsText = (list: readonly Tag[]) => list.map((tag) => tag.name).join(' ');

/**
 * POST /posts/new/{draft,publish,schedule}. A draft inside a publication where the writer may not
 * publish (a publication_author) is saved as pending: submitted for review. Publish and schedule
 * there are refused (403): the review is how such a writer's story gets out.
 */
export async function createPost(
  actor: Actor,
  mode: CreateMode,
  input: CreatePostInput & Partial<Pick<CreateScheduledPostInput, 'scheduledTime'>>,
): Promise<Story> {
  assertCan(actor, 'story.create');
  const me = actor!;
  const placement = await resolvePlacement(me, input.publicationId ?? null, input.collectionId ?? null);
  const resource = {
    authorId: me.id,
    status: 'draft' as const,
    publicationId: placement.publicationId,
    authorStatus: 'active' as const,
    hasExcerpt: input.excerpt.trim() !== '',
  };
  let status: PostStatus = restingStatus(me.id, placement.publicationId, placement.role);
  let publishedAt: Date | null = null;
  let scheduledTime: Date | null = null;
  if (mode !== 'draft') {
    assertCan(me, mode === 'publish' ? 'story.publish' : 'story.schedule', resource, {
      publicationRole: placement.role,
    });
    assertReadyToGoOut({ ...input, ...placement });
    if (mode === 'publish') {
      status = 'published';
      publishedAt = new Date();
    } else {
      status = 'scheduled';
      scheduledTime = scheduledDate(input.scheduledTime ?? 0);
    }
  }
  const body = prepareBody(input);
  const tagList = toTags(input.tags);
  const id = newStoryId();
  // The story comes back from its own insert (one statement with its tags), as stored.
  const row = await insertStory(
    {
      id,
      authorId: me.id,
      title: input.title,
      slug: slugify(input.title),
      excerpt: input.excerpt,
      ...body,
      featureImageUrl: input.featureImageUrl ?? null,
      tagsText: tagsText(tagList),
      status,
      publishedAt,
      scheduledTime,
      publicationId: placement.publicationId,
      collectionId: placement.collectionId,
      ...(input.languageCode && { languageCode: input.languageCode }),
    },
    tagList,
  );
  if (scheduledTime) await enqueuePublishDue(id, scheduledTime);
  await storyContentSaved.emit({ postId: id, actorId: me.id, created: true, status, republished: false });
  if (publishedAt) await storyPublished.emit({ postId: id, actorId: me.id });
  // The writer's role in the story's publication is the one resolvePlacement just read.
  return storyAfterWrite(me, row, placement.role);
}

const sameTags = (a: readonly Tag[], b: readonly Tag[]) =>
  a.length === b.length && a.every((tag, i) => tag.slug === b[i].slug && tag.name === b[i].name);

/** The content changes of a PATCH that differ from what is stored, and the new tags if they differ. */
async function contentChanges(
  actor: NonNullable<Actor>,
  { row, resource, role }: LoadedStory,
  input: UpdatePostInput,
) {
  const changes: PostChanges = {};
  if (input.title !== undefined && input.title !== row.title) {
    changes.title = input.title;
    changes.slug = slugify(input.title);
  }
  if (input.bodyJson !== undefined || input.bodyHtml !== undefined) {
    const body = prepareBody(input);
    if (body.bodyHtml !== row.bodyHtml || JSON.stringify(body.bodyJson) !== JSON.stringify(row.bodyJson)) {
      Object.assign(changes, body);
    }
  }
  if (input.featureImageUrl !== undefined && input.featureImageUrl !== row.featureImageUrl) {
    changes.featureImageUrl = input.featureImageUrl;
  }
  if (input.languageCode !== undefined && input.languageCode !== row.languageCode) {
    changes.languageCode = input.languageCode;
  }
  let tagList: Tag[] | undefined = toTags(input.tags);
  if (input.tags === undefined || sameTags(tagList, row.tags)) tagList = undefined;
  else changes.tagsText = tagsText(tagList);

  if (input.publicationId !== undefined || input.collectionId !== undefined) {
    const publicationId = input.publicationId !== undefined ? input.publicationId : row.publicationId;
    const collectionId =
      input.collectionId !== undefined
        ? input.collectionId
        : publicationId === row.publicationId
          ? row.collectionId
          : null;
    if (publicationId !== row.publicationId || collectionId !== row.collectionId) {
      // Only the author moves a story, and not while it is out (409); their role in the new
      // publication decides draft or review.
      if (publicationId !== row.publicationId) {
        assertCan(actor, 'story.move', resource, { publicationRole: role });
      }
      const placement = await resolvePlacement(actor, publicationId, collectionId, 'unprocessable');
      changes.publicationId = placement.publicationId;
      changes.collectionId = placement.collectionId;
      if (publicationId !== row.publicationId) {
        changes.status = restingStatus(row.authorId, placement.publicationId, placement.role);
        changes.rejectionReason = null;
      }
    }
  }
  return { changes, tagList };
}

/**
 * PATCH /posts/{id}: save content (publishedAt kept), or republish (publishedAt = now). `version`
 * must be the stored one: a stale save is refused (409) and overwrites nothing.
 */
export async function updatePost(actor: Actor, id: string, input: UpdatePostInput): Promise<Story> {
  const loaded = await loadVisibleStory(actor, id);
  const { row, resource, role } = loaded;
  const context = { publicationRole: role };
  const excerptChanged = input.excerpt !== undefined && input.excerpt !== row.excerpt;
  // Anonymous callers get no further than the permission checks below (401).
  const { changes, tagList } = actor
    ? await contentChanges(actor, loaded, input)
    : { changes: {} as PostChanges, tagList: undefined };
  const wantsUpdate =
    Object.keys(changes).length > 0 || tagList !== undefined || input.republish || input.submitForReview;
  if (wantsUpdate) assertCan(actor, 'story.update', resource, context);
  else if (!excerptChanged && !can(actor, 'story.editExcerpt', resource, context)) {
    // A save with nothing new still needs the right to save: a no-op is not a way to probe.
    assertCan(actor, 'story.update', resource, context);
  }
  if (excerptChanged) {
    // SPEC §5, docs/decisions/002: the author gives the story its excerpt while creating it; once it
    // has one, only site editors and admins change it.
    if (!can(actor, 'story.editExcerpt', resource, context)) {
      assertCan(actor, 'story.giveExcerpt', resource, context);
    }
    changes.excerpt = input.excerpt;
  }
  if (input.republish) {
    assertCan(actor, 'story.republish', resource, { publicationRole: role });
    changes.publishedAt = new Date();
  }
  if (input.submitForReview) {
    assertCan(actor, 'story.submitForReview', resource, context);
    changes.status = 'pending';
    changes.rejectionReason = null;
  }
  const next = { ...row, ...changes };
  if (isOutStatus(next.status)) assertReadyToGoOut(next);

  const stale = () =>
    conflict(
      'This story was changed elsewhere: reload it to get the latest version',
      `version: ${input.version} is not the current version`,
    );
  if (input.version !== row.version) throw stale();
  if (Object.keys(changes).length === 0 && tagList === undefined) return getStoryAfterWrite(actor, id);
  const retag: StoryWritePart | undefined = tagList && ((tx) => replacePostTags(tx, id, tagList));
  if (!(await updatePostIfVersion(id, input.version, changes, retag))) throw stale();
  await storyContentSaved.emit({
    postId: id,
    actorId: actor!.id,
    created: false,
    status: next.status,
    republished: input.republish === true,
  });
  return getStoryAfterWrite(actor, id);
}

/** DELETE /posts/{id}: gone from every page, list, pin and newsletter entry (DESIGN §3). */
export async function deletePost(actor: Actor, id: string): Promise<void> {
  const { row, resource, role } = await loadVisibleStory(actor, id);
  assertCan(actor, 'story.delete', resource, { publicationRole: role });
  if (!(await deletePostRow(id))) throw notFound('Story');
  await storyDeleted.emit({
    postId: id,
    actorId: actor!.id,
    authorId: row.authorId,
    publicationId: row.publicationId,
    title: row.title,
    slug: row.slug,
    status: row.status,
  });
}
