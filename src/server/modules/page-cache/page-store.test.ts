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

describe('store', () => {
  const render = async (store: ReturnType<typeof newStore>, setCookie: string | string[]) => {
    const claimed = await store.claim('/', 'v1', asked);
    const token = (claimed as { token: Parameters<typeof store.store>[0] }).token;
    return store.store(token, {
      ...page('<p>page</p>'),
      headers: { 'content-type': 'text/html', 'set-cookie': setCookie },
    });
  };

  it("keeps a page sent with the member hint (the front server's, decision 031), without the cookie", async () => {
    const store = newStore();
    expect(await render(store, 'lamplight-member=1; Path=/; Max-Age=2592000; SameSite=Lax')).not.toBeNull();
    const hit = await store.claim('/', 'v1', asked);
    const served = hit && 'hit' in hit ? hit.hit : null;
    expect(served?.body?.toString()).toBe('<p>page</p>');
    expect(served?.headers['set-cookie']).toBeUndefined();
  });

  it('keeps no page that sets any other cookie: that is one reader’s answer', async () => {
    const store = newStore();
    expect(await render(store, ['lamplight-member=1; Path=/', 'next-auth.csrf-token=x; Path=/'])).toBeNull();
    expect(await render(store, 'lamplight-lang=zh; Path=/')).toBeNull();
    expect(store.stats().stores).toBe(0);
  });
});
