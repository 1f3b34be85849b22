import { describe, expect, it } from 'vitest';
import { createPlanPageCache, planPageId } from './plans-page.cache';

const ID = '3f0c2a55-8a43-4d57-9f9f-2f1e0a2b6c11';

describe('the plan page cache', () => {
  it('takes a plan page’s own address only: no query (a mail’s mark-read link), no other spelling', () => {
    expect(planPageId(`/plans/${ID}`)).toBe(ID);
    expect(planPageId(`/plans/${ID}?day=1&token=r.x`)).toBeNull();
    expect(planPageId(`/plans/${ID.toUpperCase()}`)).toBeNull();
    expect(planPageId(`/plans/${ID}/`)).toBeNull();
    expect(planPageId('/plans/not-a-plan')).toBeNull();
    expect(planPageId('/plans')).toBeNull();
  });

  it('keeps a copy while the plan and the site are unchanged; a gone plan is passed on', async () => {
    let plan: string | null = '1';
    let site = '7';
    const cache = createPlanPageCache({
      maxBytes: 1024 * 1024,
      probe: async () => plan,
      siteVersion: async () => site,
    });
    const request = { method: 'GET', url: `/plans/${ID}`, headers: {} };
    expect(cache.accepts(request)).toBe(true);
    expect(cache.accepts({ ...request, method: 'POST' })).toBe(false);
    const lookup = () => cache.lookup({ pathname: `/plans/${ID}`, headers: {}, acceptsGzip: false });
    const first = await lookup();
    expect(first.action).toBe('render');
    if (first.action !== 'render') return;
    await cache.store(first.token, {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.from('<html>plan</html>'),
    });
    const kept = await lookup();
    expect(kept.action).toBe('serve');
    if (kept.action === 'serve') expect(String(kept.body)).toBe('<html>plan</html>');
    site = '8';
    expect((await lookup()).action).toBe('render');
    plan = null;
    expect((await lookup()).action).toBe('pass');
  });
});
