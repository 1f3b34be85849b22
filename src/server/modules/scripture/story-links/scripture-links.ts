import { ElementType, parseDocument } from 'htmlparser2';
import { toStoryLanguage } from '../../../../lib/detect-language';
import { SCRIPTURE_LINK_CLASS, passagePath } from '../../../../lib/scripture-links';
import { escapeHtml } from '../../../lib/escape-html';
import { displayPassage } from '../references/passage-display';
import {
  findScriptureReferences,
  type ScriptureLanguage,
  type ScriptureReference,
} from '../references/scripture-references';
import { TRANSLATION_NAMES, translationFor, type Translation } from '../texts/scripture-texts';

// The scripture references of a story's body as links to their passage pages (issue 24 item 2),
// made while the story page is rendered — once per story and version, since the page is cached and
// the same for every reader (docs/decisions/006, 048). The body is the HTML sanitised on write; it
// is read with htmlparser2 (the parser sanitize-html is built on), never with regular expressions.
// Only the characters of a reference are wrapped, and only where they lie inside one text node
// outside links and code: every other byte of the stored HTML is kept as it is.

export type StoryPassage = {
  /** Normalised OSIS: the passage page is /scripture/{osis}. */
  osis: string;
  /** As a reader of the story's language reads it: "John 3:16", "约翰福音 3:16". */
  display: string;
};

export type LinkedStoryBody = {
  /** The body with each linkable reference wrapped in <a class="scripture-ref" data-osis>. */
  html: string;
  /** Every passage the story cites (title, then body outside code), once each, in order of first appearance. */
  passages: StoryPassage[];
  /** The translation the previews show: WEB for an English story, the CUV for a Chinese one. */
  translation: Translation;
  translationName: string;
};

// Text in these is never linked: a link cannot hold a link, and code is not prose. Script-like
// elements cannot be in a sanitised body; they are listed so a change upstream cannot make us read them.
const NOT_LINKED = new Set(['a']);
const NOT_READ = new Set(['code', 'pre', 'script', 'style', 'textarea', 'template', 'svg', 'math']);
// Inline elements join their text to their neighbours' ("Romans 8:28, <em>31</em>"); every other
// element ends the text before it and starts anew, so no reference reads across two paragraphs.
const INLINE = new Set(['a', 'strong', 'em', 'b', 'i', 's', 'u', 'span', 'sub', 'sup', 'mark', 'small']);
// The reference module's own stretch joiner: "#" ends any passage.
const BOUNDARY = '\n#\n';
const HAS_DIGIT = /[0-9\uff10-\uff19]/;
/** Passages listed under "Scripture in this story" at most (as many as are stored per story). */
export const MAX_LISTED_PASSAGES = 200;
/**
 * References read: reading stops after the chunk in which this many are found (so at most one
 * chunk's worth more are linked). The parser's cost grows with each reference (~65 µs each here),
 * and a page with a query string is rendered on every request (decision 006), so a story pasted
 * full of references must not cost seconds per render.
 */
export const MAX_LINKS = 300;
/** The text is read this many characters at a time (whole blocks when they fit). */
export const CHUNK_CHARS = 2_000;
// Where a chunk had to be cut inside a run of text, references this close to the cut are dropped:
// a reference cut in two could read as a shorter one ("John 3:16-1|8").
const CUT_MARGIN = 64;
const SENTENCE_END = new Set(['.', '!', '?', ';', '。', '！', '？', '；']);

type ChildNode = ReturnType<typeof parseDocument>['children'][number];

type Segment = {
  /** Where the node's text starts in the joined text. */
  at: number;
  text: string;
  /** The node's raw characters in the HTML: html.slice(start, end). */
  start: number;
  end: number;
  /** Inside an existing link: read (its passages are listed), never wrapped. */
  linkable: boolean;
};

/** The body's text as one string, with where each text node lies in it and in the HTML. */
function readText(nodes: readonly ChildNode[]): { joined: string; segments: Segment[] } {
  const segments: Segment[] = [];
  let joined = '';
  const boundary = () => {
    if (joined !== '' && !joined.endsWith(BOUNDARY)) joined += BOUNDARY;
  };
  const walk = (children: readonly ChildNode[], linkable: boolean) => {
    for (const node of children) {
      if (node.type === ElementType.Text) {
        if (node.startIndex === null || node.endIndex === null) continue;
        segments.push({
          at: joined.length,
          text: node.data,
          start: node.startIndex,
          end: node.endIndex + 1,
          linkable,
        });
        joined += node.data;
      } else if (
        node.type === ElementType.Tag ||
        node.type === ElementType.Script ||
        node.type === ElementType.Style
      ) {
        const name = node.name.toLowerCase();
        if (NOT_READ.has(name) || node.type !== ElementType.Tag) {
          boundary();
          continue;
        }
        const inline = INLINE.has(name);
        if (!inline) boundary();
        walk(node.children, linkable && !NOT_LINKED.has(name));
        if (!inline) boundary();
      } else if (node.type === ElementType.Root || node.type === ElementType.CDATA) {
        walk(node.children, linkable);
      }
      // Comments and directives hold no prose.
    }
  };
  walk(nodes, true);
  return { joined, segments };
}

/** The segment holding joined[from, to), or null when the span crosses a tag or a boundary. */
function segmentOf(segments: readonly Segment[], from: number, to: number): Segment | null {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (segments[middle].at <= from) low = middle;
    else high = middle - 1;
  }
  const segment = segments[low];
  if (!segment || from < segment.at || to > segment.at + segment.text.length) return null;
  return segment;
}

/**
 * Where the chunk starting at `start` ends: after the last block boundary within CHUNK_CHARS, else
 * after the last sentence end in its second half, else (a block of text without either: pasted or
 * hostile) exactly at CHUNK_CHARS, a "hard" cut.
 */
function chunkEnd(text: string, start: number): { end: number; hard: boolean } {
  const limit = start + CHUNK_CHARS;
  if (limit >= text.length) return { end: text.length, hard: false };
  const boundary = text.lastIndexOf(BOUNDARY, limit - BOUNDARY.length);
  if (boundary > start) return { end: boundary + BOUNDARY.length, hard: false };
  for (let i = limit - 1; i > start + CHUNK_CHARS / 2; i--) {
    const ch = text[i];
    // Chinese stops end a sentence as they are; Latin ones when a space follows ("Ps.23" goes on).
    if (SENTENCE_END.has(ch) && (ch > '\u2fff' || /\s/.test(text[i + 1]))) return { end: i + 1, hard: false };
  }
  return { end: limit, hard: true };
}

/** The references of the joined text, read chunk by chunk until MAX_LINKS or more are found. */
function readReferences(joined: string, language: ScriptureLanguage): ScriptureReference[] {
  const references: ScriptureReference[] = [];
  let start = 0;
  let cutBefore = false;
  while (start < joined.length && references.length < MAX_LINKS) {
    const { end, hard } = chunkEnd(joined, start);
    if (HAS_DIGIT.test(joined.slice(start, end))) {
      for (const found of findScriptureReferences(joined.slice(start, end), language)) {
        const from = found.from + start;
        const to = found.to + start;
        if ((hard && to > end - CUT_MARGIN) || (cutBefore && from < start + CUT_MARGIN)) continue;
        references.push({ ...found, from, to });
      }
    }
    cutBefore = hard;
    start = end;
  }
  return references;
}

function anchor(osis: string, text: string): string {
  const id = escapeHtml(osis);
  return `<a href="${escapeHtml(passagePath(osis))}" class="${SCRIPTURE_LINK_CLASS}" data-osis="${id}">${escapeHtml(text)}</a>`;
}

/**
 * Links the scripture references of a sanitised story body, read in the story's language (any
 * code other than Chinese reads as English). A reference is wrapped only when all its characters
 * are in one text node outside links and code ("<em>John</em> 3:16" stays as written); the passage
 * list holds the title's passages, then every one read in the body outside code, wrapped or not.
 */
export function linkScriptureReferences(bodyHtml: string, languageCode: string, title = ''): LinkedStoryBody {
  const language: ScriptureLanguage = toStoryLanguage(languageCode);
  const translation = translationFor(language);
  const passages: StoryPassage[] = [];
  const listed = new Set<string>();
  const list = (osis: string) => {
    if (listed.has(osis) || listed.size >= MAX_LISTED_PASSAGES) return;
    listed.add(osis);
    passages.push({ osis, display: displayPassage(osis, language) ?? osis });
  };
  // The title's passages come first (it is read first), but a heading is no place for a link.
  if (HAS_DIGIT.test(title))
    for (const reference of findScriptureReferences(title, language)) list(reference.osis);
  const unchanged = {
    html: bodyHtml,
    passages,
    translation,
    translationName: TRANSLATION_NAMES[translation],
  };
  // Every reference has a digit (ASCII or full-width): a body without one has nothing to link.
  if (!HAS_DIGIT.test(bodyHtml)) return unchanged;

  const document = parseDocument(bodyHtml, {
    decodeEntities: true,
    withStartIndices: true,
    withEndIndices: true,
  });
  const { joined, segments } = readText(document.children);
  const references = readReferences(joined, language);
  if (references.length === 0) return unchanged;

  // Per text node, the references to wrap, in order (the parser's spans never overlap).
  const wraps = new Map<Segment, { from: number; to: number; osis: string }[]>();
  for (const reference of references) {
    list(reference.osis);
    const segment = segmentOf(segments, reference.from, reference.to);
    if (!segment?.linkable) continue;
    const inNode = wraps.get(segment) ?? [];
    inNode.push({ from: reference.from - segment.at, to: reference.to - segment.at, osis: reference.osis });
    wraps.set(segment, inNode);
  }

  // Each text node with references is written again from its decoded text (escaped as the body's
  // renderer escapes it); everything between those nodes is copied from the stored HTML.
  let html = '';
  let copied = 0;
  for (const [segment, inNode] of [...wraps].sort(([a], [b]) => a.start - b.start)) {
    html += bodyHtml.slice(copied, segment.start);
    let at = 0;
    for (const { from, to, osis } of inNode) {
      html += escapeHtml(segment.text.slice(at, from)) + anchor(osis, segment.text.slice(from, to));
      at = to;
    }
    html += escapeHtml(segment.text.slice(at));
    copied = segment.end;
  }
  html += bodyHtml.slice(copied);
  return { html, passages, translation, translationName: TRANSLATION_NAMES[translation] };
}
