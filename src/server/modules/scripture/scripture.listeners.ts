import { storyContentSaved, storyDeleted } from '../posts/posts.events';
import { forgetStoryReferences, readStoryReferences } from './scripture-refs.service';

// The story core tells of saves through its events, each emitted after its write committed
// (docs/decisions/030-one-way-modules.md); the stored references follow every one of them
// (docs/decisions/046-stored-references.md). The runtime subscribes these in every process that
// starts it — the web server, the worker (where the scheduler publishes and imports run) and the
// test helpers. A publish or unpublish changes no text: the story's stored passages already are
// what the pages need (they ask for published stories), and the save of a story created straight
// into publication is a storyContentSaved too. Such a change moves the story's version, so the
// hourly backfill reads the story once more and finds the same passages; a save costs one read
// and one statement, a publish nothing (decision 046).

// Module-level functions: an event holds each function once, so subscribing twice adds nothing.
const read = ({ postId }: { postId: string }) => readStoryReferences(postId).then(() => undefined);
const forget = ({ postId }: { postId: string }) => forgetStoryReferences(postId);

/** Subscribes the stored references to the story events, once per process; answers the removal. */
export function listenForStoryReferences(): () => void {
  const removals = [storyContentSaved.on(read), storyDeleted.on(forget)];
  return () => removals.forEach((remove) => remove());
}
