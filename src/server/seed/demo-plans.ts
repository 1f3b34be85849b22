import type { Db } from '../db/client';
import { planDays, plans, topics, type NewPostRow } from '../db/schema';
import { newUuid } from '../lib/ids';

// The demo's reading plan (issue 24 item 5; docs/decisions/050-reading-plans.md): Daily Bread's
// "Morning Devotions" collection as a plan of its published stories, oldest first, each day with a
// passage to read alongside — so /plans/{id} and the publication admin's Reading plans have one.

/** A passage per day, as OSIS (what the owner's typed references are stored as). */
const PASSAGES = [
  ['Ps.23'],
  ['Matt.11.28-Matt.11.30'],
  ['John.14.27'],
  ['Phil.4.6-Phil.4.7'],
  ['Isa.40.31'],
  ['Lam.3.22-Lam.3.23'],
  ['Rom.8.28'],
];

export async function insertDemoPlans(
  db: Db,
  input: {
    publicationId: string;
    collectionId: string;
    ownerId: string;
    stories: readonly NewPostRow[];
    now: Date;
  },
): Promise<void> {
  const days = input.stories
    .filter((s) => s.status === 'published' && s.collectionId === input.collectionId && s.publishedAt)
    .sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime())
    .slice(0, PASSAGES.length);
  if (days.length === 0) return;
  const id = newUuid();
  const title = 'Seven Mornings with the Psalms and the Gospels';
  const topicId = newUuid();
  await db.insert(topics).values({ id: topicId, slug: `plan-${id}`, name: `Reading plan: ${title}` });
  await db.insert(plans).values({
    id,
    publicationId: input.publicationId,
    collectionId: input.collectionId,
    topicId,
    title,
    description: 'A story and a passage each morning for a week: begin the day with Scripture.',
    languageCode: 'en',
    createdBy: input.ownerId,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await db.insert(planDays).values(
    days.map((story, index) => ({
      planId: id,
      day: index + 1,
      postId: story.id!,
      passages: PASSAGES[index]!,
    })),
  );
}
