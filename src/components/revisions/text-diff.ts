// What changed between two versions of a story, word by word (docs/decisions/039-story-revisions.md):
// the text of each body (ProseMirror JSON, as the editor and the revisions hold it) compared with
// jsdiff's word diff. Chinese has no spaces between words, so words are found with Intl.Segmenter
// (a run of characters would otherwise count as one word and a one-character change mark it all).
import { diffWords } from 'diff';

type DocNode = { type?: string; text?: string; attrs?: Record<string, unknown>; content?: DocNode[] };

/** Blocks whose text stands on its own line in the diff. */
const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'codeBlock', 'listItem', 'horizontalRule']);

/** The document's text: one line per paragraph, heading or list item; an image by its alt text. */
export function docText(doc: unknown): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  const walk = (node: DocNode) => {
    if (node.type === 'text') {
      line += node.text ?? '';
      return;
    }
    if (node.type === 'hardBreak') {
      line += ' ';
      return;
    }
    if (node.type === 'image') {
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt.trim() : '';
      flush();
      lines.push(alt ? `[image: ${alt}]` : '[image]');
      return;
    }
    const block = BLOCKS.has(node.type ?? '');
    if (block) flush();
    (node.content ?? []).forEach(walk);
    if (block) flush();
  };
  if (doc && typeof doc === 'object') walk(doc as DocNode);
  flush();
  return lines.join('\n');
}

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

let segmenter: unknown;
/** A word segmenter where the runtime has one (every current browser and Node do). */
function wordSegmenter(): unknown {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter(undefined, { granularity: 'word' })
        : null;
  }
  return segmenter;
}

/** The changes that turn `before` into `after`, word by word, whitespace kept where it was. */
export function diffText(before: string, after: string): DiffPart[] {
  const intlSegmenter = wordSegmenter();
  const changes = diffWords(before, after, intlSegmenter ? { intlSegmenter } : undefined);
  return changes
    .filter((change) => change.value !== '')
    .map((change) => ({
      kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value,
    }));
}

/** Whether anything differs. */
export const hasChanges = (parts: readonly DiffPart[]): boolean => parts.some((part) => part.kind !== 'same');
