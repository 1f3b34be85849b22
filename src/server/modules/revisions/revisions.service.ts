import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actor } from '../../auth/actor';
import { assertCan, can, isOutStatus, isScheduledStatus, type StoryStatus } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { conflict, notFound } from '../../lib/errors';
import { loadVisibleStory, type LoadedStory } from '../posts/posts-access.service';
import { updatePost } from '../posts/posts.service';
import {
  findRevision,
  findRevisionPage,
  keepNewRevision,
  keepRevision,
  type KeepPlan,
  type RevisionDetailRow,
  type RevisionSnapshot,
  type RevisionSummaryRow,
} from './revisions.repository';
import type {
  RestoredRevision,
  RestoreRevisionInput,
  Revision,
  RevisionPage,
  RevisionSummary,
} from './revisions.schema';
import type { PostRevisionRow, RevisionKind } from './revisions.table';

// A story's history (issue 23 item 4; docs/decisions/039-story-revisions.md): every save keeps a
// revision, autosaves coalesced; the author reads the history and restores a version from it.

/** Saves by one person within this long of the start of their latest 'edit' revision fold into it. */
export const COALESCE_WINDOW_MS = 10 * 60_000;
/** A story keeps its newest revisions up to this many; older ones are pruned as new ones come. */
export const REVISIONS_KEPT = 100;

const sameContent = (a: RevisionSnapshot, b: RevisionSnapshot) =>
  a.title === b.title &&
  a.excerpt === b.excerpt &&
  a.bodyHtml === b.bodyHtml &&
  JSON.stringify(a.bodyJson) === JSON.stringify(b.bodyJson) &&
  a.featureImageUrl === b.featureImageUrl &&
  a.languageCode === b.languageCode &&
  a.tags.length === b.tags.length &&
  a.tags.every((tag, i) => tag === b.tags[i]);

/**
 * The coalescing rule. A publish and a restore are always revisions of their own. An edit that
 * changed nothing the history shows (a move, a submission for review) adds nothing. An edit by the
 * same person within COALESCE_WINDOW_MS of the start of the newest revision, when that one is an
 * edit, updates it in place; anything else starts a new revision.
 */
export function planRevision(
  kind: RevisionKind,
  actorId: string | null,
  now: Date,
  latest: PostRevisionRow | null,
  snapshot: RevisionSnapshot,
): KeepPlan {
  if (kind !== 'edit' || !latest) return 'insert';
  if (sameContent(latest, snapshot)) return 'skip';
  const coalesce =
    latest.kind === 'edit' &&
    actorId !== null &&
    latest.actorId === actorId &&
    now.getTime() - latest.createdAt.getTime() < COALESCE_WINDOW_MS;
  return coalesce ? 'update' : 'insert';
}

/** Keeps the story's current content as a revision of `kind`; the id kept, or null if the story is gone. */
export async function keepStoryRevision(input: {
  postId: string;
  actorId: string | null;
  kind: RevisionKind;
  restoredFromId?: string;
  /** The story's first save: its history is empty, so the revision is a new one. */
  first?: boolean;
}): Promise<string | null> {
  const now = new Date();
  // planRevision keeps every publish and restore, and any first revision, as a new one: nothing to
  // read and compare first, so one round trip (the create-and-publish path, decision 058).
  if (input.kind !== 'edit' || input.first) {
    return keepNewRevision({ ...input, now, keep: REVISIONS_KEPT });
  }
  const kept = await keepRevision({
    ...input,
    now,
    keep: REVISIONS_KEPT,
    plan: (latest, snapshot) => planRevision(input.kind, input.actorId, now, latest, snapshot),
  });
  return kept?.id ?? null;
}

/** A restore under way in this async context: the save it makes is kept as its 'restore' revision. */
type Restoring = { postId: string; revisionId: string; actorId: string; keptId: string | null };
const restoring = new AsyncLocalStorage<Restoring>();

/**
 * What the listeners call after a save (storyContentSaved): the revision kind follows from what the
 * save was. A story created straight into publication gets its revision from the storyPublished
 * that follows, so the same content is not kept twice.
 */
export async function keepSavedStory(save: {
  postId: string;
  actorId: string;
  created: boolean;
  status: StoryStatus;
  republished: boolean;
}): Promise<void> {
  const restore = restoring.getStore();
  if (restore && restore.postId === save.postId) {
    restore.keptId = await keepStoryRevision({
      postId: save.postId,
      actorId: restore.actorId,
      kind: 'restore',
      restoredFromId: restore.revisionId,
    });
    return;
  }
  // Out and not waiting for its time: published now, and storyPublished is on its way.
  if (save.created && isOutStatus(save.status) && !isScheduledStatus(save.status)) return;
  await keepStoryRevision({
    postId: save.postId,
    actorId: save.actorId,
    kind: save.republished ? 'publish' : 'edit',
    first: save.created,
  });
}

/** What the listeners call when a story went out (storyPublished): every publish is kept. */
export async function keepPublishedStory(event: { postId: string; actorId: string | null }): Promise<void> {
  await keepStoryRevision({ postId: event.postId, actorId: event.actorId, kind: 'publish' });
}

function toSummary(row: RevisionSummaryRow): RevisionSummary {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    title: row.title,
    status: row.status,
    wordCount: row.wordCount,
    restoredFromId: row.restoredFromId,
  };
}

function toRevision(row: RevisionDetailRow): Revision {
  return {
    ...toSummary(row),
    excerpt: row.excerpt,
    bodyHtml: row.bodyHtml,
    bodyJson: row.bodyJson,
    tags: row.tags,
    featureImageUrl: row.featureImageUrl,
    languageCode: row.languageCode,
  };
}

/** The story, when this actor may see its history (a story they may not see at all is a 404). */
async function loadForHistory(
  actor: Actor,
  postId: string,
  action: 'story.viewRevisions' | 'story.restoreRevision',
): Promise<LoadedStory> {
  const loaded = await loadVisibleStory(actor, postId);
  assertCan(actor, action, loaded.resource, { publicationRole: loaded.role });
  return loaded;
}

async function getRevisionRowOrThrow(postId: string, revisionId: string): Promise<RevisionDetailRow> {
  const row = await findRevision(postId, revisionId);
  if (!row) throw notFound('Revision');
  return row;
}

/** GET /posts/{id}/revisions: the story's history, newest first, a page at a time. */
export async function listRevisions(
  actor: Actor,
  postId: string,
  query: { lastKey?: string; limit: number },
): Promise<RevisionPage> {
  const cursor = decodeCursor(query.lastKey);
  await loadForHistory(actor, postId, 'story.viewRevisions');
  const rows = await findRevisionPage(postId, cursor, query.limit);
  const page = toPage(rows, query.limit, (row) => ({ t: row.createdAt.getTime(), id: row.id }));
  return { revisions: page.items.map(toSummary), lastKey: page.lastKey };
}

/** GET /posts/{id}/revisions/{revisionId}: one version with all its content. */
export async function getRevision(actor: Actor, postId: string, revisionId: string): Promise<Revision> {
  await loadForHistory(actor, postId, 'story.viewRevisions');
  return toRevision(await getRevisionRowOrThrow(postId, revisionId));
}

/**
 * POST /posts/{id}/revisions/{revisionId}/restore: the revision's content saved as the story's,
 * through the same save as the editor's (updatePost: its rules, normaliser and sanitiser), the
 * story's state untouched (a published story stays published with the content). The excerpt comes
 * back only where the policy lets this actor change it. Nothing is lost: the content replaced is
 * already the newest revision (made so first if a save's revision went missing), and the restore
 * is a new revision of its own.
 */
export async function restoreRevision(
  actor: Actor,
  postId: string,
  revisionId: string,
  input: RestoreRevisionInput,
): Promise<RestoredRevision> {
  const { row, resource, role } = await loadForHistory(actor, postId, 'story.restoreRevision');
  const me = actor!;
  const revision = await getRevisionRowOrThrow(postId, revisionId);
  if (input.version !== row.version) {
    throw conflict(
      'This story was changed elsewhere: reload it to get the latest version',
      `version: ${input.version} is not the current version`,
    );
  }
  // A save whose revision was lost (its process died after the story was written) is kept now,
  // before the restore replaces it; unnamed, since who saved it is not known.
  await keepStoryRevision({ postId, actorId: null, kind: 'edit' });

  const context = { publicationRole: role };
  const excerptMayChange =
    revision.excerpt !== row.excerpt &&
    (can(me, 'story.editExcerpt', resource, context) || can(me, 'story.giveExcerpt', resource, context));
  const state: Restoring = { postId, revisionId, actorId: me.id, keptId: null };
  const story = await restoring.run(state, () =>
    updatePost(me, postId, {
      version: input.version,
      title: revision.title,
      ...(excerptMayChange && { excerpt: revision.excerpt }),
      // Stored from a story's own document, so a 'doc' (prepareBody normalises it again).
      bodyJson: { ...revision.bodyJson, type: 'doc' },
      featureImageUrl: revision.featureImageUrl,
      tags: revision.tags.map((name) => ({ name })),
      languageCode: revision.languageCode,
    }),
  );
  // Content already equal to the revision is not saved again, but the restore is still recorded.
  const keptId =
    state.keptId ??
    (await keepStoryRevision({ postId, actorId: me.id, kind: 'restore', restoredFromId: revisionId }));
  if (!keptId) throw notFound('Story');
  const kept = await getRevisionRowOrThrow(postId, keptId);
  return {
    story,
    revision: toSummary(kept),
    excerptRestored: story.excerpt === revision.excerpt,
  };
}
