import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { importItems, imports, postTags, posts } from '../../src/server/db/schema';
import { storyMetadata } from '../../src/components/story-page/story-seo';
import { env } from '../../src/server/lib/env';
import { getStoryPage } from '../../src/server/modules/posts/posts-page.service';
import { runImport } from '../../src/server/modules/imports/imports-run.service';
import { importsDir } from '../../src/server/modules/imports/imports.upload';
import { addPublicationMember, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 23 item 1, the import pipeline: upload → dry run → confirm → job → report, against a real
// database. The exports are WordPress WXR files written here in the format WordPress's exporter
// writes (wp-admin/includes/export.php); the format readers have their own tests.

let db: Db;

type WxrPost = {
  id: number;
  title: string;
  slug?: string;
  status?: 'publish' | 'draft' | 'private';
  type?: 'post' | 'page' | 'attachment';
  date?: string; // 'YYYY-MM-DD HH:MM:SS' GMT
  content?: string;
  excerpt?: string;
  tags?: string[];
  creator?: string;
  link?: string;
};

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** A WXR 1.2 file as WordPress exports it. */
function wxr(items: WxrPost[], authors: { login: string; email: string; name: string }[] = []): string {
  const body = items
    .map(
      (p) => `<item>
    <title>${cdata(p.title)}</title>
    <link>${p.link ?? `https://old.example.org/?p=${p.id}`}</link>
    <dc:creator>${cdata(p.creator ?? 'admin')}</dc:creator>
    <content:encoded>${cdata(p.content ?? `<p>Body of ${p.title}</p>`)}</content:encoded>
    <excerpt:encoded>${cdata(p.excerpt ?? '')}</excerpt:encoded>
    <wp:post_id>${p.id}</wp:post_id>
    <wp:post_date>${cdata(p.date ?? '2019-03-04 05:06:07')}</wp:post_date>
    <wp:post_date_gmt>${cdata(p.date ?? '2019-03-04 05:06:07')}</wp:post_date_gmt>
    <wp:post_name>${cdata(p.slug ?? `post-${p.id}`)}</wp:post_name>
    <wp:status>${cdata(p.status ?? 'publish')}</wp:status>
    <wp:post_type>${cdata(p.type ?? 'post')}</wp:post_type>
    <wp:post_password>${cdata('')}</wp:post_password>
    ${(p.tags ?? []).map((t, i) => `<category domain="${i % 2 ? 'post_tag' : 'category'}" nicename="t-${i}">${cdata(t)}</category>`).join('\n    ')}
  </item>`,
    )
    .join('\n  ');
  const people = authors
    .map(
      (a, i) =>
        `<wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.name)}</wp:author_display_name></wp:author>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
  xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title>
  <link>https://old.example.org</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example.org</wp:base_site_url>
  <wp:base_blog_url>https://old.example.org</wp:base_blog_url>
  ${people}
  ${body}
</channel>
</rss>
`;
}

/** The seven entries most tests import: four posts (one draft, one Chinese), a page, an attachment… */
const BLOG: WxrPost[] = [
  {
    id: 11,
    title: 'Grace for the morning',
    slug: 'grace-for-the-morning',
    date: '2014-05-06 07:08:09',
    tags: ['Faith', 'Hope', 'Love', 'Prayer', 'Psalms', 'Morning', 'Grace'],
    excerpt: 'A short word for the start of the day.',
    content:
      '<!-- wp:paragraph --><p>Morning has <strong>broken</strong>.</p><!-- /wp:paragraph --><script>alert(1)</script>',
  },
  { id: 12, title: 'Unfinished thoughts', slug: 'unfinished', status: 'draft', tags: ['Notes'] },
  {
    id: 13,
    title: '信心的功课',
    slug: '%e4%bf%a1%e5%bf%83',
    date: '2016-01-02 03:04:05',
    content: '<p>信心是所望之事的实底，是未见之事的确据。我们在主里面有平安。</p>',
    tags: ['信心'],
  },
  { id: 14, title: 'Walking in the light', slug: 'walking-in-the-light', date: '2020-12-24 18:00:00' },
  { id: 20, title: 'About me', type: 'page' },
];

async function form(file: { name: string; bytes: Uint8Array | string }, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.set('file', new Blob([file.bytes as BlobPart]), file.name);
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    rawBody: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function upload(
  as: string,
  file: { name: string; bytes: Uint8Array | string },
  fields: Record<string, string> = {},
) {
  return call('POST', '/api/imports', { as, ...(await form(file, fields)) });
}

const leftFiles = () => (existsSync(importsDir()) ? readdirSync(importsDir()) : []);
const postsOf = (authorId: string) =>
  db.select().from(posts).where(eq(posts.authorId, authorId)).orderBy(posts.publishedAt);
const tagsOf = async (postId: string) =>
  (
    await db
      .select({ slug: postTags.tagSlug })
      .from(postTags)
      .where(eq(postTags.postId, postId))
      .orderBy(postTags.position)
  ).map((row) => row.slug);

async function importAndRun(as: string, text: string, fields: Record<string, string> = {}) {
  const preview = await upload(as, { name: 'export.xml', bytes: text }, fields);
  expect(preview.status, preview.text).toBe(201);
  const [stored] = await db.select().from(imports).where(eq(imports.id, preview.json.id));
  expect(existsSync(stored.filePath!)).toBe(true);
  const confirm = await call('POST', `/api/imports/${preview.json.id}/confirm`, { as });
  expect(confirm.status, confirm.text).toBe(202);
  expect(await runImport(preview.json.id)).toBe('done');
  const status = await call('GET', `/api/imports/${preview.json.id}`, { as });
  return { preview, status, uploadedFile: stored.filePath! };
}

describe('imports API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('answers a dry run of a WXR export: exact counts, each entry with what it will become and why', async () => {
    const writer = await createUser(db);
    const res = await upload(writer.id, { name: 'blog.WordPress.2024-01-01.xml', bytes: wxr(BLOG) });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      status: 'previewed',
      source: 'wordpress',
      counts: { create: 4, skip: 1 },
    });
    const byId = Object.fromEntries(
      res.json.items.map((item: { externalId: string }) => [item.externalId, item]),
    );
    expect(byId['11']).toMatchObject({
      action: 'create',
      title: 'Grace for the morning',
      publishedAt: '2014-05-06T07:08:09.000Z',
      tags: ['Faith', 'Hope', 'Love', 'Prayer', 'Psalms'],
      tagsDropped: ['Morning', 'Grace'],
    });
    expect(byId['20']).toMatchObject({ action: 'skip', reason: expect.stringMatching(/page/i) });
    // Nothing is written by a dry run.
    expect(await postsOf(writer.id)).toHaveLength(0);
    const status = await call('GET', `/api/imports/${res.json.id}`, { as: writer.id });
    expect(status.json).toMatchObject({ status: 'previewed', progress: { done: 0, total: 5 }, report: null });
  });

  it('confirm runs the import: original dates, slugs, five tags, drafts kept, Chinese detected, sanitised', async () => {
    const writer = await createUser(db);
    const { status, uploadedFile } = await importAndRun(writer.id, wxr(BLOG), {
      useOriginalUrlAsCanonical: 'true',
    });
    expect(status.json).toMatchObject({
      status: 'done',
      progress: { done: 5, total: 5 },
      report: {
        created: 4,
        skipped: 1,
        failedImages: [],
        tagsDropped: [{ story: 'Grace for the morning', tags: ['Morning', 'Grace'] }],
      },
      target: { kind: 'user', id: writer.id, homePath: `/@${writer.subdomain}` },
    });
    const stories = await postsOf(writer.id);
    expect(stories).toHaveLength(4);
    const grace = stories.find((story) => story.title === 'Grace for the morning')!;
    expect(grace).toMatchObject({
      status: 'published',
      slug: 'grace-for-the-morning',
      excerpt: 'A short word for the start of the day.',
      languageCode: 'en',
      canonicalUrl: 'https://old.example.org/?p=11',
    });
    expect(grace.publishedAt!.toISOString()).toBe('2014-05-06T07:08:09.000Z');
    expect(grace.bodyHtml).toContain('<strong>broken</strong>');
    expect(grace.bodyHtml).not.toMatch(/script|wp:paragraph/);
    expect(await tagsOf(grace.id)).toEqual(['faith', 'hope', 'love', 'prayer', 'psalms']);

    // The story page names the original address as its canonical link.
    const page = await getStoryPage(`${grace.slug}-${grace.id}`, async () => null);
    expect(page.kind).toBe('story');
    if (page.kind === 'story') {
      expect(storyMetadata(page.story, 'http://localhost:3000').alternates?.canonical).toBe(
        'https://old.example.org/?p=11',
      );
    }
    const walking = stories.find((story) => story.title === 'Walking in the light')!;
    const own = await getStoryPage(`${walking.slug}-${walking.id}`, async () => null);
    if (own.kind !== 'story') throw new Error('the imported story has no page');
    expect(walking.canonicalUrl).toBe('https://old.example.org/?p=14');

    const draft = stories.find((story) => story.title === 'Unfinished thoughts')!;
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, canonicalUrl: null });

    const chinese = stories.find((story) => story.title === '信心的功课')!;
    expect(chinese.languageCode).toBe('zh');
    expect(chinese.publishedAt!.toISOString()).toBe('2016-01-02T03:04:05.000Z');
    expect(await tagsOf(chinese.id)).toEqual(['信心']);

    // The uploaded file is gone once the import is done.
    const [row] = await db.select().from(imports).where(eq(imports.id, status.json.id));
    expect(row.filePath).toBeNull();
    expect(existsSync(uploadedFile)).toBe(false);
    // Search and the tag's story count follow from the same insert as the editor's.
    const found = await call('GET', `/api/posts/search?q=${encodeURIComponent('Walking light')}`);
    expect(found.status).toBe(200);
    expect(found.json.posts.map((post: { title: string }) => post.title)).toContain('Walking in the light');
    const tag = await call('GET', `/api/tags/${encodeURIComponent('信心')}`);
    expect(tag.status).toBe(200);
    expect(tag.json.storyCount).toBeGreaterThanOrEqual(1);
  });

  it('importing the same file again creates nothing new', async () => {
    const writer = await createUser(db);
    await importAndRun(writer.id, wxr(BLOG));
    expect(await postsOf(writer.id)).toHaveLength(4);
    // Not asked for: no story keeps the old address as its canonical link.
    expect((await postsOf(writer.id)).map((story) => story.canonicalUrl)).toEqual([null, null, null, null]);

    const again = await upload(writer.id, { name: 'export.xml', bytes: wxr(BLOG) });
    expect(again.json.counts).toEqual({ create: 0, skip: 5 });
    expect(
      again.json.items.filter((item: { reason?: string }) => item.reason === 'already imported'),
    ).toHaveLength(4);
    await call('POST', `/api/imports/${again.json.id}/confirm`, { as: writer.id });
    expect(await runImport(again.json.id)).toBe('done');
    expect(await postsOf(writer.id)).toHaveLength(4);
    const status = await call('GET', `/api/imports/${again.json.id}`, { as: writer.id });
    expect(status.json.report).toMatchObject({ created: 0, skipped: 5 });
    // Confirming twice is refused.
    const twice = await call('POST', `/api/imports/${again.json.id}/confirm`, { as: writer.id });
    expect(twice.status).toBe(409);
  });

  describe('the other platforms’ exports (tests/fixtures/imports)', () => {
    const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/imports', name));
    const uploadRun = async (as: string, name: string) => {
      const preview = await upload(as, { name, bytes: fixture(name) });
      expect(preview.status, preview.text).toBe(201);
      expect((await call('POST', `/api/imports/${preview.json.id}/confirm`, { as })).status).toBe(202);
      expect(await runImport(preview.json.id)).toBe('done');
      return {
        preview: preview.json,
        status: (await call('GET', `/api/imports/${preview.json.id}`, { as })).json,
      };
    };

    it('Ghost: a post with only lexical is rendered; drafts stay drafts; pages and paid posts are skipped', async () => {
      const writer = await createUser(db);
      const { preview, status } = await uploadRun(writer.id, 'ghost-5-export.json');
      // Five entries: three posts, a paid-only post (left out by default) and a page.
      expect(preview).toMatchObject({ source: 'ghost', counts: { create: 3, skip: 2 } });
      expect(status.report).toMatchObject({ created: 3, skipped: 2 });
      const stories = await postsOf(writer.id);
      const lexical = stories.find((story) => story.title === 'With Lexical')!;
      expect(lexical).toMatchObject({ status: 'published', slug: 'with-lexical' });
      expect(lexical.bodyHtml).toContain('<strong><em>bold italic</em></strong>');
      expect(lexical.publishedAt!.toISOString()).toBe('2024-02-01T10:30:00.000Z');
      expect(stories.find((story) => story.title === 'With Mobiledoc')).toMatchObject({ status: 'draft' });
    });

    it('Medium: drafts come in as drafts, responses are skipped, a Chinese post is zh', async () => {
      const writer = await createUser(db);
      const { preview } = await uploadRun(writer.id, 'medium-export.zip');
      expect(preview.source).toBe('medium');
      const skipped = preview.items.filter((item: { action: string }) => item.action === 'skip');
      expect(skipped.map((item: { reason: string }) => item.reason).join(' ')).toMatch(/response/i);
      const stories = await postsOf(writer.id);
      expect(stories.find((story) => story.title === 'An Unfinished Letter')).toMatchObject({
        status: 'draft',
        publishedAt: null,
      });
      expect(stories.find((story) => story.title === '灯下')).toMatchObject({
        status: 'published',
        languageCode: 'zh',
      });
    });

    it('Substack: a paid-only post is skipped, podcasts are skipped, zip images are stored', async () => {
      const writer = await createUser(db);
      const { preview, status } = await uploadRun(writer.id, 'substack-export.zip');
      expect(preview.source).toBe('substack');
      const paid = preview.items.find((item: { title: string }) => item.title === 'For Paying Friends');
      // Paid-only posts are left out unless the writer asks for them as drafts.
      expect(paid).toMatchObject({ action: 'skip', reason: expect.stringMatching(/paid/i) });
      const stories = await postsOf(writer.id);
      expect(stories.find((story) => story.title === 'For Paying Friends')).toBeUndefined();
      expect(preview.items.find((item: { title: string }) => item.title === 'Episode 1')).toMatchObject({
        action: 'skip',
      });
      const welcome = stories.find((story) => story.title === 'Welcome to Lamplight')!;
      expect(welcome.status).toBe('published');
      expect(welcome.bodyHtml).toMatch(/<img src="\/uploads\/[0-9a-f]{32}\.webp"/);
      expect(status.report.failedImages).toEqual([]);

      // Asked for, they come in as drafts: nothing that was paid becomes public.
      const other = await createUser(db);
      const asDrafts = await upload(
        other.id,
        { name: 's.zip', bytes: fixture('substack-export.zip') },
        { paidPosts: 'draft' },
      );
      expect(
        asDrafts.json.items.find((item: { title: string }) => item.title === 'For Paying Friends'),
      ).toMatchObject({
        action: 'create',
      });
      await call('POST', `/api/imports/${asDrafts.json.id}/confirm`, { as: other.id });
      expect(await runImport(asDrafts.json.id)).toBe('done');
      expect((await postsOf(other.id)).find((story) => story.title === 'For Paying Friends')).toMatchObject({
        status: 'draft',
        publishedAt: null,
      });
    });
  });

  describe('images', () => {
    let server: Server;
    let base: string;
    let png: Buffer;
    beforeAll(async () => {
      png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      server = createServer((req, res) => {
        if (req.url === '/ok.png' || req.url === '/feature.png') {
          res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        } else if (req.url === '/page.html') {
          res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
        } else {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      env.OUTBOUND_ALLOW_PRIVATE = false;
      await new Promise((resolve) => server.close(resolve));
    });

    it('stores fetched images as uploads and keeps the original URL of one that fails, reporting it', async () => {
      env.OUTBOUND_ALLOW_PRIVATE = true;
      const writer = await createUser(db);
      const content = `<p>Look:</p><img src="${base}/ok.png" alt="red"><p>and</p><img src="${base}/missing.png"><img src="${base}/page.html"><img src="${base}/ok.png">`;
      const { status } = await importAndRun(writer.id, wxr([{ id: 1, title: 'Pictures', content }]));
      expect(status.json.status).toBe('done');
      const failed = status.json.report.failedImages;
      expect(failed).toEqual(
        expect.arrayContaining([
          { story: 'Pictures', url: `${base}/missing.png`, reason: expect.any(String) },
          { story: 'Pictures', url: `${base}/page.html`, reason: expect.any(String) },
        ]),
      );
      expect(failed).toHaveLength(2);
      const [story] = await postsOf(writer.id);
      const stored = /\/uploads\/[0-9a-f]{32}\.webp/.exec(story.bodyHtml)?.[0];
      expect(stored).toBeTruthy();
      expect(story.bodyHtml).not.toContain(`${base}/ok.png`);
      expect(story.bodyHtml).toContain(`${base}/missing.png`);
      const served = existsSync(path.resolve(env.DATA_DIR, 'uploads', stored!.slice('/uploads/'.length)));
      expect(served).toBe(true);
    });

    it('refuses loopback addresses when private addresses are not allowed: the image is reported', async () => {
      env.OUTBOUND_ALLOW_PRIVATE = false;
      const writer = await createUser(db);
      const { status } = await importAndRun(
        writer.id,
        wxr([{ id: 1, title: 'Local', content: `<p>x</p><img src="${base}/ok.png">` }]),
      );
      expect(status.json.report.failedImages).toEqual([
        { story: 'Local', url: `${base}/ok.png`, reason: expect.any(String) },
      ]);
      const [story] = await postsOf(writer.id);
      expect(story.bodyHtml).toContain(`${base}/ok.png`);
    });
  });

  it('resumes a run that stopped half-way, and one that failed mid-story, without duplicates', async () => {
    const writer = await createUser(db);
    const items = Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, title: `Story ${i + 1}` }));
    const preview = await upload(writer.id, { name: 'ten.xml', bytes: wxr(items) });
    const id = preview.json.id as string;
    await call('POST', `/api/imports/${id}/confirm`, { as: writer.id });

    // The process "dies" after four stories: progress and four stories are committed.
    expect(await runImport(id, { limit: 4 })).toBe('stopped');
    expect(await postsOf(writer.id)).toHaveLength(4);
    const midway = await call('GET', `/api/imports/${id}`, { as: writer.id });
    expect(midway.json).toMatchObject({ status: 'running', progress: { done: 4, total: 10 } });

    // The next run fails just before inserting the seventh: its mapping row is planned, no story.
    const boom = await runImport(id, {
      beforeInsert: (story) => {
        if (story.title === 'Story 7') throw new Error('the process died');
      },
    });
    expect(boom).toBe('failed');
    expect(await postsOf(writer.id)).toHaveLength(6);
    const planned = await db
      .select()
      .from(importItems)
      .where(and(eq(importItems.importId, id), eq(importItems.state, 'planned')));
    expect(planned).toHaveLength(1);
    const failedStatus = await call('GET', `/api/imports/${id}`, { as: writer.id });
    expect(failedStatus.json).toMatchObject({ status: 'failed', error: expect.any(String) });

    // Confirming again continues where it stopped.
    expect((await call('POST', `/api/imports/${id}/confirm`, { as: writer.id })).status).toBe(202);
    expect(await runImport(id)).toBe('done');
    const stories = await postsOf(writer.id);
    expect(stories.map((story) => story.title).sort()).toEqual(items.map((item) => item.title).sort());
    expect(stories.find((story) => story.title === 'Story 7')!.id).toBe(planned[0].postId);
    const done = await call('GET', `/api/imports/${id}`, { as: writer.id });
    expect(done.json).toMatchObject({
      status: 'done',
      progress: { done: 10, total: 10 },
      report: { created: 10 },
    });
  });

  describe('who may import where', () => {
    it('a writer imports only into their own account; a site admin into anyone’s', async () => {
      const writer = await createUser(db);
      const other = await createUser(db);
      const admin = await createUser(db, { roles: ['admin'] });
      const refused = await upload(
        writer.id,
        { name: 'a.xml', bytes: wxr(BLOG) },
        { targetUserId: other.id },
      );
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('forbidden');
      const byAdmin = await upload(admin.id, { name: 'a.xml', bytes: wxr(BLOG) }, { targetUserId: other.id });
      expect(byAdmin.status, byAdmin.text).toBe(201);
      // The admin's import is not the writer's to see.
      expect((await call('GET', `/api/imports/${byAdmin.json.id}`, { as: writer.id })).status).toBe(404);
      expect((await call('POST', `/api/imports/${byAdmin.json.id}/confirm`, { as: writer.id })).status).toBe(
        404,
      );
      // The target may follow an import made for them.
      expect((await call('GET', `/api/imports/${byAdmin.json.id}`, { as: other.id })).status).toBe(200);
      expect(
        (await call('POST', '/api/imports', { ...(await form({ name: 'a.xml', bytes: wxr(BLOG) })) })).status,
      ).toBe(401);
    });

    it('only the owner imports into a publication; authors map to members by e-mail, others to the owner', async () => {
      const publication = await createPublication(db);
      const editor = await createUser(db);
      const member = await createUser(db);
      await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
      await addPublicationMember(db, { publication, user: member, role: 'publication_author' });
      const text = wxr(
        [
          { id: 1, title: 'By the member', creator: 'mem' },
          { id: 2, title: 'By a stranger', creator: 'stranger' },
        ],
        [
          { login: 'mem', email: member.email.toUpperCase(), name: 'Member' },
          { login: 'stranger', email: 'nobody@example.test', name: 'Stranger' },
        ],
      );
      const fields = { targetPublicationId: publication.id };
      expect((await upload(editor.id, { name: 'p.xml', bytes: text }, fields)).status).toBe(403);
      expect((await upload(member.id, { name: 'p.xml', bytes: text }, fields)).status).toBe(403);
      const { status } = await importAndRun(publication.owner.id, text, fields);
      expect(status.json).toMatchObject({
        status: 'done',
        target: { kind: 'publication', id: publication.id },
        report: { created: 2, authorsNotFound: [{ author: 'Stranger', stories: 1 }] },
      });
      const rows = await db.select().from(posts).where(eq(posts.publicationId, publication.id));
      const authorOf = Object.fromEntries(rows.map((row) => [row.title, row.authorId]));
      expect(authorOf).toEqual({ 'By the member': member.id, 'By a stranger': publication.owner.id });
    });
  });

  describe('bad input: a clear error, nothing imported, the file removed, the server answering', () => {
    let filesBefore: string[] = [];
    beforeEach(() => {
      filesBefore = leftFiles();
    });
    const expectNothingLeft = async (writerId: string) => {
      expect(leftFiles().filter((file) => !filesBefore.includes(file))).toEqual([]);
      expect(await postsOf(writerId)).toHaveLength(0);
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(imports)
        .where(eq(imports.createdBy, writerId));
      expect(rows[0].n).toBe(0);
      const alive = await call('GET', '/api/openapi.json');
      expect(alive.status).toBe(200);
    };

    it('a file past IMPORT_MAX_BYTES is a 413', async () => {
      const writer = await createUser(db);
      const before = env.IMPORT_MAX_BYTES;
      env.IMPORT_MAX_BYTES = 4096;
      try {
        const big = wxr(Array.from({ length: 60 }, (_, i) => ({ id: i + 1, title: `Post ${i}` })));
        expect(big.length).toBeGreaterThan(4096);
        const res = await upload(writer.id, { name: 'big.xml', bytes: big });
        expect(res.status).toBe(413);
        expect(res.json.error).toMatchObject({ code: 'payload_too_large', message: 'The file is too large' });
      } finally {
        env.IMPORT_MAX_BYTES = before;
      }
      await expectNothingLeft(writer.id);
    });

    it('XML with entity expansion (billion laughs) or an external entity is a 422', async () => {
      const writer = await createUser(db);
      const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&lol3;</title><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type></item></channel></rss>`;
      const external = laughs
        .replace(/<!DOCTYPE[^\]]*\]>/, '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
        .replace('&lol3;', '&xxe;');
      for (const text of [laughs, external]) {
        const res = await upload(writer.id, { name: 'evil.xml', bytes: text }, { source: 'wordpress' });
        expect(res.status, res.text).toBe(422);
        expect(res.json.error.code).toBe('unprocessable');
        expect(res.text).not.toContain('root:');
      }
      await expectNothingLeft(writer.id);
    });

    it('a truncated zip and an unknown file are 422s', async () => {
      const writer = await createUser(db);
      const { ZipFile } = await import('yazl');
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from('<html><body><h1>Hi</h1></body></html>'), 'posts/2020-01-01_hi-123.html');
      zip.addBuffer(Buffer.alloc(20_000, 7), 'images/x.bin');
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      const whole = Buffer.concat(chunks);
      const truncated = whole.subarray(0, Math.floor(whole.length / 2));
      const cut = await upload(writer.id, { name: 'medium-export.zip', bytes: truncated });
      expect(cut.status, cut.text).toBe(422);
      const unknown = await upload(writer.id, { name: 'notes.txt', bytes: 'just some text, not an export' });
      expect(unknown.status, unknown.text).toBe(422);
      expect(unknown.json.error.code).toBe('unprocessable');
      await expectNothingLeft(writer.id);
    });

    it('a body that is not multipart, or has no file, is refused', async () => {
      const writer = await createUser(db);
      const json = await call('POST', '/api/imports', { as: writer.id, body: { file: 'x' } });
      expect(json.status).toBe(415);
      const data = new FormData();
      data.set('source', 'wordpress');
      const request = new Request('http://localhost/', { method: 'POST', body: data });
      const noFile = await call('POST', '/api/imports', {
        as: writer.id,
        rawBody: new Uint8Array(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      expect(noFile.status).toBe(400);
      expect(noFile.json.error.detail).toContain('file');
      await expectNothingLeft(writer.id);
    });
  });
});
