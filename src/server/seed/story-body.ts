import { countWords, readingMinutesFor } from '../modules/posts/posts-reading-time';
import type { ProseMirrorNode } from '../modules/posts/posts.table';

// Small helpers the seeders and test factories share: a seeded random generator, the three body
// forms a story stores (ProseMirror JSON, HTML, plain text).

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  sample<T>(items: readonly T[], count: number): T[];
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast and good enough to make the same demo content on every machine. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample: (items, count) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    chance: (probability) => next() < probability,
  };
}

export type StoryBlock = { kind: 'heading' | 'paragraph' | 'quote'; text: string };

export type StoryBody = {
  bodyJson: ProseMirrorNode;
  bodyHtml: string;
  bodyText: string;
  wordCount: number;
  readingMinutes: number;
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const textNode = (text: string): ProseMirrorNode => ({ type: 'text', text });

export function buildStoryBody(blocks: readonly StoryBlock[]): StoryBody {
  const content: ProseMirrorNode[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      content.push({ type: 'heading', attrs: { level: 2 }, content: [textNode(block.text)] });
      html.push(`<h2>${escapeHtml(block.text)}</h2>`);
    } else if (block.kind === 'quote') {
      content.push({ type: 'blockquote', content: [{ type: 'paragraph', content: [textNode(block.text)] }] });
      html.push(`<blockquote><p>${escapeHtml(block.text)}</p></blockquote>`);
    } else {
      content.push({ type: 'paragraph', content: [textNode(block.text)] });
      html.push(`<p>${escapeHtml(block.text)}</p>`);
    }
  }
  const bodyText = blocks.map((b) => b.text).join('\n\n');
  const wordCount = countWords(bodyText);
  return {
    bodyJson: { type: 'doc', content },
    bodyHtml: html.join(''),
    bodyText,
    wordCount,
    readingMinutes: readingMinutesFor(wordCount),
  };
}

/** Plain paragraphs separated by blank lines → story body (handy in tests). */
export function bodyFromText(text: string): StoryBody {
  const blocks = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p): StoryBlock => ({ kind: 'paragraph', text: p }));
  return buildStoryBody(blocks);
}
