import { createHash } from 'node:crypto';

// Sent on every response (DESIGN §9). User HTML is sanitised on write, so the CSP is a second
// fence, not the first. No inline script runs unless the page's own CSP names its SHA-256 hash:
// HTML pages get one made from their body (documentPolicy below), when they are rendered —
// scripts/server.mjs holds every page back until it is complete for that, and the story page cache
// keeps the header with the page (docs/decisions/017-runtime-and-csp.md). Per-request nonces would not do:
// a cached page is the same bytes for every reader. Styles keep 'unsafe-inline': React and Next.js
// write style attributes, which hashes cannot allow.
//
// `next dev` has no front server to hash its pages (and needs eval): there scripts stay open.
// process.env is read here, not through env.ts: next.config.ts imports this file at build time.
const DEVELOPMENT = process.env.NODE_ENV === 'development';

function policy(scriptSources: readonly string[]): string {
  const scripts = DEVELOPMENT ? ["'unsafe-inline'", "'unsafe-eval'"] : scriptSources;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "object-src 'none'",
  ].join('; ');
}

export const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // Responses that are not HTML pages run no script of their own.
  { key: 'Content-Security-Policy', value: policy([]) },
];

/** The same headers as lower-case fields, for answers written straight to Node's response. */
export const securityHeaderFields: Readonly<Record<string, string>> = Object.fromEntries(
  securityHeaders.map(({ key, value }) => [key.toLowerCase(), value]),
);

// An inline script element: no src attribute, its text up to the closing tag. React escapes '<' and
// '>' in attribute values, and the page's own inline JSON escapes '<' (story-seo.ts), so neither
// can end a match early.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/**
 * The CSP sources ('sha256-…') of every inline script of an HTML page, each once, in page order.
 * The hash is of the script's bytes as sent (UTF-8).
 */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  // Read as latin1 (one character per byte, half the memory of a UTF-16 string), so the offsets of
  // a match are offsets into the bytes, which are what is hashed.
  const text = bytes.toString('latin1');
  const hashes = new Set<string>();
  for (const match of text.matchAll(SCRIPT)) {
    const [, attributes, content] = match;
    if (HAS_SRC.test(attributes)) continue;
    const start = match.index + '<script'.length + attributes.length + 1;
    const script = bytes.subarray(start, start + content.length);
    hashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  }
  return [...hashes];
}

/** The Content-Security-Policy of an HTML page: the site's, allowing exactly this page's inline scripts. */
export function documentPolicy(html: string | Buffer): string {
  return policy(inlineScriptHashes(html));
}
