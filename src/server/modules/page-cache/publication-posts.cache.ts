import type { ApiFastPath } from '../../api/fast-path';
import { UUID_RE } from '../../lib/ids';
import type { LookupRequest, ServeDecision } from './page-store';
import { isAnonymous, type PublicationPageRequest } from './publication-page.cache';
import { createPublicationStore, type PublicationStoreOptions } from './publication-store';

// The response cache of GET /api/posts/publications/{id} for anonymous readers
// (docs/decisions/021-publication-page-cache.md): a publication's published stories, a page at a
// time, are the same for everyone who is not signed in, and change only when the publication's
// page does — the same fingerprint, read on every request, decides. Editors' views (forAdmin) and
// signed-in readers always reach the API; an answer other than a plain 200 is never kept.
//
// Two doors: scripts/server.mjs asks lookup() first with the bare Node request (a current copy is
// written straight back: no Request or Response objects on the hot path), and every other request
// goes through the API's fast path, which wrap() puts the cache in front of — where a miss is
// answered by the API and kept.

/** Memory the cache may hold (gzipped JSON pages of ~10 story summaries: a few KB each). */
export const PUBLICATION_POSTS_CACHE_BYTES = 8 * 1024 * 1024;

const PATH = /^\/api\/posts\/publications\/([0-9a-f-]{36})$/;
/** The query parameters of the public list; any other (forAdmin) goes to the API. */
const PUBLIC_PARAMS = new Set(['lastKeys', 'lastKey', 'collectionId', 'limit']);

type Address = { id: string; key: string };

/** The publication whose public list an anonymous GET asks for (url: path and query), or null. */
function addressOf(request: PublicationPageRequest): Address | null {
  if (request.method !== 'GET' || !request.url?.startsWith('/api/posts/publications/')) return null;
  const url = new URL(request.url, 'http://localhost');
  const id = PATH.exec(url.pathname)?.[1];
  if (!id || !UUID_RE.test(id)) return null;
  for (const name of url.searchParams.keys()) if (!PUBLIC_PARAMS.has(name)) return null;
  if (!isAnonymous(request.headers)) return null;
  return { id, key: `${url.pathname}${url.search}` };
}

// Node's Buffers are Uint8Arrays over an ArrayBuffer (never a shared one here): a body as they are.
const bytes = (buffer: Buffer | null) => buffer as Uint8Array<ArrayBuffer> | null;

const toResponse = (decision: ServeDecision) =>
  new Response(bytes(decision.body), { status: decision.status, headers: decision.headers as HeadersInit });

const header = (request: Request, name: string) => request.headers.get(name) ?? undefined;

export function createPublicationPostsCache(options: Omit<PublicationStoreOptions, 'contentType'>) {
  const { store, fingerprint: currentFingerprint } = createPublicationStore({
    ...options,
    contentType: 'application/json',
  });

  /** The address and current fingerprint of a request the cache takes, or null (the API answers). */
  async function current(request: PublicationPageRequest) {
    const address = addressOf(request);
    if (!address) return null;
    const fingerprint = await currentFingerprint({ by: 'id', value: address.id }, address.key);
    // No such publication: the API answers (404), and nothing is kept.
    return fingerprint === null ? null : { ...address, fingerprint };
  }

  /**
   * The front server's door (`url`: req.url, path and query): the current stored answer, or null
   * when the API must answer (through wrap(), which keeps a new answer).
   */
  async function lookup(
    request: PublicationPageRequest & LookupRequest & { url: string },
  ): Promise<ServeDecision | null> {
    const found = await current(request);
    return found && store.serve(found.key, found.fingerprint, request);
  }

  /** The API's fast path with this cache in front of the publication's public list. */
  function wrap(api: ApiFastPath): ApiFastPath {
    const fetch = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const found = await current({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: { cookie: header(request, 'cookie'), authorization: header(request, 'authorization') },
      });
      if (!found) return api.fetch(request);
      const asked = {
        acceptsGzip: /\bgzip\b/i.test(header(request, 'accept-encoding') ?? ''),
        ifNoneMatch: header(request, 'if-none-match'),
      };
      const hit = store.serve(found.key, found.fingerprint, asked);
      if (hit) return toResponse(hit);
      const token = store.begin(found.key, found.fingerprint);
      if (!token) return api.fetch(request);
      let rendered: Response;
      let body: Buffer;
      try {
        // Asked for plain JSON: the store gzips what it keeps itself.
        const headers = new Headers(request.headers);
        headers.delete('accept-encoding');
        headers.delete('if-none-match');
        rendered = await api.fetch(
          new Request(request.url, { method: 'GET', headers, signal: request.signal }),
        );
        body = Buffer.from(await rendered.arrayBuffer());
      } catch (error) {
        store.abandon(token);
        throw error;
      }
      const kept = store.store(token, {
        status: rendered.status,
        headers: Object.fromEntries(rendered.headers),
        body,
      });
      const stored = kept && store.serve(found.key, found.fingerprint, asked);
      return stored ? toResponse(stored) : new Response(bytes(body), rendered);
    };
    return { ...api, fetch };
  }

  return { lookup, wrap, stats: store.stats, clear: store.clear };
}

export type PublicationPostsCache = ReturnType<typeof createPublicationPostsCache>;
