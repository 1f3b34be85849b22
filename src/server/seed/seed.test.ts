import { count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import {
  collections,
  curatedSets,
  posts,
  postTags,
  publicationMembers,
  publications,
  subdomains,
  topics,
  toSearchQueryText,
  users,
} from '../db/schema';
import { useTestDatabase } from '../../../tests/helpers/test-db';
import { seedDemo } from './demo';
import { seedStories } from './generate';
import { countWords, readingMinutesFor } from '../modules/posts/posts-reading-time';
import { GUIDES } from '../../lib/guides';

describe('seedDemo', () => {
  it('fills an empty database once, then does nothing', async () => {
    const { db } = await useTestDatabase();
    const seeded = await seedDemo(db);
    expect(seeded?.adminEmail).toBe('admin@lamplight.local');
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@lamplight.local'));
    expect(admin.roles).toEqual(['admin']);
    expect(await verifyPassword(seeded!.adminPassword, admin.passwordHash)).toBe(true);
    expect(await seedDemo(db)).toBeNull();

    const total = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
    expect(await total(users)).toBe(7);
    expect(await total(publications)).toBe(2);
    expect(await total(collections)).toBe(4);
    expect(await total(publicationMembers)).toBe(6);
    expect(await total(subdomains)).toBe(9);
    expect(await total(topics)).toBe(7);
    expect(await total(curatedSets)).toBe(10);

    const byStatus = await db
      .select({ status: posts.status, n: count() })
      .from(posts)
      .groupBy(posts.status)
      .orderBy(posts.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      draft: 4,
      pending: 1,
      published: 47, // 43 demo stories + the 4 guides of the header's Resources menu
      scheduled: 2,
    });
    const guideRows = await db
      .select({ id: posts.id, status: posts.status })
      .from(posts)
      .where(
        inArray(
          posts.id,
          GUIDES.map((g) => g.id),
        ),
      );
    expect(guideRows.map((g) => g.status)).toEqual(GUIDES.map(() => 'published'));
    const stories = await db.select().from(posts);
    const now = Date.now();
    for (const s of stories) {
      expect(s.readingMinutes).toBe(readingMinutesFor(countWords(s.bodyText)));
      expect(s.bodyHtml).toContain('<p>');
      if (s.status === 'published') expect(now - s.publishedAt!.getTime()).toBeLessThan(60 * 86_400_000);
      if (s.status === 'scheduled') expect(s.scheduledTime!.getTime()).toBeGreaterThan(now);
    }
    expect(new Set(stories.map((s) => s.languageCode))).toEqual(new Set(['en', 'zh']));
    const tagsPerStory = await db
      .select({ n: count() })
      .from(postTags)
      .groupBy(postTags.postId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    expect(tagsPerStory[0].n).toBeLessThanOrEqual(5);
    const zhHits = await db
      .select({ n: count() })
      .from(posts)
      .where(sql`${posts.searchVector} @@ websearch_to_tsquery('simple', ${toSearchQueryText('信靠')})`);
    expect(zhHits[0].n).toBeGreaterThan(0);
  });
});

describe('seedStories', () => {
  it('creates writers when there are none and inserts the stories in batches', async () => {
    const { db } = await useTestDatabase();
    const result = await seedStories(db, { stories: 520, words: 120 });
    expect(result).toMatchObject({ stories: 520, writersCreated: 20, writers: 20 });
    const [{ n }] = await db.select({ n: count() }).from(posts);
    expect(n).toBe(520);
    const [{ avg }] = await db.select({ avg: sql<number>`avg(${posts.wordCount})::float` }).from(posts);
    expect(avg).toBeGreaterThan(100);
    expect(avg).toBeLessThan(180);
  });
});
