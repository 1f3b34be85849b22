import { count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { verifyPassword } from '../auth/password';
import {
  collections,
  curatedSets,
  planDays,
  plans,
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
import { readStoredUpload } from '../modules/images/images.storage';

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
    expect(await total(collections)).toBe(6);
    expect(await total(publicationMembers)).toBe(6);
    expect(await total(subdomains)).toBe(9);
    // The anxiety topic and the seven site topics of migration 0004, one per demo publication, and
    // the demo reading plan's (decision 050).
    expect(await total(topics)).toBe(11);
    expect(await total(plans)).toBe(1);
    expect(await total(planDays)).toBeGreaterThanOrEqual(3);
    expect(await total(curatedSets)).toBe(10);

    const byStatus = await db
      .select({ status: posts.status, n: count() })
      .from(posts)
      .groupBy(posts.status)
      .orderBy(posts.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      draft: 6,
      pending: 4,
      published: 38, // 34 demo stories + the 4 guides of the header's Resources menu
      rejected: 2,
      scheduled: 4,
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

describe('seedDemo: the publications (issue 10)', () => {
  it('are real ones: stored logo and background, a claimed subdomain, every role, every story state', async () => {
    const { db } = await useTestDatabase();
    await seedDemo(db);
    const pubs = await db.select().from(publications).orderBy(publications.languageCode);
    expect(pubs.map((p) => p.languageCode)).toEqual(['en', 'zh']);
    for (const pub of pubs) {
      for (const url of [pub.image, pub.backgroundImage]) {
        // Served by /uploads/{name} like an upload: a WebP file in the uploads store.
        const name = /^\/uploads\/([0-9a-f]{32}\.webp)$/.exec(url ?? '')?.[1];
        expect(name, `${pub.subdomain}: ${url}`).toBeDefined();
        const file = await readStoredUpload(name!);
        expect((await sharp(file!.bytes).metadata()).format).toBe('webp');
      }
      const claims = await db.select().from(subdomains).where(eq(subdomains.subdomain, pub.subdomain));
      expect(claims).toEqual([expect.objectContaining({ publicationId: pub.id, userId: null })]);

      const members = await db
        .select()
        .from(publicationMembers)
        .where(eq(publicationMembers.publicationId, pub.id));
      const roleOf = new Map(members.map((m) => [m.userId, m.role]));
      expect(roleOf.get(pub.ownerId)).toBe('publication_owner');
      expect(new Set(roleOf.values())).toEqual(
        new Set(['publication_owner', 'publication_editor', 'publication_author']),
      );

      const cols = await db.select().from(collections).where(eq(collections.publicationId, pub.id));
      expect(cols.length).toBeGreaterThanOrEqual(2);
      const stories = await db.select().from(posts).where(eq(posts.publicationId, pub.id));
      expect(new Set(stories.map((s) => s.status))).toEqual(
        new Set(['draft', 'pending', 'rejected', 'scheduled', 'published']),
      );
      expect(new Set(stories.map((s) => s.languageCode))).toEqual(new Set([pub.languageCode]));
      for (const s of stories) {
        const role = roleOf.get(s.authorId);
        expect(cols.map((c) => c.id)).toContain(s.collectionId);
        // DESIGN §3: an author's story waits for review; owners and editors publish and schedule.
        if (s.status === 'pending' || s.status === 'rejected') expect(role).toBe('publication_author');
        else if (s.status !== 'published') expect(role).not.toBe('publication_author');
        else expect(role).toBeDefined();
        if (s.status === 'rejected') expect(s.rejectionReason).toBeTruthy();
        else expect(s.rejectionReason).toBeNull();
      }
      for (const c of cols) {
        const published = stories.filter((s) => s.collectionId === c.id && s.status === 'published');
        expect(published.length, c.name).toBeGreaterThanOrEqual(2);
      }
    }
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
