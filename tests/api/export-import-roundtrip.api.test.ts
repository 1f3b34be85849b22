import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { posts, postTags } from '../../src/server/db/schema';
import { buildExport } from '../../src/server/modules/exports/exports.service';
import { runImport } from '../../src/server/modules/imports/imports-run.service';
import { uploadsDir } from '../../src/server/modules/images/images.storage';
import { createUser } from '../factories';
import { call, sessionCookie } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';
import { uploadImage } from '../helpers/upload-image';
import { zipEntries } from '../helpers/zip-entries';
import { createApp } from '../../src/server/api/app';

// Issue 23 "Done when": export → import round trip (docs/decisions/043-exports.md). A writer's stories
// go out as ghost.json and come back into a fresh writer through the import pipeline
// (docs/decisions/042-imports.md): the same titles, bodies (normalised HTML), tags, dates, slugs and
// images. The exported image addresses are this site's absolute ones (PUBLIC_URL, served here by a
// small HTTP server standing in for the site), so the import fetches them as it would from any site.

const SITE = vi.hoisted(() => {
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // The stand-in site is on the loopback address, which outbound fetches refuse unless allowed.
  process.env.OUTBOUND_ALLOW_PRIVATE = 'true';
  return { port };
});

let db: Db;
let site: Server;
const app = createApp();

const storedBytes = (url: string) => readFile(path.join(uploadsDir(), url.slice(url.lastIndexOf('/') + 1)));
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const IMG_SRC = /<img\b[^>]*?\bsrc="([^"]*)"/g;

/** The body with each image address replaced by its place ('#0', '#1'): the rest must be identical. */
const withoutImageAddresses = (html: string) => {
  let n = 0;
  return html.replace(/(<img\b[^>]*?\bsrc=")([^"]*)"/g, (_whole, head: string) => `${head}#${n++}"`);
};

async function tagsOf(postId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: postTags.tagSlug })
    .from(postTags)
    .where(eq(postTags.postId, postId))
    .orderBy(asc(postTags.position));
  return rows.map((row) => row.slug);
}

describe('export → import round trip', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    // The site as the import sees it: its uploads over HTTP.
    site = createServer((req, res) => {
      const name = /^\/uploads\/([0-9a-f]{32}\.webp)$/.exec(req.url ?? '')?.[1];
      if (!name) {
        res.writeHead(404).end();
        return;
      }
      readFile(path.join(uploadsDir(), name)).then(
        (bytes) => res.writeHead(200, { 'content-type': 'image/webp' }).end(bytes),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => site.listen(SITE.port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('gives the same stories, bodies, tags, dates, slugs and images in an empty account', async () => {
    const writer = await createUser(db, { name: 'Round Tripper' });
    const red = await uploadImage(writer.id, { r: 220, g: 30, b: 30 });
    const blue = await uploadImage(writer.id, { r: 30, g: 30, b: 220 });

    // Stories written through the API, so their bodies are what the editor's normaliser makes.
    const made = [] as { id: string }[];
    const create = async (mode: 'publish' | 'draft', payload: Record<string, unknown>) => {
      const res = await call('POST', `/api/posts/new/${mode}`, { as: writer.id, body: payload });
      expect(res.status, res.text).toBe(201);
      made.push(res.json);
      return res.json as { id: string };
    };
    const first = await create('publish', {
      title: 'Light for the path',
      excerpt: 'A lamp to my feet.',
      featureImageUrl: blue,
      tags: [{ name: 'Faith' }, { name: 'Psalms' }, { name: 'Morning Light' }],
      bodyJson: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'A heading' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Read ' },
              {
                type: 'text',
                text: 'Psalm 119',
                marks: [{ type: 'link', attrs: { href: 'https://example.com/psalm-119' } }],
              },
              { type: 'text', text: ' slowly.', marks: [{ type: 'bold' }] },
            ],
          },
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [paragraph('one')] },
              { type: 'listItem', content: [paragraph('two')] },
            ],
          },
          { type: 'image', attrs: { src: red, alt: 'A red lamp' } },
        ],
      },
    });
    const chinese = await create('publish', {
      title: '信心的功课',
      excerpt: '所望之事的实底。',
      tags: [{ name: '信心' }],
      bodyJson: { type: 'doc', content: [paragraph('信心是所望之事的实底，是未见之事的确据。')] },
    });
    await create('draft', {
      title: 'Unfinished thoughts',
      excerpt: 'Not yet.',
      tags: [{ name: 'Notes' }],
      bodyJson: { type: 'doc', content: [paragraph('Still writing this one.')] },
    });
    // Original dates, years back.
    await db
      .update(posts)
      .set({ publishedAt: new Date('2015-06-07T08:09:10.000Z') })
      .where(eq(posts.id, first.id));
    await db
      .update(posts)
      .set({ publishedAt: new Date('2018-01-02T03:04:05.000Z') })
      .where(eq(posts.id, chinese.id));

    // Out: the writer's archive.
    const asked = await call('POST', '/api/exports', { as: writer.id, body: { userId: writer.id } });
    expect(asked.status).toBe(202);
    await buildExport(asked.json.id);
    const download = await app.request(`http://localhost:3000/api/exports/${asked.json.id}/download`, {
      headers: { cookie: await sessionCookie(writer.id) },
    });
    expect(download.status).toBe(200);
    const ghostJson = (await zipEntries(Buffer.from(await download.arrayBuffer()))).get('ghost.json')!;

    // In: a fresh writer imports ghost.json through the import pipeline.
    const newcomer = await createUser(db, { name: 'New Home' });
    const data = new FormData();
    data.set('file', new Blob([new Uint8Array(ghostJson)]), 'ghost.json');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const preview = await call('POST', '/api/imports', {
      as: newcomer.id,
      rawBody: new Uint8Array(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(preview.status, preview.text).toBe(201);
    expect(preview.json).toMatchObject({ source: 'ghost', counts: { create: 3, skip: 0 } });
    const confirm = await call('POST', `/api/imports/${preview.json.id}/confirm`, { as: newcomer.id });
    expect(confirm.status, confirm.text).toBe(202);
    expect(await runImport(preview.json.id)).toBe('done');

    const originals = await db.select().from(posts).where(eq(posts.authorId, writer.id));
    const imported = await db.select().from(posts).where(eq(posts.authorId, newcomer.id));
    expect(imported).toHaveLength(originals.length);
    for (const original of originals) {
      const copy = imported.find((row) => row.title === original.title);
      expect(copy, original.title).toBeDefined();
      expect(copy!.slug).toBe(original.slug);
      expect(copy!.status).toBe(original.status);
      expect(copy!.publishedAt?.toISOString() ?? null).toBe(original.publishedAt?.toISOString() ?? null);
      expect(copy!.excerpt).toBe(original.excerpt);
      expect(await tagsOf(copy!.id)).toEqual(await tagsOf(original.id));
      expect(withoutImageAddresses(copy!.bodyHtml)).toBe(withoutImageAddresses(original.bodyHtml));

      // The images: brought in as uploads of the new account's site, the same pictures.
      const pairs: [string, string][] = [];
      const originalImages = [...original.bodyHtml.matchAll(IMG_SRC)].map((m) => m[1]);
      const copiedImages = [...copy!.bodyHtml.matchAll(IMG_SRC)].map((m) => m[1]);
      originalImages.forEach((src, i) => pairs.push([src, copiedImages[i]]));
      if (original.featureImageUrl) pairs.push([original.featureImageUrl, copy!.featureImageUrl!]);
      for (const [from, to] of pairs) {
        expect(to).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
        expect(to).not.toBe(from); // fetched from the exported address and stored anew
        const [before, after] = await Promise.all([storedBytes(from), storedBytes(to)]);
        const [a, b] = await Promise.all(
          [before, after].map((bytes) => sharp(bytes).raw().toBuffer({ resolveWithObject: true })),
        );
        expect(b.info).toMatchObject({
          width: a.info.width,
          height: a.info.height,
          channels: a.info.channels,
        });
        // The import re-encodes every image it stores (DESIGN §9), so the bytes of a lossy WebP differ;
        // the picture does not: every channel of every pixel within a few steps of the original.
        const worst = a.data.reduce((max, value, i) => Math.max(max, Math.abs(value - b.data[i])), 0);
        expect(worst).toBeLessThanOrEqual(8);
      }
    }
    expect(made).toHaveLength(3);
  });
});
