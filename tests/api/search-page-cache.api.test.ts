import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createSearchPageCache, searchPageWords } from '../../src/server/modules/search/search-page.cache';
import type { VersionedPageCache } from '../../src/server/modules/page-cache/versioned-page.cache';
import { createPost, createUser } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

// The search page cache (issue 21, decision 031): a query's page, /search?q=, is every reader's and
// is kept under the words as the page cleans them until the site's version moves.

const page = (html: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(html),
});

async function read(cache: VersionedPageCache, url: string, render: string) {
  const decision = await cache.lookup({ pathname: url, headers: {}, acceptsGzip: false });
  if (decision.action === 'render') {
    cache.store(decision.token, page(render));
    return `rendered:${render}`;
  }
  if (decision.action === 'serve') return `cached:${decision.body?.toString()}`;
  return 'pass';
}

describe('which search pages are kept, and under which words', () => {
  it('takes the query alone or with the header box range, and keys it by the cleaned words', () => {
    expect(searchPageWords('/search')).toBe('');
    expect(searchPageWords('/search?q=grace')).toBe('grace');
    expect(searchPageWords('/search?q=grace&range=blogs')).toBe('grace');
    expect(searchPageWords('/search?range=blogs&q=grace')).toBe('grace');
    expect(searchPageWords('/search?q=+amazing++grace+')).toBe('amazing grace');
    expect(searchPageWords(`/search?q=${encodeURIComponent('恩典')}`)).toBe('恩典');
    // Control characters go as the page's schema drops them: one page for both spellings.
    expect(searchPageWords('/search?q=grace%00%0A')).toBe('grace');
  });

  it('passes everything else to Next.js, kept nowhere', () => {
    for (const url of [
      '/search?q=grace&utm_source=mail', // another parameter
      '/search?q=grace&range=people', // the page writes the range back into its form
      '/search?q=a&q=b',
      '/search?q=%E0%A4%A', // a malformed escape
      `/search?q=${'a'.repeat(201)}`, // refused by the page: too long
      '/search/',
      '/searching?q=grace',
      '/tags/grace',
    ]) {
      expect(searchPageWords(url), url).toBeNull();
    }
  });
});

describe('the search page cache', () => {
  let database: Database;
  beforeAll(async () => {
    database = await useTestDatabase();
  });

  it('serves a query page to every reader until a story is published, per words', async () => {
    const cache = createSearchPageCache({ maxBytes: 1024 * 1024 });
    expect(await read(cache, '/search?q=grace', 'grace v1')).toBe('rendered:grace v1');
    expect(await read(cache, '/search?q=grace', 'grace v2')).toBe('cached:grace v1');
    expect(await read(cache, '/search?range=blogs&q=++grace', 'grace v2')).toBe('cached:grace v1');
    expect(await read(cache, '/search?q=hope', 'hope v1')).toBe('rendered:hope v1');

    await createPost(database.db, { author: await createUser(database.db), status: 'published' });
    expect(await read(cache, '/search?q=grace', 'grace v3')).toBe('rendered:grace v3');
    expect(await read(cache, '/search?q=grace&utm_source=x', 'x')).toBe('pass');
  });
});
