import type { ProseMirrorNode } from './posts.table';

// The story body's allowlist (DESIGN §9), as a ProseMirror document: whatever the client sends is
// rebuilt from these nodes and marks only, with only these attributes, in the editor's structure.
// Anything else is dropped (an unknown node keeps its text, an unknown mark just disappears).
//
// Nodes: doc, paragraph, heading (1–4), text, bulletList, orderedList, listItem, blockquote,
// codeBlock, horizontalRule, image (src http(s) or /uploads/, alt), hardBreak.
// Marks: bold, italic, strike, underline, code, link (href http, https or mailto).

type Mark = NonNullable<ProseMirrorNode['marks']>[number];

const MARK_ORDER = ['link', 'bold', 'italic', 'strike', 'underline', 'code'] as const;
const INLINE = new Set(['text', 'hardBreak']);
/** Nested deeper than this, content is dropped: no stack overflow, no pathological documents. */
const MAX_DEPTH = 32;
const MAX_URL = 2048;

/** A link target: absolute http(s) or mailto only; anything else (javascript:, data:, relative) is refused. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.trim();
  if (href.length === 0 || href.length > MAX_URL || /[\s<>"'`\\]/.test(href)) return null;
  if (/^mailto:[^/]/i.test(href)) return href;
  return /^https?:\/\/[^/?#]+/i.test(href) && URL.canParse(href) ? href : null;
}

/** An image source: absolute http(s), or one of our own uploads ('/uploads/…', no '..'). */
export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const src = value.trim();
  if (src.length === 0 || src.length > MAX_URL || /[\s<>"'`\\]/.test(src)) return null;
  if (src.startsWith('/uploads/')) return src.includes('..') ? null : src;
  return /^https?:\/\/[^/?#]+/i.test(src) && URL.canParse(src) ? src : null;
}

const isNode = (value: unknown): value is ProseMirrorNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

const childrenOf = (node: ProseMirrorNode): ProseMirrorNode[] =>
  Array.isArray(node.content) ? node.content.filter(isNode) : [];

const textOf = (node: ProseMirrorNode): string =>
  node.type === 'text'
    ? typeof node.text === 'string'
      ? node.text
      : ''
    : node.type === 'hardBreak'
      ? '\n'
      : childrenOf(node).map(textOf).join('');

function cleanMarks(marks: unknown): Mark[] {
  if (!Array.isArray(marks)) return [];
  const kept = new Map<string, Mark>();
  for (const mark of marks) {
    if (!isNode(mark) || kept.has(mark.type)) continue;
    if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.href);
      if (href) kept.set('link', { type: 'link', attrs: { href } });
    } else if ((MARK_ORDER as readonly string[]).includes(mark.type)) {
      kept.set(mark.type, { type: mark.type });
    }
  }
  return MARK_ORDER.flatMap((type) => kept.get(type) ?? []);
}

/** Inline content: text (with allowed marks) and hard breaks. */
function inlineNode(node: ProseMirrorNode): ProseMirrorNode | null {
  if (node.type === 'hardBreak') return { type: 'hardBreak' };
  const text = typeof node.text === 'string' ? node.text.replace(/\u0000/g, '') : '';
  if (!text) return null;
  const marks = cleanMarks(node.marks);
  return marks.length ? { type: 'text', text, marks } : { type: 'text', text };
}

const withContent = (type: string, content: ProseMirrorNode[], attrs?: Record<string, unknown>) => ({
  type,
  ...(attrs && { attrs }),
  ...(content.length > 0 && { content }),
});

/**
 * A textblock (paragraph, heading): its inline children, split around any block that turns up
 * inside (an image pasted into a paragraph becomes paragraph, image, paragraph).
 */
function textblock(
  node: ProseMirrorNode,
  depth: number,
  make: (inline: ProseMirrorNode[]) => ProseMirrorNode,
) {
  const out: ProseMirrorNode[] = [];
  let run: ProseMirrorNode[] = [];
  const flush = (force: boolean) => {
    if (run.length || force) out.push(make(run));
    run = [];
  };
  for (const child of childrenOf(node)) {
    if (INLINE.has(child.type)) {
      const inline = inlineNode(child);
      if (inline) run.push(inline);
    } else {
      flush(false);
      out.push(...blocks([child], depth + 1));
    }
  }
  flush(out.length === 0);
  return out;
}

function block(node: ProseMirrorNode, depth: number): ProseMirrorNode[] {
  switch (node.type) {
    case 'paragraph':
      return textblock(node, depth, (inline) => withContent('paragraph', inline));
    case 'heading': {
      const raw = Number(node.attrs?.level);
      const level = Number.isInteger(raw) ? Math.min(4, Math.max(1, raw)) : 2;
      return textblock(node, depth, (inline) => withContent('heading', inline, { level }));
    }
    case 'blockquote':
      return [withContent('blockquote', blocksOrEmpty(childrenOf(node), depth + 1))];
    case 'bulletList':
    case 'orderedList': {
      const items = childrenOf(node).map((child) =>
        child.type === 'listItem' ? child : { type: 'listItem', content: [child] },
      );
      const content = items.map((item) => listItem(item, depth + 1));
      if (content.length === 0) return [];
      if (node.type === 'bulletList') return [{ type: 'bulletList', content }];
      const raw = Number(node.attrs?.start);
      const start = Number.isInteger(raw) && raw >= 0 && raw < 1_000_000 ? raw : 1;
      return [{ type: 'orderedList', attrs: { start }, content }];
    }
    case 'listItem':
      return [listItem(node, depth)];
    case 'codeBlock': {
      const raw = node.attrs?.language;
      const language = typeof raw === 'string' && /^[a-z0-9+#._-]{1,30}$/i.test(raw) ? raw : null;
      const text = textOf(node).replace(/\u0000/g, '');
      return [{ type: 'codeBlock', attrs: { language }, ...(text && { content: [{ type: 'text', text }] }) }];
    }
    case 'horizontalRule':
      return [{ type: 'horizontalRule' }];
    case 'image': {
      const src = safeImageSrc(node.attrs?.src);
      if (!src) return [];
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt.slice(0, 500) : null;
      return [{ type: 'image', attrs: { src, alt } }];
    }
    default:
      // Unknown containers are unwrapped: their allowed content survives, the wrapper does not.
      return blocks(childrenOf(node), depth + 1);
  }
}

function listItem(node: ProseMirrorNode, depth: number): ProseMirrorNode {
  const content = blocksOrEmpty(childrenOf(node), depth + 1);
  // The editor's schema: a list item starts with a paragraph.
  if (content[0].type !== 'paragraph') content.unshift({ type: 'paragraph' });
  return { type: 'listItem', content };
}

/** Block content: loose inline nodes are gathered into paragraphs. */
function blocks(nodes: ProseMirrorNode[], depth: number): ProseMirrorNode[] {
  if (depth > MAX_DEPTH) return [];
  const out: ProseMirrorNode[] = [];
  let loose: ProseMirrorNode[] = [];
  const flush = () => {
    if (loose.length) out.push(...block({ type: 'paragraph', content: loose }, depth));
    loose = [];
  };
  for (const node of nodes) {
    if (INLINE.has(node.type)) {
      loose.push(node);
    } else {
      flush();
      out.push(...block(node, depth));
    }
  }
  flush();
  return out;
}

const blocksOrEmpty = (nodes: ProseMirrorNode[], depth: number) => {
  const content = blocks(nodes, depth);
  return content.length ? content : [{ type: 'paragraph' }];
};

/** The document rebuilt from the allowlist. Anything that is not a doc yields an empty document. */
export function normalizeDoc(input: unknown): ProseMirrorNode {
  if (!isNode(input) || input.type !== 'doc') return { type: 'doc', content: [] };
  return { type: 'doc', content: blocks(childrenOf(input), 0) };
}
