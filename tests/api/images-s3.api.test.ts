import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3_TEST_BUCKET, S3_TEST_KEY, startS3TestServer } from '../helpers/s3-test-server';

// The S3 upload driver end to end against an S3-compatible server started here (s3rver behind a
// SigV4-checking front): the same client flow as the browser's — GET a presigned URL, PUT the file
// to it with its content type, GET fileUrl — then the after-the-fact check of the bytes.

const s3 = await startS3TestServer();
// The app reads its configuration once, on first import: set it before importing anything of it.
Object.assign(process.env, {
  S3_BUCKET: S3_TEST_BUCKET,
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
  S3_PUBLIC_URL: s3.publicUrl,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', // its Node 22 notice, once per run
});
const { call } = await import('../helpers/api-client');
const { useTestDatabase } = await import('../helpers/test-db');
const { createUser } = await import('../factories');
const { verifyS3Upload } = await import('../../src/server/modules/images/images.service');
type Db = import('../../src/server/db/client').Db;

let db: Db;

async function makePng(width = 3000, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam', Orientation: '1' } })
    .toBuffer();
}

async function presign(userId: string, fileSize: number, fileExtension = 'png') {
  const res = await call(
    'GET',
    `/api/images/get_presigned_url?fileExtension=${fileExtension}&fileSize=${fileSize}`,
    {
      as: userId,
    },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { preSignedUrl: string; fileUrl: string };
}

/**
 * What the browser does (src/components/editor/upload-image.ts): PUT the file's bytes with its
 * content type and `If-None-Match: *` (a create-only write), straight to the store.
 */
const put = (url: string, bytes: Uint8Array, contentType = 'image/png', ifNoneMatch: string | null = '*') =>
  fetch(url, {
    method: 'PUT',
    body: bytes as BodyInit,
    headers: { 'content-type': contentType, ...(ifNoneMatch !== null && { 'if-none-match': ifNoneMatch }) },
  });

const keyOf = (fileUrl: string) => fileUrl.slice(`${s3.publicUrl}/`.length);

describe('images API (S3 driver, against an S3-compatible test server)', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });
  afterAll(async () => {
    await s3.close();
  });

  it('presigned URL → PUT → GET fileUrl, then the check re-encodes the file in place without metadata', async () => {
    const user = await createUser(db);
    const png = await makePng();
    const { preSignedUrl, fileUrl } = await presign(user.id, png.byteLength);
    expect(preSignedUrl.startsWith(`${s3.endpoint}/${S3_TEST_BUCKET}/uploads/`)).toBe(true);
    const signed = new URL(preSignedUrl).searchParams;
    expect(signed.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(Number(signed.get('X-Amz-Expires'))).toBe(600);
    expect(fileUrl).toMatch(new RegExp(`^${s3.publicUrl}/uploads/[0-9a-f]{32}\\.png$`));

    const upload = await put(preSignedUrl, png);
    expect(upload.status).toBe(200);
    const served = await fetch(fileUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    expect(await verifyS3Upload(keyOf(fileUrl))).toBe('verified');
    const checked = await fetch(fileUrl);
    expect(checked.status).toBe(200);
    expect(checked.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await checked.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 2400 });
    expect(bytes.includes('SecretCam')).toBe(false);
    // Idempotent: a second run (a retried job) changes nothing.
    expect(await verifyS3Upload(keyOf(fileUrl))).toBe('already-verified');
  });

  it('the store refuses a body of another length or another content type than signed (403), storing nothing', async () => {
    const user = await createUser(db);
    const png = await makePng(10, 10);
    const { preSignedUrl, fileUrl } = await presign(user.id, png.byteLength);
    const longer = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
    expect((await put(preSignedUrl, longer)).status).toBe(403);
    expect((await put(preSignedUrl, png, 'text/html')).status).toBe(403);
    expect(s3.refused).toHaveLength(2);
    expect((await fetch(fileUrl)).status).toBe(404);
    // The exact file it was signed for still goes through.
    expect((await put(preSignedUrl, png)).status).toBe(200);
  });

  it('a presigned URL works once: the store refuses a second upload (412), also when two race', async () => {
    const user = await createUser(db);
    const png = await makePng(10, 10);
    const { preSignedUrl, fileUrl } = await presign(user.id, png.byteLength);
    expect((await put(preSignedUrl, png)).status).toBe(200);
    const other = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const padded = Buffer.concat([other, Buffer.alloc(png.byteLength - other.byteLength)]); // the signed size
    const again = await put(preSignedUrl, padded);
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('PreconditionFailed');
    // Leaving the header out breaks the signature: the condition cannot be dropped.
    expect((await put(preSignedUrl, padded, 'image/png', null)).status).toBe(403);
    expect(Buffer.from(await (await fetch(fileUrl)).arrayBuffer()).equals(png)).toBe(true);

    const race = await presign(user.id, png.byteLength);
    const statuses = await Promise.all(
      [1, 2, 3].map(() => put(race.preSignedUrl, png).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 412, 412]);
  });

  it('refuses up front: no fileSize (400), over 10 MB (413), SVG (400), anonymous (401)', async () => {
    const user = await createUser(db);
    const noSize = await call('GET', '/api/images/get_presigned_url?fileExtension=png', { as: user.id });
    expect(noSize.status).toBe(400);
    expect(noSize.json.error.detail).toContain('fileSize');
    const big = await call(
      'GET',
      `/api/images/get_presigned_url?fileExtension=png&fileSize=${20 * 1024 * 1024}`,
      {
        as: user.id,
      },
    );
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe('payload_too_large');
    const svg = await call('GET', '/api/images/get_presigned_url?fileExtension=svg&fileSize=100', {
      as: user.id,
    });
    expect(svg.status).toBe(400); // not in the document's enum of extensions
    expect((await call('GET', '/api/images/get_presigned_url?fileExtension=png&fileSize=100')).status).toBe(
      401,
    );
  });

  it('an expired URL is refused by the store (403)', async () => {
    const user = await createUser(db);
    const png = await makePng(10, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const { preSignedUrl, fileUrl } = await presign(user.id, png.byteLength);
    vi.useRealTimers();
    const res = await put(preSignedUrl, png);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('expired');
    expect((await fetch(fileUrl)).status).toBe(404);
  });

  it('bytes that are not the signed image type get through the store, then the check deletes them', async () => {
    const user = await createUser(db);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const { preSignedUrl, fileUrl } = await presign(user.id, html.byteLength);
    expect((await put(preSignedUrl, html)).status).toBe(200);
    // A profile that points at it is refused at once (the check runs on first use) …
    const patch = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { image: fileUrl } });
    expect(patch.status).toBe(415);
    expect((await call('GET', `/api/users/${user.id}`)).json.image).toBeNull();
    // … and the object is gone.
    expect((await fetch(fileUrl)).status).toBe(404);
    expect(await verifyS3Upload(keyOf(fileUrl))).toBe('missing');
  });

  it('a profile photo uploaded to S3 is checked when saved, and only this bucket’s uploads are accepted', async () => {
    const user = await createUser(db);
    const png = await makePng(300, 300);
    const { preSignedUrl, fileUrl } = await presign(user.id, png.byteLength);
    expect((await put(preSignedUrl, png)).status).toBe(200);
    const saved = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { image: fileUrl } });
    expect(saved.status).toBe(200);
    expect(saved.json.image).toBe(fileUrl);
    const served = await fetch(fileUrl);
    expect(served.headers.get('content-type')).toBe('image/webp'); // verified on save, not after expiry

    for (const image of [
      'https://evil.example/uploads/0123456789abcdef0123456789abcdef.png',
      `${s3.publicUrl}/other/0123456789abcdef0123456789abcdef.png`,
      `${s3.publicUrl}/uploads/0123456789abcdef0123456789abcdef.png`, // well-formed, never uploaded
    ]) {
      const res = await call('PATCH', `/api/users/${user.id}`, { as: user.id, body: { image } });
      expect(res.status, image).toBe(404); // the document's shape, but no upload of ours
      expect(res.json.error.detail).toMatch(/^image: /);
    }
    expect((await call('GET', `/api/users/${user.id}`)).json.image).toBe(fileUrl);
  });
});
