import type { NewPostRow, PostStatus } from '../db/schema';
import { newStoryId } from '../lib/ids';
import { slugify } from '../../lib/slug';
import { DEMO_STORY_SOURCES } from './demo-content';
import { makeStoryBody, pickTags } from './sample-text';
import type { Rng } from './story-body';

const DAY = 86_400_000;
const minute = (t: number): Date => new Date(Math.floor(t / 60_000) * 60_000);

export type DemoStories = { rows: NewPostRow[]; storyTags: Map<string, string[]> };

/**
 * The demo's stories (DESIGN §11), English and Chinese: most published over the last 60 days, and in
 * each publication at least one of every state of DESIGN §3 — under review, rejected with the
 * editor's reason, scheduled in the future, drafts — so its studio has something in every list.
 */
export function buildDemoStories(
  rng: Rng,
  t0: number,
  uid: (key: string) => string,
  pubIds: Map<string, string>,
  collectionIds: Map<string, string[]>,
): DemoStories {
  const rows: NewPostRow[] = [];
  const storyTags = new Map<string, string[]>();
  let scheduledSoFar = 0;
  for (const source of DEMO_STORY_SOURCES) {
    const { lang, stories, authors, publication, inPublication, states } = source;
    const collections = collectionIds.get(publication)!;
    for (const [i, [title, excerpt]] of stories.entries()) {
      const state = states[i];
      const status: PostStatus = state?.status ?? 'published';
      const placed = inPublication.indexOf(i);
      const body = makeStoryBody(rng, lang, rng.int(350, 750));
      const publishedAt =
        status === 'published' ? new Date(t0 - Math.round((0.2 + rng.next() * 59.5) * DAY)) : null;
      const scheduledTime = status === 'scheduled' ? minute(t0 + (2 + 3 * scheduledSoFar++) * DAY) : null;
      const createdAt = new Date((publishedAt?.getTime() ?? t0 - DAY) - rng.int(1, 72) * 3_600_000);
      const id = newStoryId();
      storyTags.set(id, pickTags(rng, lang, 4));
      rows.push({
        id,
        authorId: uid(authors[i % authors.length]),
        title,
        excerpt,
        ...body,
        tagsText: storyTags.get(id)!.join(' '),
        slug: slugify(title),
        status,
        rejectionReason: state?.status === 'rejected' ? state.rejectionReason : null,
        publishedAt,
        scheduledTime,
        publicationId: placed >= 0 ? pubIds.get(publication)! : null,
        collectionId: placed >= 0 ? collections[placed % collections.length] : null,
        languageCode: lang,
        countryCode: lang === 'en' ? 'US' : 'CN',
        createdAt,
        updatedAt: publishedAt ?? createdAt,
      });
    }
  }
  return { rows, storyTags };
}
