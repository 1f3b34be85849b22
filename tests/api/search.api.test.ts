import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { SOCKET_ADDRESS_HEADER } from '../../src/server/lib/client-address';
import { createPost, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 GET /posts/search?q&offset and GET /users/all_authors?q; issue 11 item 3: ranked full text
// with highlights, Chinese by a two-character word, hostile input never a 500, a per-address limit.

let db: Db;
let address = 0;
/** Each test searches from an address of its own, so the per-address limit is its own too. */
const newAddress = () => `198.51.100.${++address}`;
const get = (path: string, from: string) => call('GET', path, { headers: { [SOCKET_ADDRESS_HEADER]: from } });
const search = (q: string, from: string, offset?: number) =>
  get(`/api/posts/search?q=${encodeURIComponent(q)}${offset === undefined ? '' : `&offset=${offset}`}`, from);
// Random letters (a search term is a word). It was six hex characters with the digits made 'x':
// about 7 values a place, most of them 'x', so two tests of a run now and then shared a term.
const word = () =>
  `lumen${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

describe('search API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('finds a published story by a word of its body, with the word marked in a snippet', async () => {
    const term = word();
    const story = await createPost(db, { body: `Walking at dawn we found ${term} by the river.` });
    await createPost(db, { status: 'draft', body: `A draft with ${term} in it.` });
    const res = await search(term, newAddress());
    expect(res.status).toBe(200);
    expect(res.json.posts.map((p: { id: string }) => p.id)).toEqual([story.id]);
    expect(res.json.posts[0].highlight.snippet).toContain(`<mark>${term}</mark>`);
    expect(res.json.posts[0]).toMatchObject({ title: story.title, author: { id: story.authorId } });
    expect(res.json.nextOffset).toBeNull();
  });

  it('ranks a story whose title matches above ones that only mention the word many times', async () => {
    const term = word();
    const bodyOnly = await createPost(db, { body: `${term} ${term} ${term}. Again ${term}.` });
    const titled = await createPost(db, { title: `On ${term}`, body: 'Nothing else here.' });
    const res = await search(term, newAddress());
    expect(res.json.posts.map((p: { id: string }) => p.id)).toEqual([titled.id, bodyOnly.id]);
    expect(res.json.posts[0].highlight.title).toBe(`On <mark>${term}</mark>`);
  });

  it('finds a Chinese story by a two-character word, and not by the characters apart', async () => {
    const story = await createPost(db, { title: '晨祷', body: '我们在清晨一同祷告，信心使人得安慰与医治。' });
    const hit = await search('医治', newAddress());
    expect(hit.json.posts.map((p: { id: string }) => p.id)).toContain(story.id);
    const found = hit.json.posts.find((p: { id: string }) => p.id === story.id);
    expect(found.highlight.snippet).toContain('<mark>医治</mark>');
    expect(found.highlight.snippet).not.toMatch(/医 治|信 心/);
    const apart = await search('治医', newAddress());
    expect(apart.json.posts.map((p: { id: string }) => p.id)).not.toContain(story.id);
  });

  it('finds a three-character name only where its characters stand together', async () => {
    const together = await createPost(db, { title: '先知的故事', body: '以利亚在迦密山上祷告。' });
    // Both bigrams of the name (以利, 利亚) but never the name itself.
    const apart = await createPost(db, { title: '两个名字', body: '以利在殿中，利亚在田间。' });
    const ids = (await search('以利亚', newAddress())).json.posts.map((p: { id: string }) => p.id);
    expect(ids).toContain(together.id);
    expect(ids).not.toContain(apart.id);
  });

  it("leaves out banned writers' stories", async () => {
    const term = word();
    const banned = await createUser(db, { status: 'banned' });
    await createPost(db, { author: banned, body: `Hidden ${term}.` });
    expect((await search(term, newAddress())).json.posts).toEqual([]);
  });

  it('escapes what the writer typed: the only markup in a highlight is <mark>', async () => {
    const term = word();
    await createPost(db, {
      title: `<img src=x onerror=alert(1)> ${term}`,
      body: `${term} <script>alert(1)</script> & "quoted"`,
    });
    const [result] = (await search(term, newAddress())).json.posts;
    const markup = `${result.highlight.title} ${result.highlight.snippet}`.match(/<\/?[a-z]+/g);
    expect(new Set(markup)).toEqual(new Set(['<mark', '</mark']));
    expect(result.highlight.title).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // ts_headline drops what looks like a tag from a snippet; the rest comes escaped.
    expect(result.highlight.snippet).toContain('alert(1) &amp; &quot;quoted');
  });

  it('pages by offset, ten at a time, without repeats', async () => {
    const term = word();
    for (let i = 0; i < 12; i++) await createPost(db, { body: `Story ${i} about ${term}.` });
    const from = newAddress();
    const first = await search(term, from);
    expect(first.json.posts).toHaveLength(10);
    expect(first.json.nextOffset).toBe(10);
    const second = await search(term, from, 10);
    expect(second.json.posts).toHaveLength(2);
    expect(second.json.nextOffset).toBeNull();
    const ids = [...first.json.posts, ...second.json.posts].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(12);
  });

  it('answers empty and hostile queries with 200, too long ones and bad offsets with a clear 400', async () => {
    const from = newAddress();
    const empty = await search('', from);
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ posts: [], nextOffset: null });
    expect((await get('/api/posts/search', from)).status).toBe(200);
    for (const q of [
      "'",
      '%',
      '\\',
      '&|!:*()',
      'a:* & !b | (c',
      '"unclosed',
      '-',
      'or',
      '🙏🔥',
      '💡 light',
      '\uE000x',
    ]) {
      const res = await search(q, from);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.json.posts), q).toBe(true);
    }
    const long = await search('a'.repeat(1000), from);
    expect(long.status).toBe(400);
    expect(long.json.error.detail).toBe('q: Search text must be at most 200 characters');
    for (const offset of ['-1', 'abc', '1.5', '100000']) {
      const res = await get(`/api/posts/search?q=x&offset=${offset}`, from);
      expect(res.status, offset).toBe(400);
    }
  });

  it('limits searches per address: the 61st in a minute is a 429 with Retry-After', async () => {
    const from = newAddress();
    for (let i = 0; i < 60; i++) expect((await search('light', from)).status).toBe(200);
    const limited = await search('light', from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.json.error.message).toContain('Too many searches');
    expect((await search('light', newAddress())).status).toBe(200);
  });

  describe('GET /api/users/all_authors', () => {
    it('finds writers with a home by name or handle, only those with published stories', async () => {
      const tag = word();
      const writer = await createUser(db, { name: `Grace ${tag}`, subdomain: `g${tag}` });
      await createPost(db, { author: writer });
      const byHandle = await createUser(db, { name: 'Someone', subdomain: `h${tag}` });
      await createPost(db, { author: byHandle });
      const silent = await createUser(db, { name: `Silent ${tag}`, subdomain: `s${tag}` });
      await createPost(db, { author: silent, status: 'draft' });
      const banned = await createUser(db, { name: `Banned ${tag}`, subdomain: `b${tag}`, status: 'banned' });
      await createPost(db, { author: banned });

      const res = await get(`/api/users/all_authors?q=${tag}`, newAddress());
      expect(res.status).toBe(200);
      expect(res.json.authors.map((a: { id: string }) => a.id).sort()).toEqual(
        [writer.id, byHandle.id].sort(),
      );
      expect(res.json.authors.find((a: { id: string }) => a.id === writer.id)).toMatchObject({
        name: `Grace ${tag}`,
        subdomain: `g${tag}`,
        stories: 1,
      });
      const at = await get(`/api/users/all_authors?q=${encodeURIComponent(`@h${tag}`)}`, newAddress());
      expect(at.json.authors.map((a: { id: string }) => a.id)).toEqual([byHandle.id]);
    });

    it('treats % and _ as themselves and answers hostile text with 200', async () => {
      const from = newAddress();
      for (const q of ['%', '_', '\\', "'", '&|!', '🙏']) {
        const res = await get(`/api/users/all_authors?q=${encodeURIComponent(q)}`, from);
        expect(res.status, q).toBe(200);
        expect(res.json.authors, q).toEqual([]);
      }
      expect((await get(`/api/users/all_authors?q=${'a'.repeat(1000)}`, from)).status).toBe(400);
      expect((await get('/api/users/all_authors', from)).status).toBe(200);
    });
  });
});
