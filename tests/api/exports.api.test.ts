import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import type { Db } from '../../src/server/db/client';
import { dataExports, posts, subscriptions } from '../../src/server/db/schema';
import { env } from '../../src/server/lib/env';
import { htmlToMarkdown } from '../../src/server/modules/exports/exports-markdown';
import { buildExport, sweepExports } from '../../src/server/modules/exports/exports.service';
import { uploadsDir } from '../../src/server/modules/images/images.storage';
import {
  addPublicationMember,
  createPost,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { call, sessionCookie } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';
import { uploadImage } from '../helpers/upload-image';
import { zipEntries } from '../helpers/zip-entries';

// Issue 23 item 2, export (docs/decisions/043-exports.md): a writer's and a publication's archive,
// built by the job's effect (buildExport) and read back with yauzl as a user of the archive would.

let db: Db;
const app = createApp();
const SITE = env.PUBLIC_URL.replace(/\/+$/, '');

/** The raw answer (the archive is bytes; the shared client reads text). */
async function download(id: string, as?: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (as) headers.cookie = await sessionCookie(as);
  return app.request(`http://localhost:3000/api/exports/${id}/download`, { headers });
}

/** Asks for the export, runs the job's effect, and answers the archive's entries. */
async function exportAndUnzip(as: string, body: Record<string, string>) {
  const asked = await call('POST', '/api/exports', { as, body });
  expect(asked.status).toBe(202);
  const id = asked.json.id as string;
  await buildExport(id);
  const status = await call('GET', `/api/exports/${id}`, { as });
  expect(status.status).toBe(200);
  expect(status.json).toMatchObject({ id, status: 'done', size: expect.any(Number) });
  const res = await download(id, as);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="lamplight-export-.+\.zip"$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(status.json.size);
  return { id, entries: await zipEntries(bytes) };
}

const setBody = (id: string, bodyHtml: string) => db.update(posts).set({ bodyHtml }).where(eq(posts.id, id));
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('exports API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it("a writer's export holds every story of theirs in ghost.json, as Markdown, and their images' bytes", async () => {
    const writer = await createUser(db, { name: 'Ada Lovelace' });
    const bodyImage = await uploadImage(writer.id, { r: 200, g: 40, b: 40 });
    const featureImage = await uploadImage(writer.id, { r: 40, g: 40, b: 200 });
    const published = await createPost(db, {
      author: writer,
      title: 'Grace: in the "morning" light',
      excerpt: 'A line with: a colon, and # a hash',
      tags: ['Faith', '信心', 'Morning Prayer'],
      publishedAt: new Date('2024-03-05T07:30:00.000Z'),
      createdAt: new Date('2024-03-01T10:00:00.000Z'),
      featureImageUrl: featureImage,
    });
    const bodyHtml = [
      '<h2>Heading two</h2>',
      '<p>Read <a href="https://example.com/psalms">the psalms</a> and <strong>rest</strong>.</p>',
      '<ul><li>first point</li><li>second point</li></ul>',
      '<ol><li>one</li><li>two</li></ol>',
      `<p><img src="${bodyImage}" alt="A red lamp"></p>`,
      '<p><img src="https://elsewhere.example/pic.png" alt="Not ours"></p>',
    ].join('');
    await setBody(published.id, bodyHtml);
    const draft = await createPost(db, {
      author: writer,
      status: 'draft',
      title: 'Unfinished thoughts',
      createdAt: new Date('2024-04-01T08:00:00.000Z'),
    });
    const scheduled = await createPost(db, {
      author: writer,
      status: 'scheduled',
      title: 'Coming soon',
      scheduledTime: new Date('2031-01-02T09:00:00.000Z'),
      tags: ['Faith'],
      createdAt: new Date('2024-05-01T08:00:00.000Z'),
      canonicalUrl: 'https://old.example/coming-soon/',
    });
    const notTheirs = await createPost(db, { title: 'Someone else’s story' });

    const { entries } = await exportAndUnzip(writer.id, { userId: writer.id });
    const names = [...entries.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'ghost.json',
        'README.txt',
        'markdown/2024-03-05-grace-in-the-morning-light.md',
        'markdown/2024-04-01-unfinished-thoughts.md',
        'markdown/2031-01-02-coming-soon.md',
        `images/${fileName(bodyImage)}`,
        `images/${fileName(featureImage)}`,
      ]),
    );
    expect(names).toHaveLength(7);
    expect(names).not.toContain('subscribers.csv');

    // ghost.json: Ghost 5's import shape, every story, its tags in order, absolute image addresses.
    const ghost = JSON.parse(entries.get('ghost.json')!.toString('utf8'));
    expect(Object.keys(ghost)).toEqual(['db']);
    const { meta, data } = ghost.db[0];
    expect(meta.version).toMatch(/^5\.\d+\.\d+$/);
    expect(typeof meta.exported_on).toBe('number');
    expect(data.posts.map((p: any) => p.id).sort()).toEqual([published.id, draft.id, scheduled.id].sort());
    expect(data.posts.map((p: any) => p.title)).not.toContain(notTheirs.title);
    const byId = new Map<string, any>(data.posts.map((p: any) => [p.id, p]));
    const g = byId.get(published.id);
    expect(g).toMatchObject({
      title: 'Grace: in the "morning" light',
      slug: published.slug,
      status: 'published',
      type: 'post',
      custom_excerpt: 'A line with: a colon, and # a hash',
      published_at: '2024-03-05T07:30:00.000Z',
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: published.updatedAt.toISOString(),
      feature_image: `${SITE}${featureImage}`,
    });
    expect(g.html).toBe(bodyHtml.replace(`src="${bodyImage}"`, `src="${SITE}${bodyImage}"`));
    expect(g.lexical).toBeUndefined(); // Ghost renders html into lexical itself
    expect(byId.get(draft.id)).toMatchObject({ status: 'draft', published_at: null, slug: draft.slug });
    expect(byId.get(scheduled.id)).toMatchObject({
      status: 'scheduled',
      published_at: '2031-01-02T09:00:00.000Z',
      canonical_url: 'https://old.example/coming-soon/',
    });
    expect(g.canonical_url).toBeNull();
    const tagName = new Map<string, any>(data.tags.map((t: any) => [t.id, t]));
    const tagsOf = (postId: string) =>
      data.posts_tags
        .filter((link: any) => link.post_id === postId)
        .sort((a: any, b: any) => a.sort_order - b.sort_order)
        .map((link: any) => tagName.get(link.tag_id));
    expect(tagsOf(published.id).map((t: any) => [t.name, t.slug])).toEqual([
      ['Faith', 'faith'],
      ['信心', '信心'],
      ['Morning Prayer', 'morning-prayer'],
    ]);
    expect(tagsOf(scheduled.id).map((t: any) => t.slug)).toEqual(['faith']);
    expect(data.tags).toHaveLength(3); // one record per tag, shared by the stories
    expect(data.users).toEqual([
      expect.objectContaining({ id: writer.id, name: 'Ada Lovelace', email: writer.email }),
    ]);
    expect(data.posts_authors).toHaveLength(3);
    expect(data.posts_authors.every((link: any) => link.author_id === writer.id)).toBe(true);
    expect(data.posts_meta.map((m: any) => m.post_id).sort()).toEqual(
      [published.id, draft.id, scheduled.id].sort(),
    );

    // Markdown: front matter parsed back with the yaml library equals the story's fields.
    const md = entries.get('markdown/2024-03-05-grace-in-the-morning-light.md')!.toString('utf8');
    const [, front, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(md)!;
    expect(parseYaml(front)).toEqual({
      title: 'Grace: in the "morning" light',
      date: '2024-03-05T07:30:00.000Z',
      tags: ['Faith', '信心', 'Morning Prayer'],
      slug: published.slug,
      canonical: `${SITE}/stories/${published.slug}-${published.id}`,
      status: 'published',
      excerpt: 'A line with: a colon, and # a hash',
      feature_image: `../images/${fileName(featureImage)}`,
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: published.updatedAt.toISOString(),
    });
    expect(body).toContain('## Heading two');
    expect(body).toContain('[the psalms](https://example.com/psalms)');
    expect(body).toContain('**rest**');
    expect(body).toMatch(/^- +first point$/m);
    expect(body).toMatch(/^- +second point$/m);
    expect(body).toMatch(/^1\. +one$/m);
    expect(body).toMatch(/^2\. +two$/m);
    expect(body).toContain(`![A red lamp](../images/${fileName(bodyImage)})`);
    expect(body).toContain('![Not ours](https://elsewhere.example/pic.png)');
    const draftFront = parseYaml(
      /^---\n([\s\S]*?)\n---/.exec(entries.get('markdown/2024-04-01-unfinished-thoughts.md')!.toString())![1],
    );
    expect(draftFront).toMatchObject({ status: 'draft', canonical: null, date: '2024-04-01T08:00:00.000Z' });
    const scheduledFront = parseYaml(
      /^---\n([\s\S]*?)\n---/.exec(entries.get('markdown/2031-01-02-coming-soon.md')!.toString())![1],
    );
    expect(scheduledFront).toMatchObject({
      status: 'scheduled',
      canonical: 'https://old.example/coming-soon/',
      date: '2031-01-02T09:00:00.000Z',
      tags: ['Faith'],
    });

    // The images: the very bytes the upload stored.
    for (const url of [bodyImage, featureImage]) {
      const stored = await readFile(path.join(uploadsDir(), fileName(url)));
      expect(entries.get(`images/${fileName(url)}`)!.equals(stored)).toBe(true);
    }
    expect(entries.get('README.txt')!.toString()).toContain('ghost.json');
  });

  it('turndown turns headings, lists, links, images, tables and code into Markdown', () => {
    const markdown = htmlToMarkdown(
      '<h1>Title</h1><h3>Small</h3><p>A <em>word</em> and <a href="https://x.example/a">a link</a>.</p>' +
        '<ul><li>a<ul><li>nested</li></ul></li></ul><blockquote><p>Quoted</p></blockquote>' +
        '<pre><code>let x = 1;</code></pre><p><img src="../images/a.webp" alt="Alt"></p>' +
        '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table><p><s>gone</s></p>',
    );
    expect(markdown).toMatch(/^# Title$/m);
    expect(markdown).toMatch(/^### Small$/m);
    expect(markdown).toContain('A _word_ and [a link](https://x.example/a).');
    expect(markdown).toMatch(/^- +a$/m);
    expect(markdown).toMatch(/^ +- +nested$/m);
    expect(markdown).toContain('> Quoted');
    expect(markdown).toContain('```\nlet x = 1;\n```');
    expect(markdown).toContain('![Alt](../images/a.webp)');
    expect(markdown).toMatch(/\| H \|\n\| --- \|\n\| v \|/);
    expect(markdown).toContain('~gone~');
  });

  it("a publication's export: subscribers.csv for its owner, formulas neutralised; editors are refused", async () => {
    const publication = await createPublication(db, { name: 'Daily Bread' });
    const editor = await createUser(db);
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    const contributor = await createUser(db, { name: 'Guest Writer' });
    await addPublicationMember(db, { publication, user: contributor, role: 'publication_author' });
    const story = await createPost(db, { author: contributor, publication, title: 'In the publication' });
    await createPost(db, { author: contributor, title: 'Outside the publication' });
    const topic = await createTopic(db, { publication });
    await createSubscription(db, { topic, email: 'reader@example.test' });
    const formula = '=HYPERLINK("http://evil.example","click")@example.test';
    await createSubscription(db, { topic, email: formula, status: 'pending' });
    const imported = await createSubscription(db, { topic, email: '+1-555@example.test' });
    await db
      .update(subscriptions)
      .set({ source: 'import:substack' })
      .where(eq(subscriptions.id, imported.id));
    await createSubscription(db, { topic: await createTopic(db), email: 'elsewhere@example.test' });

    const refused = await call('POST', '/api/exports', {
      as: editor.id,
      body: { publicationId: publication.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');

    const { id, entries } = await exportAndUnzip(publication.owner.id, { publicationId: publication.id });
    const ghost = JSON.parse(entries.get('ghost.json')!.toString('utf8'));
    expect(ghost.db[0].data.posts.map((p: any) => p.id)).toEqual([story.id]);
    // Another writer's address is not the owner's to carry off.
    expect(ghost.db[0].data.users).toEqual([
      expect.objectContaining({ id: contributor.id, email: expect.stringMatching(/@lamplight\.invalid$/) }),
    ]);

    const csv = entries.get('subscribers.csv')!.toString('utf8');
    const rows = parseCsv(csv, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'email',
      'status',
      'created_at',
      'confirmed_at',
      'unsubscribed_at',
      'source',
    ]);
    expect(rows.find((row) => row.email === "'+1-555@example.test")).toMatchObject({
      status: 'active',
      source: 'import:substack',
    });
    expect(rows.map((row) => row.email).sort()).toEqual(
      ["'+1-555@example.test", `'${formula}`, 'reader@example.test'].sort(),
    );
    expect(rows.find((row) => row.email === `'${formula}`)).toMatchObject({
      status: 'pending',
      confirmed_at: '',
    });
    expect(rows.every((row) => !/^[=+\-@\t\r]/.test(Object.values(row).join('')))).toBe(true);
    expect(csv).not.toContain('elsewhere@example.test');

    // The editor may not take the owner's archive either.
    expect((await download(id, editor.id)).status).toBe(403);
    expect((await call('GET', `/api/exports/${id}`, { as: editor.id })).status).toBe(403);
  });

  it('a site admin may export any writer; a writer only themselves', async () => {
    const writer = await createUser(db);
    const other = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const forOther = await call('POST', '/api/exports', { as: other.id, body: { userId: writer.id } });
    expect(forOther.status).toBe(403);
    const byAdmin = await call('POST', '/api/exports', { as: admin.id, body: { userId: writer.id } });
    expect(byAdmin.status).toBe(202);
    const missing = await call('POST', '/api/exports', {
      as: admin.id,
      body: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    const both = await call('POST', '/api/exports', {
      as: writer.id,
      body: { userId: writer.id, publicationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(both.status).toBe(400);
    expect((await call('POST', '/api/exports', { as: writer.id, body: {} })).status).toBe(400);
  });

  it('the download is refused to another user (403) and to anonymous callers (401); unknown is 404; unfinished is 409', async () => {
    const writer = await createUser(db);
    await createPost(db, { author: writer });
    const asked = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
    const id = asked.json.id as string;
    const early = await download(id, writer.id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as any).error.message).toBe('The export is not ready yet');
    expect((await call('GET', `/api/exports/${id}`, { as: writer.id })).json.status).toBe('pending');
    // Asking again while it is being made answers the same export.
    const again = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
    expect(again.json.id).toBe(id);
    await buildExport(id);

    const stranger = await createUser(db);
    const refused = await download(id, stranger.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.code).toBe('forbidden');
    expect((await call('GET', `/api/exports/${id}`, { as: stranger.id })).status).toBe(403);
    const anonymous = await download(id);
    expect(anonymous.status).toBe(401);
    expect((await call('GET', `/api/exports/${id}`)).status).toBe(401);
    expect((await call('POST', '/api/exports', { body: { userId: writer.id } })).status).toBe(401);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/exports/${unknown}`, { as: writer.id })).status).toBe(404);
    expect((await download(unknown, writer.id)).status).toBe(404);
    expect((await call('GET', '/api/exports/not-an-id', { as: writer.id })).status).toBe(400);

    // A site admin may download it (they may export that writer).
    const admin = await createUser(db, { roles: ['admin'] });
    expect((await download(id, admin.id)).status).toBe(200);
  });

  it('repeated exports are rate limited (429 with Retry-After)', async () => {
    const writer = await createUser(db);
    for (let i = 0; i < 5; i++) {
      const asked = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
      expect(asked.status).toBe(202);
      await buildExport(asked.json.id);
    }
    const sixth = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe('rate_limited');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the sweep removes archives older than 7 days and re-enqueues exports whose job was lost', async () => {
    const writer = await createUser(db);
    const asked = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
    const id = asked.json.id as string;
    await buildExport(id);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    const file = path.resolve(env.DATA_DIR, row.filePath!);
    expect(existsSync(file)).toBe(true);

    const lostWriter = await createUser(db);
    const lost = await call('POST', '/api/exports', { as: lostWriter.id, body: { userId: lostWriter.id } });
    await db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(dataExports.id, lost.json.id));

    await db
      .update(dataExports)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(dataExports.id, id));
    const enqueued: string[] = [];
    await sweepExports(async (exportId) => enqueued.push(exportId));
    expect(existsSync(file)).toBe(false);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, id))).toEqual([]);
    expect((await call('GET', `/api/exports/${id}`, { as: writer.id })).status).toBe(404);
    expect(enqueued).toContain(lost.json.id);
  });
});
