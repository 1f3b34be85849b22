import { slugify, storyPath } from './slug';

// The platform's own guide articles: the header's Resources dropdown links to them (SPEC §2) and
// the first-run seed publishes them under these fixed ids, so the links work on every install.
export type Guide = { id: string; title: string; excerpt: string };

export const GUIDES: readonly Guide[] = [
  {
    id: 'guide-first-story-001',
    title: 'How to write your first story',
    excerpt: 'From a blank page to a published story: title, excerpt, tags and the Next button.',
  },
  {
    id: 'guide-publication-002',
    title: 'Starting a publication',
    excerpt: 'Gather writers around a shared calling: owners, editors, authors and collections.',
  },
  {
    id: 'guide-newsletters-003',
    title: 'Sending newsletters',
    excerpt: 'Bring a story to your subscribers’ inboxes, now or at a time you choose.',
  },
  {
    id: 'guide-readership-0004',
    title: 'Growing your readership',
    excerpt: 'Lists, tags, a personal address and a steady rhythm: how readers find you.',
  },
];

// The seed stores each guide's slug as slugify(title), like any story's.
export const guidePath = (guide: Guide): string => storyPath({ slug: slugify(guide.title), id: guide.id });
