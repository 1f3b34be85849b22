import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

// The API's JSON answers, gzipped whole (docs/decisions/057-gzip-json-answers.md). Hono's compress
// pipes every body through a web CompressionStream: a stream, a chunked answer and several event-loop
// turns for a page of cards that is already one string in memory. A JSON answer is always built
// whole, so here it is compressed in one zlib call and sent with its Content-Length; other types
// (feeds, exports) keep Hono's streaming compress around this.

/** Below this gzip saves less than its own cost (Hono's compress draws the same line). */
export const GZIP_MIN_BYTES = 1024;
/** Up to this, one gzipSync on the event loop (a fraction of a millisecond); above, zlib's threads. */
export const GZIP_SYNC_MAX_BYTES = 64 * 1024;

const gzipAsync = promisify(gzip);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header takes gzip (by name or by `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip');
  if (named) return named.q > 0;
  return (accepts.find((accept) => accept.type === '*')?.q ?? 0) > 0;
}

export function gzipJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { res } = c;
    const headers = res.headers;
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      !res.body ||
      !JSON_TYPE.test(headers.get('content-type') ?? '') ||
      headers.has('content-encoding') ||
      headers.has('transfer-encoding') ||
      NO_TRANSFORM.test(headers.get('cache-control') ?? '')
    )
      return;
    const body = Buffer.from(await res.arrayBuffer());
    const vary = headers.get('vary');
    const answer = (bytes: Buffer, encoded: boolean) => {
      const out = new Headers(headers);
      out.set('content-length', String(bytes.length));
      if (vary !== '*' && !(vary && VARIES_BY_ENCODING.test(vary))) {
        out.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      if (encoded) {
        out.set('content-encoding', 'gzip');
        const etag = out.get('etag');
        // The bytes differ from the plain answer's: the same validator, weak (RFC 9110 §8.8.1).
        if (etag && !etag.startsWith('W/')) out.set('etag', `W/${etag}`);
      }
      c.res = undefined;
      c.res = new Response(bytes as Uint8Array<ArrayBuffer>, {
        status: res.status,
        statusText: res.statusText,
        headers: out,
      });
    };
    if (body.length < GZIP_MIN_BYTES || !acceptsGzip(c.req.header('accept-encoding'))) {
      answer(body, false);
      return;
    }
    answer(body.length <= GZIP_SYNC_MAX_BYTES ? gzipSync(body) : await gzipAsync(body), true);
  };
}
