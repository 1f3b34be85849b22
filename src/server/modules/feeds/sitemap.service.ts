import { storyPath } from '../../../lib/slug';
import { env } from '../../lib/env';
import {
  countSitemapEntries,
  listSitemapEntries,
  type SitemapKind,
  type SitemapRow,
} from './feed-stories.service';
import { absoluteUrl, escapeXml, w3cDate } from './feeds-xml';

// sitemap.xml (https://www.sitemaps.org/protocol.html): every public story, writer home, publication
// home and tag page, with lastmod. One <urlset> while the site has at most 50,000 addresses; past
// that /sitemap.xml is a <sitemapindex> of parts /sitemap/{kind}-{n}.xml of up to 50,000 each.

export const SITEMAP_LIMIT = 50_000;
const KINDS: readonly SitemapKind[] = ['stories', 'writers', 'publications', 'tags'];
const URLSET = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function pathOf(kind: SitemapKind, row: SitemapRow): string {
  switch (kind) {
    case 'stories':
      return storyPath({ id: row.key, slug: row.slug ?? '' });
    case 'writers':
      return `/@${row.key}`;
    case 'publications':
      return `/${row.slug}`;
    case 'tags':
      return `/tags/${encodeURIComponent(row.key)}`;
  }
}

const urlEntry = (kind: SitemapKind, row: SitemapRow) =>
  `<url><loc>${escapeXml(absoluteUrl(env.PUBLIC_URL, pathOf(kind, row)))}</loc><lastmod>${w3cDate(row.lastmod)}</lastmod></url>`;

const urlset = (entries: string[]) =>
  ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="${URLSET}">`, ...entries, '</urlset>', ''].join(
    '\n',
  );

/** /sitemap.xml: the whole urlset, or the index of its parts when it would pass 50,000 addresses. */
export async function sitemapDocument(limit = SITEMAP_LIMIT): Promise<string> {
  const counts = await countSitemapEntries();
  const total = KINDS.reduce((sum, kind) => sum + counts[kind], 0);
  if (total <= limit) {
    const parts = await Promise.all(
      KINDS.map(async (kind) => (await listSitemapEntries(kind, 0, limit)).map((row) => urlEntry(kind, row))),
    );
    // The home page first: the set is never empty, which the schema would refuse.
    const home = `<url><loc>${escapeXml(absoluteUrl(env.PUBLIC_URL, '/'))}</loc></url>`;
    return urlset([home, ...parts.flat()]);
  }
  const entries: string[] = [];
  for (const kind of KINDS) {
    for (let n = 1; (n - 1) * limit < counts[kind]; n++) {
      const loc = absoluteUrl(env.PUBLIC_URL, `/sitemap/${kind}-${n}.xml`);
      entries.push(`<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${URLSET}">`,
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** /sitemap/{kind}-{n}.xml: part n (from 1) of one kind; null for a name that is not a part. */
export async function sitemapPart(name: string, limit = SITEMAP_LIMIT): Promise<string | null> {
  const match = /^(stories|writers|publications|tags)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return null;
  const kind = match[1] as SitemapKind;
  const n = Number(match[2]);
  const rows = await listSitemapEntries(kind, (n - 1) * limit, limit);
  if (rows.length === 0) return null;
  return urlset(rows.map((row) => urlEntry(kind, row)));
}
