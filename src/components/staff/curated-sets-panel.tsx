'use client';

// The curated sets of one (language, country) (SPEC §3, §7; DESIGN §7): the editor pick, popular
// stories, top publications, top tags, top authors and the authors set, each searched, added to,
// removed from and ordered by drag or keyboard, then saved with its PUT. An empty set falls back to
// the computed default on the home page.
import { useMemo } from 'react';
import type { StoryLanguage } from '@/lib/detect-language';
import { CURATED_SET_MAX } from '@/server/modules/curation/curation.limits';
import type { EditorItem } from '@/server/modules/curation/curation.service';
import { filterItems, findStoryItems, findWriterItems } from './finders';
import type { FindItems } from './item-picker';
import { OrderedSetEditor } from './ordered-set-editor';
import { putCuratedSet, type CuratedSetKind } from './staff-api';

type Props = {
  /** The sets are kept per story language (the PUTs' enum). */
  languageCode: StoryLanguage;
  countryCode: string;
  items: Record<CuratedSetKind, EditorItem[]>;
  candidates: { publications: EditorItem[]; tags: EditorItem[] };
};

const SETS: {
  kind: CuratedSetKind;
  title: string;
  hint: string;
  finder: 'stories' | 'writers' | 'publications' | 'tags';
}[] = [
  {
    kind: 'editor_pick',
    title: 'Editor pick',
    hint: 'The strip across the top of the home page.',
    finder: 'stories',
  },
  {
    kind: 'popular_stories',
    title: 'Popular stories',
    hint: 'Empty: the most viewed in 7 days.',
    finder: 'stories',
  },
  {
    kind: 'top_publications',
    title: 'Top publications',
    hint: 'Empty: those publishing the most.',
    finder: 'publications',
  },
  { kind: 'top_tags', title: 'Top tags', hint: 'Empty: the most used tags of the language.', finder: 'tags' },
  { kind: 'top_authors', title: 'Top authors', hint: 'Empty: the most read in 7 days.', finder: 'writers' },
  {
    kind: 'authors',
    title: 'Authors',
    hint: 'Writers to introduce to readers of this language and country.',
    finder: 'writers',
  },
];

const FIND_LABEL = {
  stories: 'Find a published story…',
  writers: 'Find a writer…',
  publications: 'Find a publication…',
  tags: 'Find a tag…',
} as const;

export function CuratedSetsPanel({ languageCode, countryCode, items, candidates }: Props) {
  const finders: Record<(typeof SETS)[number]['finder'], FindItems> = useMemo(
    () => ({
      stories: findStoryItems,
      writers: findWriterItems,
      publications: filterItems(candidates.publications),
      tags: filterItems(candidates.tags),
    }),
    [candidates],
  );
  return (
    <>
      {SETS.map((set) => (
        <OrderedSetEditor
          // A new (language, country) starts each editor afresh.
          key={`${set.kind}:${languageCode}:${countryCode}`}
          title={set.title}
          hint={set.hint}
          initial={items[set.kind]}
          find={finders[set.finder]}
          findLabel={FIND_LABEL[set.finder]}
          max={CURATED_SET_MAX}
          save={(ids) => putCuratedSet(set.kind, languageCode, countryCode, ids)}
        />
      ))}
    </>
  );
}
