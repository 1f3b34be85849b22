import { escapeAttr, escapeHtml } from './html-text';

// Ghost keeps a post's body as editor JSON — Lexical (Ghost 5's editor) or Mobiledoc (before
// it) — and its exports carry `html` rendered from it. When an export has no html (exports made
// by tools, or trimmed by hand), this renders the common node and card types to HTML itself, the
// way Ghost's kg-default-nodes and mobiledoc renderers do, and says which cards it dropped.
// Formats: Lexical's serialized nodes (lexical.dev, SerializedLexicalNode) with Ghost's cards
// (TryGhost/Koenig, packages/kg-default-nodes); Mobiledoc 0.3 (bustle/mobiledoc-kit, MOBILEDOC.md).

export type Rendered = { html: string; notes: string[] };

type Json = Record<string, unknown>;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string => (typeof v === 'string' ? v : '');
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// ── Lexical ──────────────────────────────────────────────────────────────────────────────────

/** Lexical's text format bits and the tags they render as, outermost first. */
const FORMATS: [number, string][] = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [8, 'u'],
  [16, 'code'],
  [32, 'sub'],
  [64, 'sup'],
  [128, 'mark'],
];

export function renderLexical(source: string | Json): Rendered {
  const notes: string[] = [];
  const doc = typeof source === 'string' ? (JSON.parse(source) as unknown) : source;
  const root = isObject(doc) && isObject(doc.root) ? doc.root : null;
  if (!root) return { html: '', notes: ['The lexical body could not be read.'] };
  const html = asArray(root.children)
    .map((node) => lexicalNode(node, notes))
    .filter(Boolean)
    .join('\n');
  return { html, notes: unique(notes) };
}

function lexicalChildren(node: Json, notes: string[]): string {
  return asArray(node.children)
    .map((child) => lexicalNode(child, notes))
    .join('');
}

function lexicalNode(node: unknown, notes: string[]): string {
  if (!isObject(node)) return '';
  const type = asString(node.type);
  switch (type) {
    case 'text':
    case 'extended-text': {
      const format = typeof node.format === 'number' ? node.format : 0;
      let html = escapeHtml(asString(node.text));
      for (const [bit, tag] of [...FORMATS].reverse()) {
        if (format & bit) html = `<${tag}>${html}</${tag}>`;
      }
      return html;
    }
    case 'linebreak':
      return '<br>';
    case 'tab':
      return '\t';
    case 'paragraph':
      return `<p>${lexicalChildren(node, notes)}</p>`;
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(asString(node.tag)) ? asString(node.tag) : 'h2';
      return `<${tag}>${lexicalChildren(node, notes)}</${tag}>`;
    }
    case 'quote':
    case 'extended-quote':
      return `<blockquote><p>${lexicalChildren(node, notes)}</p></blockquote>`;
    case 'aside':
      return `<blockquote class="kg-blockquote-alt"><p>${lexicalChildren(node, notes)}</p></blockquote>`;
    case 'list': {
      const tag = node.listType === 'number' ? 'ol' : 'ul';
      return `<${tag}>${lexicalChildren(node, notes)}</${tag}>`;
    }
    case 'listitem':
      return `<li>${lexicalChildren(node, notes)}</li>`;
    case 'link':
    case 'autolink':
      return `<a href="${escapeAttr(asString(node.url))}">${lexicalChildren(node, notes)}</a>`;
    case 'horizontalrule':
      return '<hr>';
    case 'image':
      return imageFigure(node);
    case 'gallery':
      return galleryFigures(asArray(node.images), asString(node.caption));
    case 'codeblock':
    case 'code':
      if (type === 'code' && Array.isArray(node.children)) {
        return `<pre><code>${escapeHtml(plainText(node))}</code></pre>`;
      }
      return codeBlock(asString(node.code), asString(node.language));
    case 'html':
    case 'embed':
      return asString(node.html);
    case 'markdown':
      return markdownAsText(asString(node.markdown), notes);
    case 'bookmark': {
      const url = asString(node.url);
      const meta = isObject(node.metadata) ? node.metadata : {};
      const title = asString(meta.title) || url;
      return url ? `<p><a href="${escapeAttr(url)}">${escapeHtml(title)}</a></p>` : '';
    }
    case 'callout':
      return `<blockquote><p>${asString(node.calloutText)}</p></blockquote>`;
    case 'button': {
      const url = asString(node.buttonUrl);
      return url
        ? `<p><a href="${escapeAttr(url)}">${escapeHtml(asString(node.buttonText) || url)}</a></p>`
        : '';
    }
    case 'toggle':
      return `<h4>${asString(node.heading)}</h4>${asString(node.content)}`;
    default:
      notes.push(`Ghost “${type || 'unknown'}” card dropped.`);
      return '';
  }
}

function plainText(node: Json): string {
  if (node.type === 'text' || node.type === 'code-highlight') return asString(node.text);
  if (node.type === 'linebreak') return '\n';
  return asArray(node.children)
    .map((c) => (isObject(c) ? plainText(c) : ''))
    .join('');
}

// ── Mobiledoc ────────────────────────────────────────────────────────────────────────────────

const MARKUP_TAGS = new Set(['a', 'b', 'code', 'em', 'i', 's', 'strong', 'sub', 'sup', 'u', 'mark']);
const SECTION_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside', 'pull-quote']);

export function renderMobiledoc(source: string | Json): Rendered {
  const notes: string[] = [];
  const doc = typeof source === 'string' ? (JSON.parse(source) as unknown) : source;
  if (!isObject(doc)) return { html: '', notes: ['The mobiledoc body could not be read.'] };
  const markups = asArray(doc.markups);
  const atoms = asArray(doc.atoms);
  const cards = asArray(doc.cards);

  const markers = (list: unknown): string => {
    let html = '';
    const open: string[] = [];
    for (const marker of asArray(list)) {
      const [kind, opens, closeCount, value] = asArray(marker);
      for (const index of asArray(opens)) {
        const [tag, attrs] = asArray(markups[Number(index)]);
        const name = asString(tag).toLowerCase();
        const safe = MARKUP_TAGS.has(name) ? name : 'span';
        const attributes = asArray(attrs);
        let attrText = '';
        for (let i = 0; i + 1 < attributes.length; i += 2) {
          if (asString(attributes[i]) === 'href')
            attrText += ` href="${escapeAttr(asString(attributes[i + 1]))}"`;
        }
        html += `<${safe}${attrText}>`;
        open.push(safe);
      }
      if (kind === 0) {
        html += escapeHtml(asString(value));
      } else if (kind === 1) {
        const [atomName, atomText] = asArray(atoms[Number(value)]);
        if (atomName === 'soft-return') html += '<br>';
        else html += escapeHtml(asString(atomText));
      }
      for (let i = 0; i < Number(closeCount) && open.length > 0; i++) html += `</${open.pop()}>`;
    }
    while (open.length > 0) html += `</${open.pop()}>`;
    return html;
  };

  const parts: string[] = [];
  for (const section of asArray(doc.sections)) {
    const [type, a, b] = asArray(section);
    if (type === 1) {
      const tag = asString(a).toLowerCase();
      const inner = markers(b);
      if (tag === 'blockquote' || tag === 'pull-quote')
        parts.push(`<blockquote><p>${inner}</p></blockquote>`);
      else if (tag === 'aside')
        parts.push(`<blockquote class="kg-blockquote-alt"><p>${inner}</p></blockquote>`);
      else
        parts.push(`<${SECTION_TAGS.has(tag) ? tag : 'p'}>${inner}</${SECTION_TAGS.has(tag) ? tag : 'p'}>`);
    } else if (type === 2) {
      parts.push(`<figure><img src="${escapeAttr(asString(a))}" alt=""></figure>`);
    } else if (type === 3) {
      const tag = asString(a).toLowerCase() === 'ol' ? 'ol' : 'ul';
      parts.push(
        `<${tag}>${asArray(b)
          .map((item) => `<li>${markers(item)}</li>`)
          .join('')}</${tag}>`,
      );
    } else if (type === 10) {
      const [name, payload] = asArray(cards[Number(a)]);
      parts.push(mobiledocCard(asString(name), isObject(payload) ? payload : {}, notes));
    }
  }
  return { html: parts.filter(Boolean).join('\n'), notes: unique(notes) };
}

function mobiledocCard(name: string, payload: Json, notes: string[]): string {
  switch (name) {
    case 'image':
      return imageFigure(payload);
    case 'gallery':
      return galleryFigures(asArray(payload.images), asString(payload.caption));
    case 'html':
    case 'embed':
      return asString(payload.html);
    case 'markdown':
    case 'card-markdown':
      return markdownAsText(asString(payload.markdown), notes);
    case 'code':
      return codeBlock(asString(payload.code), asString(payload.language));
    case 'hr':
      return '<hr>';
    case 'bookmark': {
      const url = asString(payload.url);
      const meta = isObject(payload.metadata) ? payload.metadata : {};
      return url ? `<p><a href="${escapeAttr(url)}">${escapeHtml(asString(meta.title) || url)}</a></p>` : '';
    }
    case 'callout':
      return `<blockquote><p>${asString(payload.calloutText)}</p></blockquote>`;
    default:
      notes.push(`Ghost “${name || 'unknown'}” card dropped.`);
      return '';
  }
}

// ── shared cards ─────────────────────────────────────────────────────────────────────────────

function imageFigure(node: Json): string {
  const src = asString(node.src);
  if (!src) return '';
  const img = `<img src="${escapeAttr(src)}" alt="${escapeAttr(asString(node.alt))}">`;
  const href = asString(node.href);
  const linked = href ? `<a href="${escapeAttr(href)}">${img}</a>` : img;
  const caption = asString(node.caption);
  return `<figure>${linked}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

function galleryFigures(images: unknown[], caption: string): string {
  const figures = images.filter(isObject).map((image) => imageFigure({ ...image, caption: '' }));
  if (figures.length === 0) return '';
  if (caption)
    figures[figures.length - 1] = figures[figures.length - 1]!.replace(
      '</figure>',
      `<figcaption>${caption}</figcaption></figure>`,
    );
  return figures.join('\n');
}

function codeBlock(code: string, language: string): string {
  const cls = /^[\w+#-]+$/.test(language) ? ` class="language-${language}"` : '';
  return `<pre><code${cls}>${escapeHtml(code)}</code></pre>`;
}

/** Markdown cards are kept as their text, a paragraph per blank-line block (no Markdown library). */
function markdownAsText(markdown: string, notes: string[]): string {
  if (!markdown.trim()) return '';
  notes.push('A Markdown card was imported as plain text.');
  return markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function unique(notes: string[]): string[] {
  return [...new Set(notes)];
}
