import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import type { Db } from './client';
import {
  collections,
  listPosts,
  lists,
  newsletterEntries,
  pins,
  postTags,
  posts,
  publicationMembers,
  publications,
  subdomains,
  topics,
  toCandidateQueryText,
  toSearchQueryText,
} from './schema';
import { useTestDatabase } from '../../../tests/helpers/test-db';
import {
  addPostToList,
  addPostViews,
  createDelivery,
  createList,
  createNewsletterEntry,
  createPin,
  createPost,
  createPublication,
  createSubscription,
  createSubtopic,
  createTopic,
  createUser,
  setCuratedSet,
  setPublicationStorySet,
} from '../../../tests/factories';

let db: Db;
beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('factories', () => {
  it('make a user with a hashed password and a claimed subdomain', async () => {
    const user = await createUser(db, { roles: ['admin'], password: 'letmein-123' });
    expect(user.roles).toEqual(['admin']);
    expect(user.password).toBe('letmein-123');
    expect(await verifyPassword('letmein-123', user.passwordHash)).toBe(true);
    const [claim] = await db.select().from(subdomains).where(eq(subdomains.subdomain, user.subdomain!));
    expect(claim.userId).toBe(user.id);
  });

  it('make a publication with its owner member and one collection', async () => {
    const publication = await createPublication(db, { name: 'Daily Bread Test' });
    const members = await db
      .select()
      .from(publicationMembers)
      .where(eq(publicationMembers.publicationId, publication.id));
    expect(members).toEqual([
      expect.objectContaining({ userId: publication.owner.id, role: 'publication_owner' }),
    ]);
    expect(publication.collection.publicationId).toBe(publication.id);
  });

  it('make stories in every status, with tags, lists, pins and newsletter rows', async () => {
    const publication = await createPublication(db);
    const author = await createUser(db);
    const post = await createPost(db, { author, publication, tags: ['Faith', 'Hope'] });
    expect(post).toMatchObject({ status: 'published', collectionId: publication.collection.id });
    expect(post.publishedAt).toBeInstanceOf(Date);
    expect(post.id).toHaveLength(21);
    const scheduled = await createPost(db, { author, status: 'scheduled' });
    expect(scheduled.scheduledTime!.getTime()).toBeGreaterThan(Date.now());
    const draft = await createPost(db, { author, status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    const linked = await db
      .select()
      .from(postTags)
      .where(eq(postTags.postId, post.id))
      .orderBy(postTags.position);
    expect(linked.map((t) => t.tagSlug)).toEqual(['faith', 'hope']);

    const list = await createList(db, { owner: author, posts: [post, draft] });
    await createPin(db, { user: author, post });
    await createPin(db, { user: author, post, list });
    const topic = await createTopic(db, { publication });
    const subscription = await createSubscription(db, { topic });
    const entry = await createNewsletterEntry(db, { publication, post, status: 'scheduled' });
    await createDelivery(db, { entry, subscription, status: 'sent' });
    await createSubtopic(db, { posts: [post, scheduled] });
    await setCuratedSet(db, {
      kind: 'editor_pick',
      itemIds: [post.id],
      languageCode: 'xx',
      countryCode: 'YY',
    });
    await setPublicationStorySet(db, { publication, kind: 'devotion', postIds: [post.id] });
    await addPostViews(db, { post, views: 3 });
    await addPostViews(db, { post, views: 2 });

    // A profile pin (list_id null) is unique too: NULLS NOT DISTINCT.
    await expect(createPin(db, { user: author, post })).rejects.toThrow();
    await expect(addPostToList(db, { list, post })).rejects.toThrow();
    expect(entry.status).toBe('scheduled');
  });
});

describe('constraints', () => {
  it('refuse a list name over 60 characters and a published story without publishedAt', async () => {
    await expect(createList(db, { listName: 'x'.repeat(61) })).rejects.toThrow();
    await expect(createPost(db, { status: 'published', publishedAt: null })).rejects.toThrow();
    await expect(createPost(db, { status: 'scheduled', scheduledTime: null })).rejects.toThrow();
  });

  it('deleting a publication removes its stories, collections, members and topic; nothing is orphaned', async () => {
    const publication = await createPublication(db);
    const post = await createPost(db, { author: publication.owner, publication });
    const list = await createList(db, { owner: publication.owner, posts: [post] });
    await createPin(db, { user: publication.owner, post, list });
    await createTopic(db, { publication });
    await createNewsletterEntry(db, { publication, post });
    await db.delete(publications).where(eq(publications.id, publication.id));

    expect(await db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await db.select().from(collections).where(eq(collections.publicationId, publication.id))).toEqual(
      [],
    );
    expect(await db.select().from(topics).where(eq(topics.publicationId, publication.id))).toEqual([]);
    expect(await db.select().from(listPosts).where(eq(listPosts.postId, post.id))).toEqual([]);
    expect(await db.select().from(pins).where(eq(pins.postId, post.id))).toEqual([]);
    expect(await db.select().from(newsletterEntries).where(eq(newsletterEntries.postId, post.id))).toEqual(
      [],
    );
    expect(await db.select().from(lists).where(eq(lists.id, list.id))).toHaveLength(1);
    expect(await db.select().from(subdomains).where(eq(subdomains.subdomain, publication.subdomain))).toEqual(
      [],
    );
  });

  it('deleting a collection keeps its stories, outside any collection', async () => {
    const publication = await createPublication(db);
    const post = await createPost(db, { author: publication.owner, publication });
    await db.delete(collections).where(eq(collections.id, publication.collection.id));
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ publicationId: publication.id, collectionId: null });
  });
});

describe('keyset pagination', () => {
  it('walks an author’s published stories newest first, ties broken by id', async () => {
    const author = await createUser(db);
    const base = Date.UTC(2025, 0, 1, 12);
    const times = [0, 1, 1, 1, 2, 3, 4].map((h) => new Date(base + h * 3_600_000));
    for (const publishedAt of times) await createPost(db, { author, publishedAt });
    await createPost(db, { author, status: 'draft' });

    const expected = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, author.id), eq(posts.status, 'published')))
      .orderBy(desc(posts.publishedAt), desc(posts.id));
    const seen: string[] = [];
    let cursor: { publishedAt: Date; id: string } | null = null;
    for (;;) {
      const after: SQL = cursor
        ? sql`(${posts.publishedAt}, ${posts.id}) < (${cursor.publishedAt}, ${cursor.id})`
        : sql`true`;
      const page: { id: string; publishedAt: Date | null }[] = await db
        .select({ id: posts.id, publishedAt: posts.publishedAt })
        .from(posts)
        .where(and(eq(posts.authorId, author.id), eq(posts.status, 'published'), after))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(2);
      seen.push(...page.map((p) => p.id));
      if (page.length < 2) break;
      const last = page[page.length - 1];
      cursor = { publishedAt: last.publishedAt!, id: last.id };
    }
    expect(seen).toEqual(expected.map((p) => p.id));
    expect(seen).toHaveLength(times.length);
  });

  it('serves the latest-published page from the ascending (published_at, id) index scanned backward', async () => {
    // A tiny test table has no useful statistics: forbid the alternatives to show the index fits
    // ORDER BY published_at DESC, id DESC with the row comparison as its condition (no sort step).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`explain select id from posts where status = 'published'
          and (published_at, id) < (now(), 'zzzzzzzzzzzzzzzzzzzzz') order by published_at desc, id desc limit 20`),
      );
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan Backward using posts_published_at_id_idx/);
    expect(text).toMatch(/Index Cond: \(ROW\(published_at, id\) < ROW/);
    expect(text).not.toContain('Sort');
  });
});

describe('full-text search', () => {
  it('turns Chinese runs into character phrases and leaves the rest alone', () => {
    expect(toSearchQueryText('医治')).toBe('"医 治"');
    expect(toSearchQueryText('grace 医治 -焦虑 or hope')).toBe('grace "医 治" -"焦 虑" or hope');
    expect(toSearchQueryText('"神的 恩典" peace')).toBe('" 神 的 恩 典 " peace');
    expect(toSearchQueryText('"still small voice"')).toBe('"still small voice"');
  });

  it('finds candidates by Chinese bigrams outside quotes, by phrases inside them and when negated', () => {
    expect(toCandidateQueryText('医治')).toBe('医治');
    expect(toCandidateQueryText('以利亚 grace')).toBe('以利 利亚 grace');
    expect(toCandidateQueryText('神 or hope')).toBe('"神" or hope');
    expect(toCandidateQueryText('grace -焦虑')).toBe('grace -"焦 虑"');
    expect(toCandidateQueryText('"神的 恩典" peace')).toBe('" 神 的 恩 典 " peace');
    expect(toCandidateQueryText('still small voice')).toBe('still small voice');
  });

  it('matches title, tags and body, title first (weights A > B > C)', async () => {
    const word = `zephyr${Date.now().toString(36)}`;
    const author = await createUser(db);
    const inBody = await createPost(db, {
      author,
      title: 'Morning prayer',
      body: `A quiet ${word} morning.`,
    });
    const inTitle = await createPost(db, { author, title: `The ${word} of grace` });
    const inTag = await createPost(db, { author, title: 'Evening psalm', tags: [word] });
    await createPost(db, { author, title: 'Unrelated story' });

    const query = sql`websearch_to_tsquery('simple', ${word})`;
    const hits = await db
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${posts.searchVector} @@ ${query}`)
      .orderBy(sql`ts_rank(${posts.searchVector}, ${query}) desc`, desc(posts.id));
    expect(hits.map((h) => h.id)).toEqual([inTitle.id, inTag.id, inBody.id]);

    const phrase = await db
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${posts.searchVector} @@ websearch_to_tsquery('simple', ${`"quiet ${word}" -grace`})`);
    expect(phrase.map((h) => h.id)).toEqual([inBody.id]);
  });

  it('finds Chinese words inside unspaced Chinese text, as phrases of characters', async () => {
    const author = await createUser(db);
    const marker = `m${Date.now().toString(36)}`;
    const healing = await createPost(db, {
      author,
      title: `医治有时来得很慢 ${marker}`,
      body: '关于慢性疾病、忍耐，以及那位一直同在的神。',
    });
    const other = await createPost(db, {
      author,
      title: `今天的礼物 ${marker}`,
      body: '明天自有明天的忧虑。',
    });
    const search = async (q: string): Promise<string[]> =>
      (
        await db
          .select({ id: posts.id })
          .from(posts)
          .where(
            sql`${posts.searchVector} @@ websearch_to_tsquery('simple', ${toSearchQueryText(`${marker} ${q}`)})`,
          )
          .orderBy(posts.id)
      ).map((r) => r.id);
    expect(await search('医治')).toEqual([healing.id]);
    expect(await search('忍耐')).toEqual([healing.id]);
    expect(await search('治医')).toEqual([]);
    expect(await search('明天 忧虑')).toEqual([other.id]);
    expect(await search('-医治')).toEqual([other.id]);
  });

  it('uses the GIN index', async () => {
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(
          sql`explain select id from posts where search_vector @@ websearch_to_tsquery('simple', 'grace')`,
        ),
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('posts_search_vector_idx');
  });
});
