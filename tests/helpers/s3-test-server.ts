import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// An S3-compatible server for the tests, in-process on random ports: s3rver stores and serves the
// objects, and a small front checks presigned (query) SigV4 signatures the way AWS does — s3rver
// itself accepts any V4 signature, so without the front a wrong content length or type would pass.
// Requests without a query signature (the app's own SDK calls, public GETs) go straight through.
// s3rver also ignores `If-None-Match: *` on a PUT (a conditional write): the front enforces that too.

export const S3_TEST_BUCKET = 'lamplight-test';
export const S3_TEST_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3TestServer = {
  /** The endpoint the app talks to (the checking front). */
  endpoint: string;
  /** Public base URL of the bucket (path style). */
  publicUrl: string;
  /** Presigned requests the front refused, for assertions. */
  refused: string[];
  close: () => Promise<void>;
};

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value).digest();

/** Why a presigned request's signature does not hold, or null when it does (AWS SigV4, UNSIGNED-PAYLOAD). */
export function presignedSignatureProblem(
  method: string,
  rawUrl: string,
  headers: http.IncomingHttpHeaders,
  secretAccessKey: string,
  now = Date.now(),
): string | null {
  const url = new URL(rawUrl, 'http://placeholder');
  const params = [...url.searchParams.entries()];
  const get = (name: string) => url.searchParams.get(name) ?? '';
  if (get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'unsupported algorithm';
  const amzDate = get('X-Amz-Date');
  const [accessKey, date, region, service, terminator] = get('X-Amz-Credential').split('/');
  if (!accessKey || terminator !== 'aws4_request') return 'malformed credential';
  const signedAt = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (now > signedAt + Number(get('X-Amz-Expires')) * 1000) return 'Request has expired';
  const signedHeaders = get('X-Amz-SignedHeaders').split(';');
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(get('X-Amz-Signature'), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? null
    : 'SignatureDoesNotMatch';
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lamplight-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  });
  const backend = (await s3rver.run()) as AddressInfo;
  const refused: string[] = [];

  const front = http.createServer((req, res) => {
    const rawUrl = req.url ?? '/';
    if (rawUrl.includes('X-Amz-Signature=')) {
      const problem = presignedSignatureProblem(
        req.method ?? 'GET',
        rawUrl,
        req.headers,
        S3_TEST_KEY.secretAccessKey,
      );
      if (problem) {
        refused.push(`${req.method} ${rawUrl.split('?')[0]}: ${problem}`);
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${problem === 'Request has expired' ? 'AccessDenied' : 'SignatureDoesNotMatch'}</Code><Message>${problem}</Message></Error>`,
        );
        return;
      }
    }
    if (req.method === 'PUT' && req.headers['if-none-match'] === '*') {
      void conditionalWrite(rawUrl, req, res);
      return;
    }
    void forward(rawUrl, req, res);
  });

  /** Hands the request to s3rver; resolves once the answer is sent. */
  function forward(rawUrl: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      res.on('close', resolve);
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: req.method,
          path: rawUrl,
          headers: { ...req.headers, host: `127.0.0.1:${backend.port}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      req.pipe(upstream);
    });
  }

  const objectExists = (objectPath: string) =>
    new Promise<boolean>((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port: backend.port, method: 'HEAD', path: objectPath }, (answer) => {
          answer.resume();
          resolve(answer.statusCode === 200);
        })
        .on('error', reject)
        .end();
    });

  // `If-None-Match: *` on a PUT (S3 conditional writes): 412 when the key already holds an object.
  // s3rver ignores the header, so the front enforces it — one write per key at a time, like the
  // store's own atomic check.
  const writes = new Map<string, Promise<void>>();
  function conditionalWrite(rawUrl: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const objectPath = rawUrl.split('?')[0]!;
    const turn = (writes.get(objectPath) ?? Promise.resolve()).then(async () => {
      if (!(await objectExists(objectPath))) return forward(rawUrl, req, res);
      refused.push(`PUT ${objectPath}: PreconditionFailed`);
      req.resume();
      res.writeHead(412, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
      );
    });
    const settled = turn.catch(() => undefined);
    writes.set(objectPath, settled);
    return settled;
  }
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  return {
    endpoint,
    publicUrl: `${endpoint}/${S3_TEST_BUCKET}`,
    refused,
    close: async () => {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
