import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { posts, postTags, tags, users } from '../../src/server/db/schema';
import { newStoryId } from '../../src/server/lib/ids';
import { createPost, createSubtopic, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// A tag's page through the API (SPEC §7): GET /api/posts/tag_posts/{slug} (first page),
// /api/posts/tag_posts/pagination/{tag_slug}?lastKey (the next ones) and GET /api/tags/{slug}.

let database: Database;
let db: Db;
const key = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids = (list: { id: string }[]) => list.map((story) => story.id);

/** Every page of the tag's stories, following lastKey until null. */
async function allPages(slug: string, limit: number, as?: string): Promise<string[][]> {
  const pages: string[][] = [];
  let res = await call('GET', `/api/posts/tag_posts/${encodeURIComponent(slug)}?limit=${limit}`, { as });
  for (;;) {
    expect(res.status).toBe(200);
    pages.push(ids(res.json.posts));
    if (!res.json.lastKey) return pages;
    expect(pages.length).toBeLessThan(20);
    res = await call(
      'GET',
      `/api/posts/tag_posts/pagination/${encodeURIComponent(slug)}?limit=${limit}&lastKey=${key(res.json.lastKey)}`,
      { as },
    );
  }
}

beforeAll(async () => {
  database = await useTestDatabase();
  db = database.db;
});

describe('tags API: a tag’s stories, page by page', () => {
  it('pages through the published stories newest first, without duplicates or gaps', async () => {
    const author = await createUser(db);
    const base = Date.now() - 1_000_000;
    const made: string[] = [];
    // Pairs share a publishedAt: the id breaks the tie.
    for (let i = 0; i < 13; i += 1) {
      const story = await createPost(db, {
        author,
        tags: ['Quiet Hope'],
        publishedAt: new Date(base + Math.floor(i / 2) * 1000),
      });
      made.push(story.id);
    }
    await createPost(db, { author, status: 'draft', tags: ['Quiet Hope'] });
    await createPost(db, { author, status: 'scheduled', tags: ['Quiet Hope'] });
    await createPost(db, { author, tags: ['Another Tag'] });

    const pages = await allPages('quiet-hope', 5);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 3]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(13);
    expect(new Set(seen)).toEqual(new Set(made));
    const rows = await db.select({ id: posts.id, publishedAt: posts.publishedAt }).from(posts);
    const at = new Map(rows.map((row) => [row.id, row.publishedAt?.getTime()]));
    const times = seen.map((id) => at.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers each story as every list does, with its tags carrying slugs', async () => {
    const story = await createPost(db, { tags: ['Morning Light', 'Psalms'] });
    const res = await call('GET', '/api/posts/tag_posts/morning-light');
    expect(res.status).toBe(200);
    expect(res.json.lastKey).toBeNull();
    expect(res.json.posts).toHaveLength(1);
    expect(res.json.posts[0]).toMatchObject({
      id: story.id,
      status: 'published',
      tags: [
        { name: 'Morning Light', slug: 'morning-light' },
        { name: 'Psalms', slug: 'psalms' },
      ],
    });
  });

  it('finds Chinese tags by their slug', async () => {
    const story = await createPost(db, { tags: ['信心'], languageCode: 'zh' });
    const res = await call('GET', `/api/posts/tag_posts/${encodeURIComponent('信心')}`);
    expect(res.status).toBe(200);
    expect(ids(res.json.posts)).toEqual([story.id]);
    const tag = await call('GET', `/api/tags/${encodeURIComponent('信心')}`);
    expect(tag.json).toMatchObject({ name: '信心', slug: '信心', storyCount: 1 });
  });

  it('leaves a banned writer’s stories out for everyone but site admins, and counts accordingly', async () => {
    const banned = await createUser(db, { status: 'banned' });
    const active = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const hidden = await createPost(db, { author: banned, tags: ['Lament'] });
    const shown = await createPost(db, { author: active, tags: ['Lament'] });
    expect(ids((await call('GET', '/api/posts/tag_posts/lament')).json.posts)).toEqual([shown.id]);
    expect((await call('GET', '/api/tags/lament')).json.storyCount).toBe(1);
    const asAdmin = await call('GET', '/api/posts/tag_posts/lament', { as: admin.id });
    expect(new Set(ids(asAdmin.json.posts))).toEqual(new Set([hidden.id, shown.id]));
    expect((await call('GET', '/api/tags/lament', { as: admin.id })).json.storyCount).toBe(2);
    // Unbanned, the story is back.
    await db.update(users).set({ status: 'active' }).where(eq(users.id, banned.id));
    expect((await call('GET', '/api/posts/tag_posts/lament')).json.posts).toHaveLength(2);
  });

  it('answers 404 for an unknown tag and an empty list for a tag whose stories are all gone', async () => {
    const unknown = await call('GET', '/api/posts/tag_posts/no-such-tag-anywhere');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 'not_found', message: 'Tag not found' });
    expect((await call('GET', '/api/tags/no-such-tag-anywhere')).status).toBe(404);
    expect(
      (await call('GET', `/api/posts/tag_posts/pagination/no-such-tag?lastKey=${key({ t: 1, id: 'x' })}`))
        .status,
    ).toBe(404);
    await db.insert(tags).values({ slug: 'emptied', name: 'Emptied' });
    const empty = await call('GET', '/api/posts/tag_posts/emptied');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ posts: [], lastKey: null });
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    await createPost(db, { tags: ['Cursor Check'] });
    for (const query of ['lastKey=not-json', `lastKey=${key({ t: 'x' })}`, 'limit=0', 'limit=51']) {
      const res = await call('GET', `/api/posts/tag_posts/pagination/cursor-check?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });

  it('GET /api/tags/{slug} gives the name, slug, story count and the subtopics holding its stories', async () => {
    const first = await createPost(db, { tags: ['Rest'] });
    const second = await createPost(db, { tags: ['Rest', 'Sabbath'] });
    const elsewhere = await createPost(db, { tags: ['Sabbath'] });
    const draft = await createPost(db, { status: 'draft', tags: ['Rest'] });
    const resting = await createSubtopic(db, {
      subtopicName: 'Resting Well',
      description: 'On rest.',
      posts: [second, first],
    });
    await createSubtopic(db, { subtopicName: 'Elsewhere', posts: [elsewhere] });
    // Only a draft with the tag: not a subtopic of it.
    await createSubtopic(db, { subtopicName: 'Drafty', posts: [draft] });
    const res = await call('GET', '/api/tags/rest');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Rest', slug: 'rest', storyCount: 2 });
    expect(res.json.subtopics).toEqual([
      {
        id: resting.id,
        slug: resting.slug,
        subtopicName: 'Resting Well',
        name: 'Resting Well',
        description: 'On rest.',
        createTimestamp: resting.createdAt.getTime(),
        storyCount: 2,
      },
    ]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a tag with thousands of stories (PGlite plan)',
  () => {
    const STORIES = 3000;

    it('finds the tag’s rows through post_tags_tag_post_idx and pages them without duplicates', async () => {
      const writers = [await createUser(db), await createUser(db)];
      const now = Date.now();
      await db.insert(tags).values([
        { slug: 'big-tag', name: 'Big Tag' },
        { slug: 'small-tag', name: 'Small Tag' },
      ]);
      for (let start = 0; start < STORIES * 2; start += 500) {
        const rows = Array.from({ length: 500 }, (_, j) => {
          const i = start + j;
          const at = new Date(now - i * 60_000);
          return {
            id: newStoryId(),
            authorId: writers[i % 2].id,
            title: `Story ${i}`,
            slug: `story-${i}`,
            status: 'published' as const,
            publishedAt: at,
            createdAt: at,
          };
        });
        await db.insert(posts).values(rows);
        await db
          .insert(postTags)
          .values(
            rows.map((row, j) => ({ postId: row.id, tagSlug: (start + j) % 2 ? 'small-tag' : 'big-tag' })),
          );
      }
      // A rare tag beside it: a handful of the same stories.
      const few = await db.select({ id: posts.id }).from(posts).where(eq(posts.title, 'Story 7'));
      await db.insert(tags).values({ slug: 'rare-tag', name: 'Rare Tag' });
      await db.insert(postTags).values(few.map((row) => ({ postId: row.id, tagSlug: 'rare-tag' })));
      await database.pglite!.exec('analyze');

      // The API's query (posts-tags.repository.ts), first page and a later one.
      const plan = async (slug: string, after: string) => {
        const [result] = await database.pglite!.exec(`explain
        select p.id, p.published_at from post_tags pt
          join posts p on p.id = pt.post_id join users u on u.id = p.author_id
         where pt.tag_slug = '${slug}' and p.status = 'published' and u.status = 'active' ${after}
         order by p.published_at desc, p.id desc limit 11`);
        return (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
      };
      const later = `and (p.published_at, p.id) < ('${new Date(now - 2000 * 60_000).toISOString()}'::timestamptz, 'zzz')`;
      for (const text of [await plan('big-tag', ''), await plan('big-tag', later)]) {
        // A common tag: stories newest first by their index, each checked against the tag's index
        // entry (either index of post_tags serves that probe: the planner picks), stopping at the
        // page's end. Nothing is sorted.
        expect(text).toMatch(/Index Scan Backward using posts_published_at_id_idx/);
        expect(text).toMatch(/Index Only Scan using post_tags_(tag_post_idx|post_id_tag_slug_pk)/);
        expect(text).not.toMatch(/Sort|Seq Scan/);
      }
      // A rare tag: its few entries from the tag's index, then a top-N of them.
      expect(await plan('rare-tag', '')).toMatch(/post_tags_tag_post_idx/);
      expect(await plan('rare-tag', '')).not.toMatch(/Seq Scan/);

      const first = await call('GET', '/api/posts/tag_posts/big-tag?limit=50');
      expect(first.status).toBe(200);
      let lastKey = first.json.lastKey;
      const seen = new Set(ids(first.json.posts));
      for (let page = 0; page < 5; page += 1) {
        const next = await call(
          'GET',
          `/api/posts/tag_posts/pagination/big-tag?limit=50&lastKey=${key(lastKey)}`,
        );
        for (const id of ids(next.json.posts)) {
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
        lastKey = next.json.lastKey;
      }
      expect(seen.size).toBe(300);
    });
  },
);
