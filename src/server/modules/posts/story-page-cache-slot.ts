import { processSlot } from '../../lib/process-slot';

/**
 * The process's story page cache, as the story core needs it: to be emptied (posts.service's
 * evictStoryPages). The runtime makes the cache (posts-page.cache.ts) and puts it here; a process
 * without one (a script, the worker) has nothing to evict.
 */
export const storyPageCacheSlot = processSlot<{ clear(): void }>('story-page-cache');
