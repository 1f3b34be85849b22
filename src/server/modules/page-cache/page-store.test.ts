import { describe, expect, it } from 'vitest';
import { createPageStore } from './page-store';

// The page store's one-render-per-page rule: after a change, readers arriving while the page is
// rendered wait for that render instead of making their own.

const newStore = () =>
  createPageStore({ maxBytes: 1024 * 1024, cacheControl: 'private', contentType: 'text/html' });
const page = (html: string, status = 200) => ({
  status,
  headers: { 'content-type': 'text/html' },
  body: Buffer.from(html),
});
const asked = { acceptsGzip: false };

describe('claim', () => {
  it('gives one reader the render and the others its copy once stored', async () => {
    const store = newStore();
    const first = await store.claim('/', 'v1', asked);
    expect(first && 'token' in first).toBe(true);
    const waiting = [store.claim('/', 'v1', asked), store.claim('/', 'v1', asked)];
    store.store((first as { token: Parameters<typeof store.store>[0] }).token, page('<p>one render</p>'));
    for (const claimed of await Promise.all(waiting)) {
      expect(claimed && 'hit' in claimed && claimed.hit.body?.toString()).toBe('<p>one render</p>');
    }
    expect(store.stats().stores).toBe(1);
  });

  it('lets the waiting readers render for themselves when the render is not kept', async () => {
    const store = newStore();
    const first = await store.claim('/', 'v1', asked);
    const waiting = store.claim('/', 'v1', asked);
    store.store((first as { token: Parameters<typeof store.store>[0] }).token, page('gone', 404));
    expect(await waiting).toBeNull();
    // And a new reader may fill it again.
    const next = await store.claim('/', 'v1', asked);
    expect(next && 'token' in next).toBe(true);
  });

  it('does not wait for a render of another version, nor longer than asked', async () => {
    const store = newStore();
    await store.claim('/', 'v1', asked);
    expect(await store.claim('/', 'v2', asked)).toBeNull();
    const started = Date.now();
    expect(await store.claim('/', 'v1', asked, 50)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
