import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as serveUpload } from '../../src/app/uploads/[...path]/route';
import type { Db } from '../../src/server/db/client';
import { uploadsDir } from '../../src/server/modules/images/images.storage';
import { addPublicationMember, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;

/** A real image: a 3000×40 PNG with EXIF (orientation and a camera name) to be stripped. */
async function makePng(width = 3000, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam', Orientation: '1' } })
    .toBuffer();
}

async function presign(userId: string, fileExtension = 'png') {
  const res = await call('GET', `/api/images/get_presigned_url?fileExtension=${fileExtension}`, {
    as: userId,
  });
  expect(res.status).toBe(200);
  return res.json as { preSignedUrl: string; fileUrl: string };
}

/** As the browser does (src/components/editor/upload-image.ts): If-None-Match is for S3, ignored here. */
const put = (url: string, bytes: Uint8Array, as?: string, contentType = 'image/png') =>
  call('PUT', url, { as, rawBody: bytes, headers: { 'content-type': contentType, 'if-none-match': '*' } });

const fetchUpload = (fileUrl: string, headers: Record<string, string> = {}) => {
  const segments = fileUrl.replace(/^\/uploads\//, '').split('/');
  return serveUpload(new Request(`http://localhost:3000${fileUrl}`, { headers }), {
    params: Promise.resolve({ path: segments }),
  });
};

describe('images API (local driver)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });
  afterEach(() => vi.useRealTimers());

  it('uploads a real PNG: re-encoded to WebP, at most 2400 px wide, metadata stripped, served immutable', async () => {
    const user = await createUser(db);
    const { preSignedUrl, fileUrl } = await presign(user.id);
    expect(preSignedUrl).toMatch(/^\/api\/images\/upload\/[0-9a-f]{32}\.png\?expires=\d+&sig=[0-9a-f]{64}$/);
    expect(fileUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    const png = await makePng();
    expect(png.includes('SecretCam')).toBe(true);
    const res = await put(preSignedUrl, png, user.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ fileUrl, width: 2400, height: 32 });
    expect(existsSync(path.join(uploadsDir(), path.basename(fileUrl)))).toBe(true);

    const served = await fetchUpload(fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2400 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('SecretCam')).toBe(false);

    const again = await fetchUpload(fileUrl, { 'if-none-match': served.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('refuses bytes that are not an image, even with a .png name and an image/png type (415)', async () => {
    const user = await createUser(db);
    const { preSignedUrl } = await presign(user.id);
    const res = await put(preSignedUrl, new TextEncoder().encode('<html>not a png</html>'), user.id);
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe('unsupported_media_type');
  });

  it('refuses an SVG: as an extension (400: not in the enum the document states), and as bytes behind a .png URL (415)', async () => {
    const user = await createUser(db);
    const byExtension = await call('GET', '/api/images/get_presigned_url?fileExtension=svg', { as: user.id });
    expect(byExtension.status).toBe(400);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const { preSignedUrl } = await presign(user.id);
    const res = await put(preSignedUrl, new TextEncoder().encode(svg), user.id, 'image/svg+xml');
    expect(res.status).toBe(415);
  });

  it('refuses bytes of another image type than the URL was signed for (415), and a non-image type (415)', async () => {
    const user = await createUser(db);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const { preSignedUrl } = await presign(user.id, 'png');
    expect((await put(preSignedUrl, jpeg, user.id, 'image/jpeg')).status).toBe(415);
    expect((await put(preSignedUrl, await makePng(), user.id, 'text/plain')).status).toBe(415);
    // Nothing was stored, so the URL still works for the right file.
    expect((await put(preSignedUrl, await makePng(), user.id)).status).toBe(200);
  });

  it('accepts a photo-sized file of a few MB (the API-wide 1 MB JSON limit does not apply)', async () => {
    const user = await createUser(db);
    const noise = Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256)));
    const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    const { preSignedUrl } = await presign(user.id);
    const res = await put(preSignedUrl, png, user.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ width: 1000, height: 1000 });
  });

  it('refuses a 20 MB file (413: over 10 MB) and stores nothing', async () => {
    const user = await createUser(db);
    const { preSignedUrl, fileUrl } = await presign(user.id);
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(await makePng(10, 10));
    const res = await put(preSignedUrl, big, user.id);
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({ code: 'payload_too_large', detail: 'at most 10 MB' });
    expect(existsSync(path.join(uploadsDir(), path.basename(fileUrl)))).toBe(false);
  });

  it('refuses an expired URL (403)', async () => {
    const user = await createUser(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const { preSignedUrl } = await presign(user.id);
    vi.useRealTimers();
    const res = await put(preSignedUrl, await makePng(), user.id);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/expired/);
  });

  it('refuses a URL used once already (409), also when two uploads race', async () => {
    const user = await createUser(db);
    const first = await presign(user.id);
    expect((await put(first.preSignedUrl, await makePng(), user.id)).status).toBe(200);
    const stored = Buffer.from(await (await fetchUpload(first.fileUrl)).arrayBuffer());
    const again = await put(first.preSignedUrl, await makePng(120, 90), user.id);
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'conflict',
      message: 'This upload link was already used: ask for a new one',
      detail: 'single-use URL',
    });
    expect(Buffer.from(await (await fetchUpload(first.fileUrl)).arrayBuffer()).equals(stored)).toBe(true);

    const second = await presign(user.id);
    const png = await makePng(400, 400);
    const statuses = (await Promise.all([1, 2, 3].map(() => put(second.preSignedUrl, png, user.id)))).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 409, 409]);
  });

  it("refuses another user's URL and a tampered one (403), and anonymous callers (401)", async () => {
    const owner = await createUser(db);
    const other = await createUser(db);
    const { preSignedUrl } = await presign(owner.id);
    expect((await put(preSignedUrl, await makePng(), other.id)).status).toBe(403);
    const tampered = preSignedUrl.replace(/expires=(\d+)/, (_m, n) => `expires=${Number(n) + 60_000}`);
    expect((await put(tampered, await makePng(), owner.id)).status).toBe(403);
    expect((await put(preSignedUrl, await makePng())).status).toBe(401);
    expect((await call('GET', '/api/images/get_presigned_url?fileExtension=png')).status).toBe(401);
  });

  it('refuses a cross-site PUT (403) before anything else', async () => {
    const user = await createUser(db);
    const { preSignedUrl } = await presign(user.id);
    const res = await call('PUT', preSignedUrl, {
      as: user.id,
      rawBody: await makePng(),
      origin: 'https://evil.example',
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(403);
  });

  it('serves nothing outside the uploads folder', async () => {
    for (const segments of [
      ['..', 'nextauth-secret'],
      ['%2e%2e', 'db'],
      ['a'.repeat(32) + '.webp'],
      ['x.webp'],
      ['a', 'b.webp'],
    ]) {
      const res = await serveUpload(new Request('http://localhost:3000/uploads/x'), {
        params: Promise.resolve({ path: segments }),
      });
      expect(res.status).toBe(404);
    }
  });
});

// The story-settings dialog locks publishing with this answer (SPEC §5); it lives here until the
// publications module has its own API test file.
describe('GET /api/publications/{id}?getUserRelation=true', () => {
  it("answers the publication with the caller's relation", async () => {
    const owner = await createUser(db);
    const editor = await createUser(db);
    const author = await createUser(db);
    const stranger = await createUser(db);
    const publication = await createPublication(db, { owner });
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
    const relation = async (as?: string) =>
      (await call('GET', `/api/publications/${publication.id}?getUserRelation=true`, { as })).json
        .userRelation;
    expect(await relation(owner.id)).toEqual(['admin']);
    expect(await relation(editor.id)).toEqual(['editor']);
    expect(await relation(author.id)).toEqual(['author']);
    expect(await relation(stranger.id)).toEqual([]);
    expect(await relation()).toEqual([]);

    const plain = await call('GET', `/api/publications/${publication.id}`);
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({
      id: publication.id,
      name: publication.name,
      collections: expect.any(Array),
    });
    expect(plain.json).not.toHaveProperty('userRelation');
    expect((await call('GET', '/api/publications/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
