import type { Db } from '../db/client';
import {
  curatedSets,
  listPosts,
  lists,
  newsletterEntries,
  pins,
  postViewsDaily,
  publicationStorySets,
  subtopicPosts,
  subtopics,
  type CuratedSetKind,
  type NewPostRow,
} from '../db/schema';
import { newUuid } from '../lib/ids';
import { DEMO_PUBLICATIONS, DEMO_SUBTOPICS, DEMO_WRITERS } from './demo-content';
import { tagSlug } from '../../lib/slug';
import type { Rng } from './story-body';

const DAY = 86_400_000;

export type DemoContext = {
  rng: Rng;
  t0: number;
  uid: (key: string) => string;
  pubIds: Map<string, string>;
  published: NewPostRow[];
  storyTags: Map<string, string[]>;
};

/** The demo's page views, curated sets, publication sets, newsletter entries, subtopics and a list. */
export async function insertDemoDiscovery(db: Db, ctx: DemoContext): Promise<void> {
  const { rng, t0, uid, pubIds, published, storyTags } = ctx;
  // Seven days of page views, so "popular" has something to rank.
  const weight = new Map(published.map((r) => [r.id, rng.int(1, 10)]));
  const views = published.flatMap((r) =>
    Array.from({ length: 7 }, (_, d) => ({
      postId: r.id,
      day: new Date(t0 - d * DAY).toISOString().slice(0, 10),
      views: weight.get(r.id)! * rng.int(2, 12),
    })),
  );
  await db.insert(postViewsDaily).values(views);
  const totalViews = (id: string): number =>
    views.filter((v) => v.postId === id).reduce((n, v) => n + v.views, 0);

  // Curated sets per (language, country) and the publications' devotion and trending sets.
  const adminId = uid('admin');
  for (const [lang, country] of [
    ['en', 'US'],
    ['zh', 'CN'],
  ] as const) {
    const mine = published.filter((r) => r.languageCode === lang);
    const popular = [...mine].sort((a, b) => totalViews(b.id) - totalViews(a.id));
    const tagCounts = new Map<string, number>();
    for (const r of mine)
      for (const name of storyTags.get(r.id)!)
        tagCounts.set(tagSlug(name), (tagCounts.get(tagSlug(name)) ?? 0) + 1);
    const langWriters = DEMO_WRITERS.filter((w) => w.lang === lang).map((w) => uid(w.key));
    const otherWriters = DEMO_WRITERS.filter((w) => w.lang !== lang).map((w) => uid(w.key));
    const langPubs = DEMO_PUBLICATIONS.filter((p) => p.languageCode === lang).map((p) => pubIds.get(p.key)!);
    const otherPubs = DEMO_PUBLICATIONS.filter((p) => p.languageCode !== lang).map((p) => pubIds.get(p.key)!);
    const sets: [CuratedSetKind, string[]][] = [
      ['editor_pick', rng.sample(mine, 4).map((r) => r.id)],
      ['popular_stories', popular.slice(0, 6).map((r) => r.id)],
      ['top_publications', [...langPubs, ...otherPubs]],
      [
        'top_tags',
        [...tagCounts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([slug]) => slug),
      ],
      ['top_authors', [...langWriters, ...otherWriters]],
    ];
    await db.insert(curatedSets).values(
      sets.map(([kind, itemIds]) => ({
        kind,
        languageCode: lang,
        countryCode: country,
        itemIds,
        updatedBy: adminId,
      })),
    );
  }
  for (const p of DEMO_PUBLICATIONS) {
    const pubId = pubIds.get(p.key)!;
    const inPub = published.filter((r) => r.publicationId === pubId);
    await db.insert(publicationStorySets).values([
      {
        publicationId: pubId,
        kind: 'devotion' as const,
        postIds: rng.sample(inPub, 3).map((r) => r.id),
        updatedBy: adminId,
      },
      {
        publicationId: pubId,
        kind: 'trending' as const,
        postIds: rng.sample(inPub, 4).map((r) => r.id),
        updatedBy: adminId,
      },
    ]);
    // One story waiting in the publication's newsletter (unscheduled: nothing is mailed).
    const entryPost = inPub[0];
    if (entryPost) {
      await db.insert(newsletterEntries).values({
        newsletterId: newUuid(),
        publicationId: pubId,
        postId: entryPost.id,
        postTitle: entryPost.title,
        collectionId: entryPost.collectionId ?? null,
      });
    }
  }

  // Subtopics gather published stories by tag.
  for (const [slug, subtopicName, description, tag] of DEMO_SUBTOPICS) {
    const id = newUuid();
    await db.insert(subtopics).values({ id, slug, subtopicName, description });
    const chosen = published.filter((r) => storyTags.get(r.id)!.some((n) => tagSlug(n) === tag)).slice(0, 6);
    if (chosen.length > 0)
      await db
        .insert(subtopicPosts)
        .values(chosen.map((r, position) => ({ subtopicId: id, postId: r.id, position })));
  }

  // A reading list and a pinned story for the first writer.
  const grace = uid('grace');
  const listId = newUuid();
  await db
    .insert(lists)
    .values({ id: listId, ownerId: grace, listName: 'For anxious nights', privacyStatus: 'public' });
  const listed = published.filter((r) => r.languageCode === 'en').slice(0, 4);
  await db.insert(listPosts).values(listed.map((r) => ({ listId, postId: r.id })));
  const own = published.find((r) => r.authorId === grace);
  if (own) await db.insert(pins).values({ id: newUuid(), userId: grace, postId: own.id });
}
