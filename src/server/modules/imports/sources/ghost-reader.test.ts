import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { readGhostEntries } from './ghost-reader';
import { renderLexical, renderMobiledoc } from './ghost-render';
import { collect, fixture, skips, storyById } from './test-helpers';

const POST = (n: number) => `65f0a1b2c3d4e5f60000000${n}`;

describe('Ghost JSON reader', () => {
  it('reads posts, skips pages, and takes html as Ghost rendered it', async () => {
    const entries = await collect(
      readGhostEntries(fixture('ghost-5-export.json'), { siteUrl: 'https://ghost.example.com/' }),
    );
    expect(entries.map((e) => e.kind)).toEqual(['story', 'story', 'story', 'story', 'skip']);
    expect(skips(entries)[0]).toMatchObject({ what: 'page', title: 'About us' });

    const post = storyById(entries, POST(1));
    expect(post.html).toContain('<p>Already <strong>rendered</strong> by Ghost.');
    expect(post.html).toContain('href="https://ghost.example.com/with-lexical/"');
    expect(post.html).toContain('src="https://ghost.example.com/content/images/2024/01/a.jpg"');
    expect(post.html).not.toContain('__GHOST_URL__');
    expect(post.featureImageUrl).toBe('https://ghost.example.com/content/images/2024/01/feature.jpg');
    expect(post.excerpt).toBe('A post Ghost rendered.');
    expect(post.slug).toBe('with-html');
    expect(post.status).toBe('published');
    expect(post.publishedAt?.toISOString()).toBe('2024-01-05T12:00:00.000Z');
    expect(post.originalUrl).toBe('https://ghost.example.com/with-html/');
    expect(post.author).toEqual({ key: 'grace', email: 'grace@example.org', name: 'Grace Owner' });
  });

  it('orders tags by posts_tags.sort_order and leaves internal (#) tags out', async () => {
    const entries = await collect(readGhostEntries(fixture('ghost-5-export.json')));
    expect(storyById(entries, POST(1)).tags).toEqual(['Faith', 'News']);
    expect(storyById(entries, POST(2)).tags).toEqual(['信仰']);
  });

  it('renders lexical when html is absent, and says which card it dropped', async () => {
    const post = storyById(await collect(readGhostEntries(fixture('ghost-5-export.json'))), POST(2));
    expect(post.html).toContain(
      '<p>Lexical only: <strong>bold</strong> and <strong><em>bold italic</em></strong> &lt;not a tag&gt; <a href="https://example.com/x?a=1&amp;b=2">a link</a></p>',
    );
    expect(post.html).toContain('<h2>A heading</h2>');
    expect(post.html).toContain('<blockquote><p>Quoted words</p></blockquote>');
    expect(post.html).toContain('<ol><li>first</li><li><code>second</code></li></ol>');
    // Without the site's address __GHOST_URL__ becomes a site-relative path, with a note.
    expect(post.html).toContain(
      '<figure><img src="/content/images/2024/03/candle.jpg" alt="A candle"><figcaption><span>By candlelight</span></figcaption></figure>',
    );
    expect(post.html).toContain('<pre><code class="language-javascript">const x = 1 &lt; 2;</code></pre>');
    expect(post.notes).toContain('Ghost “signup” card dropped.');
    expect(post.notes?.some((n) => /relative path/.test(n))).toBe(true);
    expect(post.originalUrl).toBe('https://elsewhere.example.net/original-lexical');
    // The post's first author by sort_order.
    expect(post.author?.key).toBe('tom');
  });

  it('renders mobiledoc when html and lexical are absent; drafts stay drafts', async () => {
    const post = storyById(await collect(readGhostEntries(fixture('ghost-5-export.json'))), POST(3));
    expect(post.html).toContain(
      '<p>Mobiledoc only, <strong>strong</strong> and <a href="https://example.org/">linked</a> line<br><em>after break</em></p>',
    );
    expect(post.html).toContain('<h3>Mobiledoc heading</h3>');
    expect(post.html).toContain('<ul><li>one</li><li>two</li></ul>');
    expect(post.html).toContain('<figcaption>Old picture</figcaption>');
    expect(post.notes).toEqual([
      'A Markdown card was imported as plain text.',
      'Ghost “paywall” card dropped.',
    ]);
    expect(post.status).toBe('draft');
    expect(post.publishedAt).toBeNull();
  });

  it('imports a scheduled paid post as a draft, or skips it when asked', async () => {
    const post = storyById(await collect(readGhostEntries(fixture('ghost-5-export.json'))), POST(4));
    expect(post.status).toBe('draft');
    expect(post.notes).toEqual([
      'Scheduled in Ghost: imported as a draft.',
      'For paid members only in Ghost: imported as a draft so it is not made public.',
    ]);
    const skipped = await collect(readGhostEntries(fixture('ghost-5-export.json'), { paidPosts: 'skip' }));
    expect(skips(skipped).map((s) => s.what)).toEqual(['paid-only', 'page']);
  });

  it('reads the older {meta, data} shape too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ghost-'));
    try {
      const full = JSON.parse(await readFile(fixture('ghost-5-export.json'), 'utf8')) as { db: unknown[] };
      const path = join(dir, 'old.json');
      await writeFile(path, JSON.stringify(full.db[0]));
      const entries = await collect(readGhostEntries(path));
      expect(entries).toHaveLength(5);
      expect(storyById(entries, POST(1)).tags).toEqual(['Faith', 'News']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses JSON without Ghost posts and JSON cut off half-way', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ghost-'));
    try {
      const other = join(dir, 'other.json');
      await writeFile(other, '{"posts": []}');
      const e1 = await collect(readGhostEntries(other)).catch((e: unknown) => e);
      expect((e1 as AppError).code).toBe('validation_failed');
      expect((e1 as AppError).message).toMatch(/not a Ghost export/);

      const text = await readFile(fixture('ghost-5-export.json'), 'utf8');
      const cut = join(dir, 'cut.json');
      await writeFile(cut, text.slice(0, Math.floor(text.length * 0.6)));
      const e2 = await collect(readGhostEntries(cut)).catch((e: unknown) => e);
      expect(e2).toBeInstanceOf(AppError);
      expect((e2 as AppError).code).toBe('validation_failed');
      expect((e2 as AppError).message).toMatch(/not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Ghost body renderers', () => {
  it('escapes text and attributes and renders every text format bit', () => {
    const text = (t: string, format: number) => ({ type: 'text', text: t, format });
    const { html } = renderLexical({
      root: {
        children: [
          {
            type: 'paragraph',
            children: [
              text('<b>', 0),
              text('s', 4),
              text('u', 8),
              text('sub', 32),
              text('sup', 64),
              text('hi', 128),
              { type: 'linebreak' },
            ],
          },
          { type: 'link', url: 'javascript:"x"', children: [text('x', 0)] },
          { type: 'aside', children: [text('aside', 0)] },
        ],
      },
    });
    expect(html).toBe(
      '<p>&lt;b&gt;<s>s</s><u>u</u><sub>sub</sub><sup>sup</sup><mark>hi</mark><br></p>\n<a href="javascript:&quot;x&quot;">x</a>\n<blockquote class="kg-blockquote-alt"><p>aside</p></blockquote>',
    );
  });

  it('closes mobiledoc markups that a marker leaves open', () => {
    const { html } = renderMobiledoc({
      version: '0.3.1',
      markups: [['em'], ['script']],
      atoms: [],
      cards: [],
      sections: [
        [
          1,
          'p',
          [
            [0, [0, 1], 0, 'open'],
            [0, [], 1, ' still'],
          ],
        ],
      ],
    });
    expect(html).toBe('<p><em><span>open still</span></em></p>');
  });
});
