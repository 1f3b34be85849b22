import { normalizeDoc, safeHref, safeImageSrc } from './posts-body-normalize';
import { htmlToDoc } from './posts-html-import';
import { countWords, readingMinutesFor } from './posts-reading-time';
import type { ProseMirrorNode } from './posts.table';
import { escapeHtml } from '../../lib/escape-html';

// The one way a story body is made on the server (DESIGN §1 editor, §9 sanitising). Whatever the
// client sends — the editor's ProseMirror JSON, or HTML — becomes a document of allowlisted nodes
// (posts-body-normalize.ts), and the stored HTML is always rendered here from that document. Client
// HTML is never stored: it is only read, through sanitize-html and then the same allowlist.

export type PreparedBody = {
  bodyJson: ProseMirrorNode;
  bodyHtml: string;
  bodyText: string;
  wordCount: number;
  readingMinutes: number;
};

const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  strike: 's',
  underline: 'u',
  code: 'code',
};

function renderText(node: ProseMirrorNode): string {
  let html = escapeHtml(node.text ?? '');
  // Marks are in canonical order (link outermost): wrap from the innermost outwards.
  for (const mark of [...(node.marks ?? [])].reverse()) {
    if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.href);
      if (href) html = `<a href="${escapeHtml(href)}" rel="noopener nofollow ugc">${html}</a>`;
    } else if (MARK_TAGS[mark.type]) {
      const tag = MARK_TAGS[mark.type];
      html = `<${tag}>${html}</${tag}>`;
    }
  }
  return html;
}

function renderNode(node: ProseMirrorNode): string {
  const inner = () => (node.content ?? []).map(renderNode).join('');
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'hardBreak':
      return '<br>';
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const level = Math.min(4, Math.max(1, Number(node.attrs?.level) || 2));
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      return Number.isInteger(start) && start !== 1
        ? `<ol start="${start}">${inner()}</ol>`
        : `<ol>${inner()}</ol>`;
    }
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'codeBlock': {
      const language = node.attrs?.language;
      const cls = typeof language === 'string' ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre><code${cls}>${escapeHtml((node.content ?? []).map((t) => t.text ?? '').join(''))}</code></pre>`;
    }
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const src = safeImageSrc(node.attrs?.src);
      if (!src) return '';
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
    }
    default:
      return '';
  }
}

/** HTML of an allowlisted document (call normalizeDoc first: this trusts its structure, not its text). */
function renderDoc(doc: ProseMirrorNode): string {
  return (doc.content ?? []).map(renderNode).join('');
}

/** Plain text for search and word counts: blocks apart by a blank line, hard breaks as newlines. */
function docText(doc: ProseMirrorNode): string {
  const parts: string[] = [];
  const walk = (node: ProseMirrorNode) => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock') {
      const text = (node.content ?? []).map((c) => (c.type === 'hardBreak' ? '\n' : (c.text ?? ''))).join('');
      if (text.trim()) parts.push(text.trim());
    } else if (node.type === 'image') {
      const alt = node.attrs?.alt;
      if (typeof alt === 'string' && alt.trim()) parts.push(alt.trim());
    } else {
      (node.content ?? []).forEach(walk);
    }
  };
  walk(doc);
  return parts.join('\n\n');
}

/**
 * The body to store: from `bodyJson` when given (the editor's form), otherwise from `bodyHtml`;
 * an empty document when neither is.
 */
export function prepareBody(input: { bodyJson?: unknown; bodyHtml?: string }): PreparedBody {
  const bodyJson =
    input.bodyJson !== undefined ? normalizeDoc(input.bodyJson) : htmlToDoc(input.bodyHtml ?? '');
  const bodyText = docText(bodyJson);
  const wordCount = countWords(bodyText);
  return {
    bodyJson,
    bodyHtml: renderDoc(bodyJson),
    bodyText,
    wordCount,
    readingMinutes: readingMinutesFor(wordCount),
  };
}
