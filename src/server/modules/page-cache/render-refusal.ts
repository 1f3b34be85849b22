import { randomUUID } from 'node:crypto';
import { processSlot } from '../../lib/process-slot';
import type { CacheRequest } from './cache-request';

// A page a page cache keeps is every reader's (decision 031). A few renders show what is one
// reader's moment instead — the search page's "Too many searches" for one address — and must not
// be kept for everyone. The front server marks each render it means to keep with an id in a request
// header; the page, which cannot touch the response, refuses through that id; the front server asks
// once the render is done and drops a refused page instead of storing it.

/** The request header carrying a kept render's id to the page (set by the front server only). */
export const KEPT_RENDER_HEADER = 'x-lamplight-kept-render';

/** Renders under way that a cache means to keep: id → whether the page refused. */
const slot = processSlot<Map<string, boolean>>('kept-renders');
const pending = (): Map<string, boolean> => {
  let renders = slot.get();
  if (!renders) slot.set((renders = new Map()));
  return renders;
};

type RenderRequest = { headers: CacheRequest['headers']; rawHeaders?: string[] };

/**
 * The front server, before a render it means to keep: gives it an id (in the parsed and the raw
 * headers, replacing any a client sent under the name). Call renderRefused(id) when it ends, kept
 * or not, so the id is forgotten.
 */
export function markKeptRender(request: RenderRequest): string {
  const id = randomUUID();
  pending().set(id, false);
  request.headers[KEPT_RENDER_HEADER] = id;
  const raw = request.rawHeaders;
  if (raw) {
    // rawHeaders alternates names and values: drop both of a pair named so.
    request.rawHeaders = raw.filter((_, i) => raw[i - (i % 2)]!.toLowerCase() !== KEPT_RENDER_HEADER);
    request.rawHeaders.push(KEPT_RENDER_HEADER, id);
  }
  return id;
}

/**
 * A page: what this render shows must not be kept for every reader. Nothing happens for a render
 * no cache keeps (no id, or an id the front server did not give: a client's header is ignored).
 */
export function refuseKeeping(headers: { get(name: string): string | null }): void {
  const id = headers.get(KEPT_RENDER_HEADER);
  const renders = pending();
  if (id !== null && renders.has(id)) renders.set(id, true);
}

/** The front server, once the render ended: whether the page refused to be kept. Forgets the id. */
export function renderRefused(id: string): boolean {
  const renders = pending();
  const refused = renders.get(id) === true;
  renders.delete(id);
  return refused;
}
