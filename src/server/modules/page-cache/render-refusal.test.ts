import { describe, expect, it } from 'vitest';
import { KEPT_RENDER_HEADER, markKeptRender, refuseKeeping, renderRefused } from './render-refusal';

const asked = (headers: Record<string, string | string[] | undefined>) => ({
  get: (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : null;
  },
});

describe('a render a page cache keeps, refused by its page', () => {
  it('tells the front server that the page refused, once', () => {
    const request = { headers: {} as Record<string, string | string[] | undefined>, rawHeaders: [] };
    const id = markKeptRender(request);
    refuseKeeping(asked(request.headers));
    expect(renderRefused(id)).toBe(true);
    // Forgotten once asked: the id is no longer pending.
    expect(renderRefused(id)).toBe(false);
  });

  it('keeps a render whose page did not refuse', () => {
    const request = { headers: {} as Record<string, string | string[] | undefined> };
    expect(renderRefused(markKeptRender(request))).toBe(false);
  });

  it("replaces a client's header of the name, in the parsed and the raw headers", () => {
    const request = {
      headers: { [KEPT_RENDER_HEADER]: 'forged' } as Record<string, string | string[] | undefined>,
      rawHeaders: ['Host', 'example.org', 'X-Lamplight-Kept-Render', 'forged', 'Accept', '*/*'],
    };
    const id = markKeptRender(request);
    expect(request.headers[KEPT_RENDER_HEADER]).toBe(id);
    expect(request.rawHeaders).toEqual(['Host', 'example.org', 'Accept', '*/*', KEPT_RENDER_HEADER, id]);
    renderRefused(id);
  });

  it('ignores a refusal under an id the front server did not give', () => {
    refuseKeeping(asked({ [KEPT_RENDER_HEADER]: 'made-up' }));
    refuseKeeping(asked({}));
    expect(renderRefused('made-up')).toBe(false);
  });
});
