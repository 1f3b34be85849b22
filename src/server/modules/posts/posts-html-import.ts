import sanitizeHtml from 'sanitize-html';
import { normalizeDoc } from './posts-body-normalize';
import type { ProseMirrorNode } from './posts.table';

// Client HTML → allowlisted ProseMirror document. Two gates: sanitize-html first (a real HTML
// parser: drops scripts, iframes, SVG, styles, event handlers, javascript:/data: URLs and every tag
// or attribute off the list), then its small, regular output is read into editor nodes and passed
// through the same allowlist as the editor's JSON. The stored HTML is rendered from that document.

const BLOCK_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'pre', 'hr', 'img'];
const INLINE_TAGS = ['strong', 'em', 's', 'u', 'code', 'a', 'br'];

export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'], ol: ['start'], code: ['class'] },
  allowedClasses: { code: [/^language-[a-z0-9+#._-]{1,30}$/i] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Their text is dropped along with them (the default keeps the text of a removed tag).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'head',
  ],
  transformTags: { b: 'strong', i: 'em', strike: 's', del: 's', h5: 'h4', h6: 'h4' },
  disallowedTagsMode: 'discard',
};

/** HTML that holds only the allowlisted tags and attributes (still to be checked: relative URLs pass). */
export function sanitizeBodyHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

type Element = { tag: string; attrs: Record<string, string>; children: (Element | string)[] };

const VOID = new Set(['br', 'hr', 'img']);
const TOKEN = /<\/([a-z0-9]+)\s*>|<([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)|(<)/gi;
const ATTR = /([a-z-]+)(?:="([^"]*)")?/gi;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) => {
    const name = e.toLowerCase();
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[name] ?? '';
  });
}

/** sanitize-html's output (balanced, quoted attributes, escaped text) as a tree. */
function parse(html: string): Element {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const [, close, open, rawAttrs, text, stray] of html.matchAll(TOKEN)) {
    const top = stack[stack.length - 1];
    if (text !== undefined || stray !== undefined) {
      top.children.push(decodeEntities(text ?? stray));
    } else if (open) {
      const attrs: Record<string, string> = {};
      for (const [, name, value] of (rawAttrs ?? '').matchAll(ATTR))
        attrs[name.toLowerCase()] = decodeEntities(value ?? '');
      const element: Element = { tag: open.toLowerCase(), attrs, children: [] };
      top.children.push(element);
      if (!VOID.has(element.tag)) stack.push(element);
    } else if (close) {
      const index = stack.map((e) => e.tag).lastIndexOf(close.toLowerCase());
      if (index > 0) stack.length = index;
    }
  }
  return root;
}

type Mark = { type: string; attrs?: Record<string, unknown> };
const MARK_OF: Record<string, string> = {
  strong: 'bold',
  em: 'italic',
  s: 'strike',
  u: 'underline',
  code: 'code',
};
const CONTAINERS = new Set(['#root', 'blockquote', 'ul', 'ol', 'li']);

/** Editor nodes for one element's children; `marks` are those of the inline elements around them. */
function convertChildren(parent: Element, marks: Mark[], inPre: boolean): ProseMirrorNode[] {
  const out: ProseMirrorNode[] = [];
  for (const child of parent.children) {
    if (typeof child === 'string') {
      // Whitespace between blocks is layout, not content.
      if (CONTAINERS.has(parent.tag) && !child.trim()) continue;
      const text = inPre ? child : child.replace(/[\t\n\r ]+/g, ' ');
      if (text) out.push({ type: 'text', text, ...(marks.length && { marks }) });
    } else {
      out.push(...convert(child, marks, inPre));
    }
  }
  return out;
}

function convert(el: Element, marks: Mark[], inPre: boolean): ProseMirrorNode[] {
  const content = () => convertChildren(el, marks, inPre);
  switch (el.tag) {
    case 'p':
      return [{ type: 'paragraph', content: content() }];
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
      return [{ type: 'heading', attrs: { level: Number(el.tag[1]) }, content: content() }];
    case 'blockquote':
      return [{ type: 'blockquote', content: content() }];
    case 'ul':
      return [{ type: 'bulletList', content: content() }];
    case 'ol':
      return [{ type: 'orderedList', attrs: { start: Number(el.attrs.start ?? 1) }, content: content() }];
    case 'li':
      return [{ type: 'listItem', content: content() }];
    case 'pre': {
      const code = el.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
      const language = code?.attrs.class?.match(/language-(\S+)/)?.[1] ?? null;
      return [{ type: 'codeBlock', attrs: { language }, content: convertChildren(el, [], true) }];
    }
    case 'hr':
      return [{ type: 'horizontalRule' }];
    case 'img':
      return [{ type: 'image', attrs: { src: el.attrs.src, alt: el.attrs.alt ?? null } }];
    case 'br':
      return [{ type: 'hardBreak' }];
    case 'a':
      return convertChildren(el, [...marks, { type: 'link', attrs: { href: el.attrs.href } }], inPre);
    default: {
      const mark = MARK_OF[el.tag];
      return convertChildren(el, mark && !inPre ? [...marks, { type: mark }] : marks, inPre);
    }
  }
}

/** Client HTML → an allowlisted document (see the top of this file). */
export function htmlToDoc(html: string): ProseMirrorNode {
  if (!html.trim()) return { type: 'doc', content: [] };
  const tree = parse(sanitizeBodyHtml(html));
  return normalizeDoc({ type: 'doc', content: convertChildren(tree, [], false) });
}
