import { storyContentSaved, storyPublished } from '../posts/posts.events';
import { keepPublishedStory, keepSavedStory } from './revisions.service';

// The story core tells of saves through its events (docs/decisions/030-one-way-modules.md); the
// history keeps a revision of each (docs/decisions/039-story-revisions.md). The runtime subscribes
// these in every process that starts it — the web server and the worker, where the scheduler
// publishes — and the test helpers, which start it too.

/**
 * Subscribes the history to the story events, once per process however often it is called (an
 * event holds each function once). Answers the removal, for a caller that wants them gone.
 */
export function listenForStorySaves(): () => void {
  const offSaved = storyContentSaved.on(keepSavedStory);
  const offPublished = storyPublished.on(keepPublishedStory);
  return () => {
    offSaved();
    offPublished();
  };
}
