// posts.in_newsletter is the story core's copy of "a newsletter entry holds this story"
// (StorySummary.isInNewsletter), kept by migration 0012's triggers so the core never reads the
// newsletters' table (docs/decisions/030-one-way-modules.md). Every way an entry comes or goes —
// added, removed, the story unpublished or deleted, its publication deleted — must leave the copy
// true exactly when an entry holds the story, and must not fail the statement that caused it.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { newsletterEntries, posts, publications } from '../../src/server/db/schema';
import { createNewsletterEntry, createPost, createPublication, createUser } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

const copyOf = async (postId: string) =>
  (await db.select({ inNewsletter: posts.inNewsletter }).from(posts).where(eq(posts.id, postId)))[0]
    ?.inNewsletter;

async function storyInPublication() {
  const author = await createUser(db);
  const publication = await createPublication(db, { owner: author });
  const post = await createPost(db, { author, publication });
  return { author, publication, post };
}

describe('posts.in_newsletter', () => {
  it('follows entries added and removed', async () => {
    const { publication, post } = await storyInPublication();
    expect(await copyOf(post.id)).toBe(false);
    const entry = await createNewsletterEntry(db, { publication, post });
    expect(await copyOf(post.id)).toBe(true);
    await db
      .update(newsletterEntries)
      .set({ status: 'sent' })
      .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(await copyOf(post.id)).toBe(true); // a sent entry still holds it
    await db.delete(newsletterEntries).where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(await copyOf(post.id)).toBe(false);
  });

  it('follows an entry moved to another story', async () => {
    const { publication, post } = await storyInPublication();
    const other = await createPost(db, { publication });
    const entry = await createNewsletterEntry(db, { publication, post });
    await db
      .update(newsletterEntries)
      .set({ postId: other.id })
      .where(eq(newsletterEntries.newsletterId, entry.newsletterId));
    expect(await copyOf(post.id)).toBe(false);
    expect(await copyOf(other.id)).toBe(true);
  });

  it('is cleared when unpublishing cancels the unsent entry, and kept for a failed send', async () => {
    const cancelled = await storyInPublication();
    await createNewsletterEntry(db, { publication: cancelled.publication, post: cancelled.post });
    await db.update(posts).set({ status: 'draft' }).where(eq(posts.id, cancelled.post.id));
    expect(await copyOf(cancelled.post.id)).toBe(false);

    const sending = await storyInPublication();
    await createNewsletterEntry(db, {
      publication: sending.publication,
      post: sending.post,
      status: 'sending',
    });
    await db.update(posts).set({ status: 'draft' }).where(eq(posts.id, sending.post.id));
    const [entry] = await db
      .select({ status: newsletterEntries.status })
      .from(newsletterEntries)
      .where(eq(newsletterEntries.postId, sending.post.id));
    expect(entry?.status).toBe('failed');
    expect(await copyOf(sending.post.id)).toBe(true);
  });

  it('lets a story with entries, and a publication with such stories, be deleted', async () => {
    const story = await storyInPublication();
    await createNewsletterEntry(db, { publication: story.publication, post: story.post, status: 'sending' });
    await db.delete(posts).where(eq(posts.id, story.post.id));
    expect(await copyOf(story.post.id)).toBeUndefined();

    const whole = await storyInPublication();
    await createNewsletterEntry(db, { publication: whole.publication, post: whole.post, status: 'sent' });
    await db.delete(publications).where(eq(publications.id, whole.publication.id));
    expect(await copyOf(whole.post.id)).toBeUndefined();
  });

  it('agrees with the entries on every story (the backfill and the triggers alike)', async () => {
    const [row] = (
      (await db.execute(sql`
        select count(*)::int as wrong from posts p
        where p.in_newsletter <> exists (select 1 from newsletter_entries e where e.post_id = p.id)`)) as unknown as {
        rows: { wrong: number }[];
      }
    ).rows;
    expect(row?.wrong).toBe(0);
  });
});
