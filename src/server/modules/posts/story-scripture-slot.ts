import { processSlot } from '../../lib/process-slot';

// A story's scripture references as GET /api/posts/{id} carries them (issue 24;
// docs/decisions/046-stored-references.md). They are found and stored by the scripture module,
// which sits above the story core and may not be imported by it: the runtime puts the function that
// reads them here, as it puts the story page cache in its slot. A process without it (a script)
// answers none.

export type StoryScriptureRef = { osis: string; display: string };

export type StoryScriptureRefsReader = (postId: string, languageCode: string) => Promise<StoryScriptureRef[]>;

export const storyScriptureRefsSlot = processSlot<StoryScriptureRefsReader>('story-scripture-refs');

/** The story's passages in order of first appearance, written in its language ([] without a reader). */
export function storyScriptureRefs(postId: string, languageCode: string): Promise<StoryScriptureRef[]> {
  return storyScriptureRefsSlot.get()?.(postId, languageCode) ?? Promise.resolve([]);
}
