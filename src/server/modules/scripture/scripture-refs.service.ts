import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Actor } from '../../auth/actor';
import { isOutStatus, isScheduledStatus, readScopeOf, type StoryStatus } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { log } from '../../observability/logger';
import { touchSiteVersion } from '../page-cache/site-version.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StoryPage } from '../posts/posts.schema';
import { displayPassage } from './references/passage-display';
import {
  deleteStoryReferences,
  findCitingStoryKeys,
  findStoryReferences,
  findStoryText,
  findUnreadStories,
  hasUnreadStories,
  replaceStoryReferences,
  type ReplaceResult,
  type StoryText,
} from './scripture.repository';
import { collectStoryReferences, SCANNER_VERSION, scriptureLanguageOf } from './story-references';

// The references stored per story (docs/decisions/046-stored-references.md): read again after every
// save (scripture.listeners.ts), once for stories written before (the backfill, scripture.jobs.ts),
// and asked by the passage pages, their feed, search and GET /api/posts/{id}.

/** Out and not waiting for its time: on the passage pages, their feeds and search. */
const isShown = (status: StoryStatus) => isOutStatus(status) && !isScheduledStatus(status);

/** Reads one story's text and stores its passages; skipped when this version was read already. */
export async function readStoryReferences(postId: string): Promise<ReplaceResult | 'current'> {
  const story = await findStoryText(postId);
  if (!story) return 'gone';
  if (story.read?.postVersion === story.version && story.read.scannerVersion === SCANNER_VERSION) {
    return 'current';
  }
  const result = await storeReferences(story);
  // A published story's passages are on passage pages, their feeds and search, which the site's
  // version keeps (decision 026); no trigger sees these rows, so the version is moved here.
  if (result === 'changed' && isShown(story.status)) await touchSiteVersion();
  return result;
}

async function storeReferences(story: StoryText): Promise<ReplaceResult> {
  const { references, found } = await collectStoryReferences(story);
  return replaceStoryReferences({
    postId: story.id,
    postVersion: story.version,
    scannerVersion: SCANNER_VERSION,
    found,
    references,
  });
}

/** A deleted story's rows (its foreign keys take them too; this says so where the event is heard). */
export async function forgetStoryReferences(postId: string): Promise<void> {
  await deleteStoryReferences(postId);
}

/** Stories read per page of the backfill: their texts are what it holds in memory at once. */
export const BACKFILL_BATCH = 100;

export type BackfillProgress = {
  /** Stories read in this call. */
  read: number;
  /** Of those, stories whose stored passages changed. */
  changed: number;
  /** The last story id read: where the next call goes on. */
  lastId: string | null;
  /** Nothing left after lastId. */
  done: boolean;
};

/**
 * Reads the stories never read (written before this feature, by the demo seed, or missed when a
 * process died between a save and its listener), or read at an older version or by an older
 * scanner, in id order from `afterId`, a page of BACKFILL_BATCH at a time with a turn of the event
 * loop between stories, until `budgetMs` has passed: bounded in time and in memory per call.
 */
export async function readUnreadStoryReferences(
  options: { afterId?: string | null; budgetMs?: number; batch?: number } = {},
): Promise<BackfillProgress> {
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  const batch = options.batch ?? BACKFILL_BATCH;
  let lastId = options.afterId ?? null;
  let read = 0;
  let changed = 0;
  for (;;) {
    const stories = await findUnreadStories(SCANNER_VERSION, lastId, batch);
    let shownChanged = false;
    for (const story of stories) {
      lastId = story.id;
      read += 1;
      try {
        if ((await storeReferences(story)) === 'changed') {
          changed += 1;
          if (isShown(story.status)) shownChanged = true;
        }
      } catch (error) {
        // One story's failure does not stop the rest; the next backfill tries it again.
        log('scripture').error({ err: error, postId: story.id }, 'could not read the references of a story');
      }
      await nextTurn();
    }
    // Once per page, not per story: every listing is evicted by it.
    if (shownChanged) await touchSiteVersion();
    if (stories.length < batch) return { read, changed, lastId, done: true };
    if (Date.now() >= deadline) return { read, changed, lastId, done: false };
  }
}

/** Whether the backfill has anything to do. */
export function hasUnreadStoryReferences(): Promise<boolean> {
  return hasUnreadStories(SCANNER_VERSION);
}

export type StoryScriptureRef = { osis: string; display: string };

/** A story's passages in order of first appearance, written in the story's language. */
export async function scriptureRefsOfStory(
  postId: string,
  languageCode: string,
): Promise<StoryScriptureRef[]> {
  const language = scriptureLanguageOf(languageCode);
  const refs: StoryScriptureRef[] = [];
  for (const { osis } of await findStoryReferences(postId)) {
    const display = displayPassage(osis, language);
    if (display !== null) refs.push({ osis, display });
  }
  return refs;
}

/** Stories shown per page of a passage's list (API default, the passage page, its feed). */
export const PASSAGE_POSTS_LIMIT = 10;

/**
 * GET /api/scripture/{osis}/posts and the passage page: the published stories citing the passage or
 * one overlapping it, newest first, hydrated and checked like every other list. A banned writer's
 * stories are left out except for site admins.
 */
export async function listCitingStories(
  actor: Actor,
  range: { startKey: number; endKey: number },
  options: { lastKey?: string; limit: number },
): Promise<StoryPage> {
  const cursor = decodeCursor(options.lastKey);
  const keys = await findCitingStoryKeys({
    ...range,
    includeBannedWriters: readScopeOf(actor)?.seesBannedWriters ?? false,
    cursor,
    fetch: options.limit + 1,
  });
  const page = toPage(keys, options.limit, (key) => ({ t: key.publishedAt.getTime(), id: key.id }));
  const posts = await listVisibleStorySummaries(
    actor,
    page.items.map((key) => key.id),
  );
  return { posts, lastKey: page.lastKey };
}

/**
 * The newest published stories of active writers citing a passage overlapping the range, as ids
 * (search puts them above the stories that only hold the words).
 */
export async function citingStoryIds(
  range: { startKey: number; endKey: number },
  limit: number,
): Promise<string[]> {
  const keys = await findCitingStoryKeys({
    ...range,
    includeBannedWriters: false,
    cursor: null,
    fetch: limit,
  });
  return keys.map((key) => key.id);
}
