import { processSlot } from '../../lib/process-slot';
import { publicationDeleted } from '../publications/publications.events';

/**
 * The process's story page cache, as the story core needs it: to be emptied. The runtime makes the
 * cache (posts-page.cache.ts) and puts it here; a process without one (a script, the worker) has
 * nothing to empty.
 */
export const storyPageCacheSlot = processSlot<{ clear(): void }>('story-page-cache');

// A deleted publication took its stories with it. Only memory is at stake: the story page cache
// checks each story's fingerprint on every request, so a gone story's page is never served again,
// in this process or another (docs/decisions/006-story-page.md). The cache can only be emptied as a
// whole; deleting a publication is rare enough for that.
publicationDeleted.on(() => {
  storyPageCacheSlot.get()?.clear();
});
