'use client';

// A publication's devotion and trending stories (SPEC §3, §7 publication_devotion/_trending): two
// ordered sets chosen among the publication's published stories.
import { CURATED_SET_MAX } from '@/server/modules/curation/curation.limits';
import type { EditorItem } from '@/server/modules/curation/curation.service';
import { filterItems } from './finders';
import { OrderedSetEditor } from './ordered-set-editor';
import { putPublicationStories } from './staff-api';

type Props = {
  publicationId: string;
  devotion: EditorItem[];
  trending: EditorItem[];
  /** The publication's published stories: what the sets choose from. */
  candidates: EditorItem[];
};

export function PublicationSetsPanel({ publicationId, devotion, trending, candidates }: Props) {
  const find = filterItems(candidates);
  return (
    <>
      <OrderedSetEditor
        key={`devotion:${publicationId}`}
        title="Devotion"
        hint="The publication's devotion stories (the /dailydevotion page). Empty: its newest."
        initial={devotion}
        find={find}
        findLabel="Find one of its stories…"
        max={CURATED_SET_MAX}
        save={(ids) => putPublicationStories('devotion', publicationId, ids)}
      />
      <OrderedSetEditor
        key={`trending:${publicationId}`}
        title="Trending"
        hint="The publication's trending stories, shown on its page. Empty: none shown there."
        initial={trending}
        find={find}
        findLabel="Find one of its stories…"
        max={CURATED_SET_MAX}
        save={(ids) => putPublicationStories('trending', publicationId, ids)}
      />
    </>
  );
}
