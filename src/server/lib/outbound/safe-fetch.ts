import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { env } from '../env';
import { bareHost, forbiddenRange, isIpLiteral } from './address-policy';

// The one way the server fetches a URL a user gave it (webhook endpoints, images of imported
// stories): http(s) only, never a private, loopback, link-local or otherwise special address
// (unless OUTBOUND_ALLOW_PRIVATE=true, for local tests), with a whole-request timeout, a byte limit
// on the body and redirects followed by hand, each hop checked again. The address checked is the
// address connected to: the DNS answer is validated inside the connection's own lookup, so a name
// that resolves to a public address for a check and to 127.0.0.1 a moment later gains nothing.
// Decision 040.

export type OutboundRefusalReason =
  'private-address' | 'scheme' | 'too-large' | 'timeout' | 'type' | 'redirects' | 'network';

/** A request the fetcher would not make or could not finish; `reason` says which rule stopped it. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export type SafeFetchOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange: connecting, every redirect, and reading the body. */
  timeoutMs: number;
  /** The most body bytes read; a longer body is refused ('too-large'). */
  maxBytes: number;
  /** Asked with the response's Content-Type (lower case, parameters included; '' when absent). */
  allowedTypes?: (contentType: string) => boolean;
  /** Redirects followed (default 5); one more is refused ('redirects'). 0 refuses any redirect. */
  maxRedirects?: number;
  /** Refuse plain http, on the first URL and on every redirect. */
  httpsOnly?: boolean;
};

export type SafeFetchResult = { status: number; headers: Headers; body: Buffer; finalUrl: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 5;

const allowPrivate = () => env.OUTBOUND_ALLOW_PRIVATE;

/** The URL parsed, when its scheme and (for a written-out address) its host are allowed. */
function checkedUrl(raw: string, httpsOnly: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('scheme', 'The address is not a valid URL');
  }
  const allowedSchemes = httpsOnly && !allowPrivate() ? ['https:'] : ['http:', 'https:'];
  if (!allowedSchemes.includes(url.protocol)) {
    throw new OutboundRefused(
      'scheme',
      httpsOnly ? 'Only https:// addresses are allowed' : 'Only http:// and https:// addresses are allowed',
    );
  }
  if (url.username || url.password) {
    throw new OutboundRefused('scheme', 'The address must not contain a user name or password');
  }
  if (isIpLiteral(url.hostname)) checkAddress(bareHost(url.hostname));
  return url;
}

function checkAddress(address: string): void {
  if (allowPrivate()) return;
  const range = forbiddenRange(address);
  if (range) {
    throw new OutboundRefused(
      'private-address',
      `The address leads to a ${describeRange(range)} address, which is not allowed`,
    );
  }
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    loopback: 'loopback',
    private: 'private',
    uniqueLocal: 'private',
    linkLocal: 'link-local',
    carrierGradeNat: 'shared (CGNAT)',
    multicast: 'multicast',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
  };
  return names[range] ?? 'reserved';
}

/** Every address a name resolves to (all families). */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Checks a URL before it is stored (a webhook's endpoint): the scheme, and every address its host
 * resolves to. Throws OutboundRefused; a delivery checks again, since DNS answers change.
 */
export async function assertOutboundUrl(raw: string, options: { httpsOnly: boolean }): Promise<URL> {
  const url = checkedUrl(raw, options.httpsOnly);
  if (isIpLiteral(url.hostname) || allowPrivate()) return url;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(bareHost(url.hostname));
  } catch {
    throw new OutboundRefused('network', `The host ${url.hostname} could not be found`);
  }
  for (const { address } of addresses) checkAddress(address);
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The connection's DNS lookup: resolves, refuses the whole name when any answer is a forbidden
 * address (recording why in `refusal`), and hands the socket only the addresses it checked.
 */
function validatingLookup(onRefused: (error: OutboundRefused) => void) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolveAll(hostname).then(
      (addresses) => {
        try {
          if (addresses.length === 0) throw new OutboundRefused('network', `No address for ${hostname}`);
          for (const { address } of addresses) checkAddress(address);
        } catch (error) {
          const refusal = error as OutboundRefused;
          onRefused(refusal);
          callback(Object.assign(refusal, { code: 'EREFUSED' }) as NodeJS.ErrnoException, []);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`No IPv${wanted} address for ${hostname}`), { code: 'ENOTFOUND' }),
            [],
          );
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, item);
      } catch {
        // A header value the Fetch standard refuses (a stray control character): leave it out.
      }
    }
  }
  return headers;
}

/**
 * Fetches a URL under the rules above. Resolves with any HTTP status (a 500 is an answer, not an
 * error); throws OutboundRefused when a rule refuses the request or it fails on the network.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const httpsOnly = options.httpsOnly ?? false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let refusal: OutboundRefused | undefined;
  const agent = new Agent({
    connect: { lookup: validatingLookup((error) => (refusal = error)), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    pipelining: 0,
  });

  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = { ...options.headers };
  let url = checkedUrl(rawUrl, httpsOnly);
  try {
    for (let hop = 0; ; hop++) {
      const response = await request(url, {
        dispatcher: agent,
        method,
        headers,
        body,
        signal: controller.signal,
      });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new OutboundRefused('redirects', `More than ${maxRedirects} redirects`);
        }
        const next = checkedUrl(new URL(location, url).toString(), httpsOnly);
        // 303 always, and 301/302 after a POST (as browsers do), become a GET without a body.
        if (response.statusCode === 303 || (method === 'POST' && response.statusCode <= 302)) {
          method = 'GET';
          body = undefined;
          headers = withoutHeaders(headers, ['content-type', 'content-length']);
        }
        // Credentials given for one origin are not handed to another.
        if (next.origin !== url.origin) headers = withoutHeaders(headers, ['authorization', 'cookie']);
        url = next;
        continue;
      }

      const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
      if (options.allowedTypes && !options.allowedTypes(contentType)) {
        discard(response.body);
        throw new OutboundRefused('type', `The response's type (${contentType || 'none'}) is not accepted`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        discard(response.body);
        throw new OutboundRefused('too-large', `The response is larger than ${options.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        const buffer = chunk as Buffer;
        size += buffer.length;
        if (size > options.maxBytes) {
          discard(response.body);
          throw new OutboundRefused('too-large', `The response is larger than ${options.maxBytes} bytes`);
        }
        chunks.push(buffer);
      }
      return {
        status: response.statusCode,
        headers: toHeaders(response.headers),
        body: Buffer.concat(chunks, size),
        finalUrl: url.toString(),
      };
    }
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    if (refusal) throw refusal;
    if (controller.signal.aborted) {
      throw new OutboundRefused('timeout', `No complete answer within ${options.timeoutMs} ms`);
    }
    const code = (error as { code?: string }).code;
    if (
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    ) {
      throw new OutboundRefused('timeout', `No complete answer within ${options.timeoutMs} ms`);
    }
    throw new OutboundRefused('network', networkMessage(error));
  } finally {
    clearTimeout(timer);
    agent.destroy().catch(() => undefined);
  }
}

/** Stops reading a body the caller will not get; the abort it causes is expected, not an error. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

/** A short, safe description of a network failure (no stack, no internal detail beyond the code). */
function networkMessage(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host could not be found';
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'The connection was closed';
  if (code && /CERT|TLS|SSL/i.test(code)) return 'The TLS certificate was not accepted';
  return code ? `The request failed (${code})` : 'The request failed';
}
