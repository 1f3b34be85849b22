import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  curatedSets,
  postViewsDaily,
  publicationStorySets,
  subtopicPosts,
  subtopics,
  type CuratedSetKind,
  type CuratedSetRow,
  type PublicationStorySetKind,
  type PublicationStorySetRow,
  type SubtopicRow,
} from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';
import { uniqueSuffix } from './users';

type Ref = { id: string };

export async function createSubtopic(
  db: Db,
  input: { slug?: string; subtopicName?: string; description?: string; posts?: Ref[] } = {},
): Promise<SubtopicRow> {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(subtopics)
    .values({
      id: newUuid(),
      slug: input.slug ?? `subtopic-${suffix}`,
      subtopicName: input.subtopicName ?? `Subtopic ${suffix.slice(0, 4)}`,
      description: input.description ?? 'Stories gathered around one theme.',
    })
    .returning();
  const postsIn = input.posts ?? [];
  if (postsIn.length > 0) {
    await db
      .insert(subtopicPosts)
      .values(postsIn.map((p, position) => ({ subtopicId: row.id, postId: p.id, position })));
  }
  return row;
}

/** Sets (upserts) one curated set; defaults to the editor pick for (en, US). */
export async function setCuratedSet(
  db: Db,
  input: {
    itemIds: string[];
    kind?: CuratedSetKind;
    languageCode?: string;
    countryCode?: string;
    updatedBy?: Ref;
  },
): Promise<CuratedSetRow> {
  const values = {
    kind: input.kind ?? 'editor_pick',
    languageCode: input.languageCode ?? 'en',
    countryCode: input.countryCode ?? 'US',
    itemIds: input.itemIds,
    updatedBy: input.updatedBy?.id ?? null,
    updatedAt: new Date(),
  } as const;
  const [row] = await db
    .insert(curatedSets)
    .values(values)
    .onConflictDoUpdate({
      target: [curatedSets.kind, curatedSets.languageCode, curatedSets.countryCode],
      set: { itemIds: values.itemIds, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
    })
    .returning();
  return row;
}

export async function setPublicationStorySet(
  db: Db,
  input: { publication: Ref; kind: PublicationStorySetKind; postIds: string[] },
): Promise<PublicationStorySetRow> {
  const [row] = await db
    .insert(publicationStorySets)
    .values({ publicationId: input.publication.id, kind: input.kind, postIds: input.postIds })
    .onConflictDoUpdate({
      target: [publicationStorySets.publicationId, publicationStorySets.kind],
      set: { postIds: input.postIds, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** Adds page views to a story's counter for one UTC day ('YYYY-MM-DD', today by default). */
export async function addPostViews(
  db: Db,
  input: { post: Ref; views?: number; day?: string },
): Promise<void> {
  const views = input.views ?? 1;
  await db
    .insert(postViewsDaily)
    .values({ postId: input.post.id, day: input.day ?? new Date().toISOString().slice(0, 10), views })
    .onConflictDoUpdate({
      target: [postViewsDaily.postId, postViewsDaily.day],
      set: { views: sql`${postViewsDaily.views} + ${views}` },
    });
}
