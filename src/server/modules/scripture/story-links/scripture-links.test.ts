import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../../tests/fixtures/xss-payloads';
import { prepareBody } from '../../posts/posts-html';
import { SANITIZE_OPTIONS } from '../../posts/posts-html-import';
import { CHUNK_CHARS, MAX_LINKS, MAX_LISTED_PASSAGES, linkScriptureReferences } from './scripture-links';

// The story body's scripture references as links (decision 048): exactly the reference's
// characters are wrapped, nothing else of the sanitised HTML changes, and nothing a writer can
// store turns into markup.

const a = (osis: string, text: string) =>
  `<a href="/scripture/${osis}" class="scripture-ref" data-osis="${osis}">${text}</a>`;

type Node = ReturnType<typeof parseDocument>['children'][number];
const tags = (html: string) =>
  DomUtils.findAll(() => true, parseDocument(html, { decodeEntities: true }).children);

const serialise = (nodes: Node[]) => DomUtils.getOuterHTML(nodes, { encodeEntities: 'utf8' });

/** The HTML with the scripture links taken out (their text left in place), written canonically. */
function withoutScriptureLinks(html: string): string {
  const document = parseDocument(html, { decodeEntities: true });
  for (const link of DomUtils.findAll(
    (el) => el.name === 'a' && el.attribs['data-osis'] !== undefined,
    document.children,
  )) {
    for (const child of [...link.children]) DomUtils.prepend(link, child);
    DomUtils.removeElement(link);
  }
  return serialise(document.children);
}

const canonical = (html: string) => serialise(parseDocument(html, { decodeEntities: true }).children);

describe('linkScriptureReferences: the references of a story body become passage links', () => {
  it('wraps exactly the reference and leaves every other byte of the body as stored', () => {
    const body =
      '<p>Tom &amp; Jerry &lt;3 &quot;quotes&quot;</p>' +
      '<p>For God so loved the world (John 3:16) &amp; more.</p>' +
      '<ol start="3"><li><p>Psalm 23</p></li></ol>' +
      '<img src="https://example.com/a.png?x=1&amp;y=2" alt="a &quot;b&quot;"><hr><p>The end.</p>';
    const { html, passages, translation, translationName } = linkScriptureReferences(body, 'en');
    expect(html).toBe(
      '<p>Tom &amp; Jerry &lt;3 &quot;quotes&quot;</p>' +
        `<p>For God so loved the world (${a('John.3.16', 'John 3:16')}) &amp; more.</p>` +
        `<ol start="3"><li><p>${a('Ps.23', 'Psalm 23')}</p></li></ol>` +
        '<img src="https://example.com/a.png?x=1&amp;y=2" alt="a &quot;b&quot;"><hr><p>The end.</p>',
    );
    expect(passages).toEqual([
      { osis: 'John.3.16', display: 'John 3:16' },
      { osis: 'Ps.23', display: 'Psalm 23' },
    ]);
    expect({ translation, translationName }).toEqual({
      translation: 'web',
      translationName: 'World English Bible',
    });
  });

  it('returns the body untouched when it cites nothing (and reads no further without a digit)', () => {
    for (const body of [
      '<p>No scripture here.</p>',
      '<p>Mark 2 days, John 3 people, Acts of kindness.</p>',
      '',
    ]) {
      const result = linkScriptureReferences(body, 'en');
      expect(result.html).toBe(body);
      expect(result.passages).toEqual([]);
    }
  });

  it('links inside nested inline markup, and a second passage written as a bare verse', () => {
    const { html, passages } = linkScriptureReferences(
      '<blockquote><p><strong><em>See John 3:16</em></strong> and Romans 8:28, <em>31</em>.</p></blockquote>',
      'en',
    );
    expect(html).toBe(
      `<blockquote><p><strong><em>See ${a('John.3.16', 'John 3:16')}</em></strong> and ` +
        `${a('Rom.8.28', 'Romans 8:28')}, <em>${a('Rom.8.31', '31')}</em>.</p></blockquote>`,
    );
    expect(passages.map((p) => p.osis)).toEqual(['John.3.16', 'Rom.8.28', 'Rom.8.31']);
  });

  it('never puts a link inside an existing link, but lists the passage it names', () => {
    const body =
      '<p><a href="https://www.biblegateway.com/passage/?search=John+3%3A16" rel="noopener nofollow ugc">John 3:16</a>' +
      ' and <a href="https://example.com" rel="noopener nofollow ugc"><strong>read Psalm 23 here</strong></a>, then Micah 6:8.</p>';
    const { html, passages } = linkScriptureReferences(body, 'en');
    expect(html).toBe(body.replace('Micah 6:8', a('Mic.6.8', 'Micah 6:8')));
    expect(
      tags(html).filter((el) => el.name === 'a' && DomUtils.findOne((c) => c.name === 'a', el.children)),
    ).toEqual([]);
    expect(passages.map((p) => p.osis)).toEqual(['John.3.16', 'Ps.23', 'Mic.6.8']);
  });

  it('leaves a reference split across tags as written', () => {
    for (const body of [
      '<p><strong>John</strong> 3:16</p>',
      '<p>John <em>3:16</em></p>',
      '<p>John 3:<u>16</u> says it.</p>',
      '<p>Read <a href="https://example.com" rel="noopener nofollow ugc">John</a> 3:16.</p>',
    ]) {
      const { html, passages } = linkScriptureReferences(body, 'en');
      expect(html, body).toBe(body);
      // Still scripture the story cites: listed, and linked from the list.
      expect(
        passages.map((p) => p.osis),
        body,
      ).toEqual(['John.3.16']);
    }
  });

  it('reads no reference across two blocks, a line break, or code', () => {
    for (const body of [
      '<p>We read John</p><p>3:16 and more.</p>',
      '<p>We read John<br>3:16 together.</p>',
      '<p>Type <code>John 3:16</code> in the box.</p>',
      '<pre><code class="language-text">Romans 8:28</code></pre>',
    ]) {
      const { html, passages } = linkScriptureReferences(body, 'en');
      expect(html, body).toBe(body);
      expect(passages, body).toEqual([]);
    }
  });

  it('links headings, and lists each passage once in order of first appearance', () => {
    const { html, passages } = linkScriptureReferences(
      '<h2>Psalm 23</h2><p>Then John 3:16.</p><p>Again Psalm 23, and (Matthew 11:28).</p>',
      'en',
    );
    expect((html.match(/class="scripture-ref"/g) ?? []).length).toBe(4);
    expect(html.startsWith(`<h2>${a('Ps.23', 'Psalm 23')}</h2>`)).toBe(true);
    expect(passages).toEqual([
      { osis: 'Ps.23', display: 'Psalm 23' },
      { osis: 'John.3.16', display: 'John 3:16' },
      { osis: 'Matt.11.28', display: 'Matthew 11:28' },
    ]);
  });

  it('lists the passages of the title first, links none in it, and lists at most 200 passages', () => {
    const { html, passages } = linkScriptureReferences(
      '<p>Also John 3:16 and Psalm 23.</p>',
      'en',
      'Psalm 23 for the weary',
    );
    expect(html).toBe(`<p>Also ${a('John.3.16', 'John 3:16')} and ${a('Ps.23', 'Psalm 23')}.</p>`);
    expect(passages.map((p) => p.osis)).toEqual(['Ps.23', 'John.3.16']);
    expect(linkScriptureReferences('<p>Nothing.</p>', 'en', 'On Romans 8:28').passages).toEqual([
      { osis: 'Rom.8.28', display: 'Romans 8:28' },
    ]);

    const psalms = Array.from({ length: 150 }, (_, i) => `Psalm ${i + 1}`).join(', ');
    const proverbs = Array.from({ length: 31 }, (_, i) => `Proverbs ${i + 1}:1, Proverbs ${i + 1}:2`).join(
      '; ',
    );
    const many = linkScriptureReferences(`<p>${psalms}.</p><p>${proverbs}.</p>`, 'en');
    expect((many.html.match(/class="scripture-ref"/g) ?? []).length).toBe(150 + 62);
    expect(many.passages).toHaveLength(MAX_LISTED_PASSAGES);
    expect(many.passages.at(-1)).toEqual({ osis: 'Prov.25.2', display: 'Proverbs 25:2' });
  });

  it('reads a Chinese story in Chinese: 约翰福音 3:16 and 约3:16, shown in the CUV', () => {
    const { html, passages, translation, translationName } = linkScriptureReferences(
      '<p>正如约翰福音 3:16所说：神爱世人。又见约3:16，以及詩篇 23篇。</p>',
      'zh',
    );
    expect(html).toBe(
      `<p>正如${a('John.3.16', '约翰福音 3:16')}所说：神爱世人。又见${a('John.3.16', '约3:16')}，以及${a('Ps.23', '詩篇 23篇')}。</p>`,
    );
    expect(passages).toEqual([
      { osis: 'John.3.16', display: '约翰福音 3:16' },
      { osis: 'Ps.23', display: '诗篇 23' },
    ]);
    expect({ translation, translationName }).toEqual({ translation: 'cuv', translationName: '和合本' });
    // Any Chinese code reads as Chinese; any other language as English.
    expect(linkScriptureReferences('<p>約翰福音 3:16</p>', 'zh-TW').translation).toBe('cuv');
    expect(linkScriptureReferences('<p>John 3:16</p>', 'fr').translation).toBe('web');
    // "约" alone is the everyday word "about": with no chapter:verse it is nothing.
    expect(linkScriptureReferences('<p>约3天以后，我们见面。</p>', 'zh').passages).toEqual([]);
  });

  it('handles 100 KB of text without a space, and thousands of references, to a right answer', () => {
    const prose = '神爱世人甚至将他的独生子赐给他们'.repeat(3_200); // ~51,000 characters
    const chinese = `<p>${prose}约翰福音3:16${prose}约3:17</p>`;
    expect(chinese.length).toBeGreaterThan(100_000);
    const zh = linkScriptureReferences(chinese, 'zh');
    expect(zh.passages.map((p) => p.osis)).toEqual(['John.3.16', 'John.3.17']);
    expect(zh.html).toBe(
      `<p>${prose}${a('John.3.16', '约翰福音3:16')}${prose}${a('John.3.17', '约3:17')}</p>`,
    );

    const digits = `<p>${'a1:'.repeat(34_000)}</p>`;
    expect(linkScriptureReferences(digits, 'en').html).toBe(digits);

    // Reading stops after MAX_LINKS references: a story pasted full of them costs one chunk or two.
    const many = `<p>${Array.from({ length: 5_000 }, (_, i) => `John 3:${(i % 36) + 1}`).join('; ')}</p>`;
    const linked = linkScriptureReferences(many, 'en');
    const links = (html: string) => (html.match(/class="scripture-ref"/g) ?? []).length;
    expect(links(linked.html)).toBeGreaterThanOrEqual(MAX_LINKS);
    expect(links(linked.html)).toBeLessThan(MAX_LINKS + CHUNK_CHARS / 5);
    expect(linked.passages).toHaveLength(36);
    const dense = linkScriptureReferences(`<p>${'约3:16'.repeat(20_000)}</p>`, 'zh');
    expect(links(dense.html)).toBeGreaterThanOrEqual(MAX_LINKS);
    expect(links(dense.html)).toBeLessThan(MAX_LINKS + CHUNK_CHARS / 5);
    expect(dense.passages).toEqual([{ osis: 'John.3.16', display: '约翰福音 3:16' }]);
    // What follows them is not read at all (the bound is on the reading, not only on the links).
    const late = linkScriptureReferences(`<p>${'John 3:16; '.repeat(2_000)}Psalm 23.</p>`, 'en');
    expect(late.passages.map((p) => p.osis)).toEqual(['John.3.16']);
    // References spread through a long story are all read, block after block.
    const spread = Array.from(
      { length: 300 },
      (_, i) => `<p>${'Grace and peace. '.repeat(20)}Psalm ${(i % 150) + 1}.</p>`,
    );
    expect(linkScriptureReferences(spread.join(''), 'en').passages).toHaveLength(150);
  });

  it('never misreads a reference where a run of text without a break had to be cut', () => {
    const text = (before: number) => `<p>${'神'.repeat(before)}约翰福音3:16-18${'神'.repeat(3_000)}</p>`;
    // Cut at CHUNK_CHARS, inside "约翰福音3:|16-18": neither half is read as a passage.
    const cut = CHUNK_CHARS - '约翰福音3:'.length;
    expect(linkScriptureReferences(text(cut), 'zh').passages).toEqual([]);
    // Away from the cut it reads whole.
    expect(linkScriptureReferences(text(cut - 200), 'zh').passages).toEqual([
      { osis: 'John.3.16-John.3.18', display: '约翰福音 3:16–18' },
    ]);
  });
});

describe('linkScriptureReferences: stored XSS payloads stay inert', () => {
  const allowedTags = new Set(SANITIZE_OPTIONS.allowedTags as string[]);
  const allowedAttributes = SANITIZE_OPTIONS.allowedAttributes as Record<string, string[]>;

  /** Bodies as the API stores them (prepareBody), each citing scripture beside the payloads. */
  const bodies = XSS_PAYLOADS.flatMap((payload) => [
    prepareBody({ bodyHtml: `${payload}<p>Read John 3:16 ${payload}</p>` }).bodyHtml,
    prepareBody({
      bodyJson: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: `${payload} (Psalm 23) ${payload} John 3:16` }],
          },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Romans 8:28', marks: [{ type: 'link', attrs: { href: payload } }] },
            ],
          },
        ],
      },
    }).bodyHtml,
  ]);

  it('adds nothing but the scripture links, each of the one safe shape', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    let links = 0;
    for (const body of bodies) {
      const { html } = linkScriptureReferences(body, 'en');
      // Take the scripture links out again: what is left is the stored body, node for node.
      expect(withoutScriptureLinks(html), body).toBe(canonical(body));
      for (const el of tags(html)) {
        expect(allowedTags.has(el.name), `${el.name} in ${body}`).toBe(true);
        const names = Object.keys(el.attribs);
        if (el.attribs['data-osis'] !== undefined) {
          links++;
          expect(names.sort()).toEqual(['class', 'data-osis', 'href']);
          expect(el.attribs.class).toBe('scripture-ref');
          expect(el.attribs['data-osis']).toMatch(
            /^[1-3]?[A-Za-z]+\.\d+(\.\d+)?(-[1-3]?[A-Za-z]+\.\d+(\.\d+)?)?$/,
          );
          expect(el.attribs.href).toBe(`/scripture/${el.attribs['data-osis']}`);
        } else {
          // The renderer's own rel on writers' links; every other attribute is the allowlist's.
          const allowed = [...(allowedAttributes[el.name] ?? []), ...(el.name === 'a' ? ['rel'] : [])];
          for (const name of names) expect(allowed, `${el.name}[${name}] in ${body}`).toContain(name);
        }
      }
    }
    // The payloads sat right beside the references: most were still read and linked.
    expect(links).toBeGreaterThan(XSS_PAYLOADS.length);
  });
});
