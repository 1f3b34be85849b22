import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { storyPayload } from '../factories/posts';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// DESIGN §9: the body is rebuilt on the server from an allowlist; only that form is stored and
// returned. Text fields are text: returned as typed (pages escape them), never turned into markup.

const XSS_HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://ok.example/" onclick="alert(1)" target="_self">ok</a>',
  '<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">hover</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="//evil.example/x.png">',
  '<img src="/uploads/../api/users">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<code class="language-js\" onclick=\"alert(1)">x</code>',
];

const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  's',
  'u',
  'code',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'hr',
  'img',
  'br',
]);
const ATTRS: Record<string, string[]> = {
  a: ['href', 'rel'],
  img: ['src', 'alt'],
  ol: ['start'],
  code: ['class'],
};

/** Every tag and attribute of the stored HTML is on the allowlist, and every URL is a safe one. */
function expectInert(html: string) {
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    expect(ALLOWED.has(name), `<${name}> in ${html}`).toBe(true);
    for (const [, attr, value] of attrs.matchAll(/([^\s=]+)="([^"]*)"/g)) {
      expect(ATTRS[name] ?? [], `${attr} on <${name}> in ${html}`).toContain(attr);
      if (attr === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/);
      if (attr === 'src') expect(value).toMatch(/^(https?:\/\/[^/]|\/uploads\/(?!.*\.\.))/);
      if (attr === 'rel') expect(value).toBe('noopener nofollow ugc');
      if (attr === 'class') expect(value).toMatch(/^language-[a-z0-9+#._-]+$/i);
    }
  }
  // Text is escaped, so every '<' left starts a real tag: none of them may carry anything active.
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    expect(tag).not.toMatch(
      /<\/?(script|iframe|svg|style|object|embed|math|form|meta|base)|javascript:|data:|\son\w+=/i,
    );
  }
}

describe('posts API: sanitising', () => {
  let author: string;
  beforeAll(async () => {
    const { db } = await useTestDatabase();
    author = (await createUser(db)).id;
  });

  it('bodyHtml: every payload comes back inert, and the allowed markup survives', async () => {
    // Allowed markup first: an unclosed <style> or <noscript> payload swallows what follows it.
    const html =
      '<h2>Kept</h2><p><a href="https://ok.example/x?a=1&amp;b=2">link</a> <b>bold</b></p>' +
      XSS_HTML.join('\n');
    const res = await call('POST', '/api/posts/new/draft', {
      as: author,
      body: storyPayload({ bodyJson: undefined, bodyHtml: html }),
    });
    expect(res.status).toBe(201);
    expectInert(res.json.bodyHtml);
    expect(res.json.bodyHtml).toContain('<h2>Kept</h2>');
    expect(res.json.bodyHtml).toContain(
      '<a href="https://ok.example/x?a=1&amp;b=2" rel="noopener nofollow ugc">link</a>',
    );
    expect(res.json.bodyHtml).toContain('<strong>bold</strong>');
    expect(res.json.bodyJson.type).toBe('doc');
    for (const payload of XSS_HTML) {
      const one = await call('POST', '/api/posts/new/draft', {
        as: author,
        body: storyPayload({ bodyJson: undefined, bodyHtml: payload }),
      });
      expectInert(one.json.bodyHtml);
    }
  });

  it('bodyJson: unknown nodes, unsafe marks and attributes are dropped; text is escaped', async () => {
    const bodyJson = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { onclick: 'alert(1)' },
          content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }],
        },
        { type: 'iframe', attrs: { src: 'javascript:alert(1)' }, content: [{ type: 'text', text: 'inner' }] },
        { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
        {
          type: 'image',
          attrs: { src: 'https://img.example/a.png', alt: '"><script>alert(1)</script>', onerror: 'x' },
        },
        { type: 'heading', attrs: { level: 9 }, content: [{ type: 'text', text: 'Big' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            {
              type: 'text',
              text: 'quote',
              marks: [{ type: 'link', attrs: { href: 'https://a.example/"onmouseover="alert(1)' } }],
            },
            {
              type: 'text',
              text: 'style',
              marks: [{ type: 'textStyle', attrs: { style: 'x' } }, { type: 'bold' }],
            },
          ],
        },
        {
          type: 'codeBlock',
          attrs: { language: '"><script>' },
          content: [{ type: 'text', text: '<script>alert(1)</script>' }],
        },
      ],
    };
    const res = await call('POST', '/api/posts/new/draft', { as: author, body: storyPayload({ bodyJson }) });
    expect(res.status).toBe(201);
    expectInert(res.json.bodyHtml);
    expect(res.json.bodyHtml).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p><p>inner</p>' +
        '<img src="https://img.example/a.png" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">' +
        '<h4>Big</h4><p>badquote<strong>style</strong></p>' +
        '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
    );
    // The stored document holds only allowlisted node types, marks and attributes.
    const types = new Set<string>();
    const attrs = new Set<string>();
    const walk = (node: any) => {
      types.add(node.type);
      for (const mark of node.marks ?? []) types.add(mark.type);
      for (const key of Object.keys(node.attrs ?? {})) attrs.add(key);
      (node.content ?? []).forEach(walk);
    };
    walk(res.json.bodyJson);
    expect([...types].sort()).toEqual(['bold', 'codeBlock', 'doc', 'heading', 'image', 'paragraph', 'text']);
    expect([...attrs].sort()).toEqual(['alt', 'language', 'level', 'src']);
  });

  it('title, excerpt and tags are plain text: returned as typed, minus control and bidi characters', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const res = await call('POST', '/api/posts/new/publish', {
      as: author,
      body: storyPayload({
        title: `  ${payload}\u0000\u202e\u0007 `,
        excerpt: `"><script>alert(1)</script>\r\nline two`,
        tags: [{ name: '<b>tag</b>' }],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.json.title).toBe(payload);
    expect(res.json.excerpt).toBe('"><script>alert(1)</script>\nline two');
    expect(res.json.tags).toEqual([{ name: '<b>tag</b>', slug: 'b-tag-b' }]);
    expect(res.json.slug).toBe('img-src-x-onerror-alert-1');
    expectInert(res.json.bodyHtml);
  });

  it('a feature image must be an http(s) or /uploads/ address', async () => {
    for (const featureImageUrl of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/uploads/../x',
    ]) {
      const res = await call('POST', '/api/posts/new/draft', {
        as: author,
        body: storyPayload({ featureImageUrl }),
      });
      expect(res.status, featureImageUrl).toBe(400);
    }
  });
});
