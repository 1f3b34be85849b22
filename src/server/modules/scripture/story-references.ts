import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  findScriptureReferences,
  MAX_TEXT_LENGTH,
  type ScriptureLanguage,
} from './references/scripture-references';

// What is stored of a story's references (docs/decisions/046-stored-references.md): each passage
// once, in order of first appearance (title, then body), at most MAX_REFS_PER_STORY of them. The
// text is read a few paragraphs at a time with a turn of the event loop between, so a story of
// thousands of references (a concordance pasted in) never holds the server for one long stretch,
// and reading stops once the cap is reached. Pure but for those pauses: no database.

/** Passages kept per story; a story citing more keeps the first ones (decision 046). */
export const MAX_REFS_PER_STORY = 200;

/**
 * Raise when recognition changes (the parser, its options, the filters of ./references): every
 * story read by an older scanner is read again by the backfill (scripture.jobs.ts).
 */
export const SCANNER_VERSION = 1;

/** Characters parsed in one go: paragraphs are gathered up to this (a longer paragraph stays whole). */
export const CHUNK_CHARS = 4_000;

export type StoryReference = { osis: string; startKey: number; endKey: number; position: number };

/** The parser's language for a story's language code: Chinese for zh, zh-TW …, English otherwise. */
export function scriptureLanguageOf(languageCode: string): ScriptureLanguage {
  return languageCode.trim().toLowerCase().split(/[-_]/)[0] === 'zh' ? 'zh' : 'en';
}

/**
 * The text cut into pieces of whole lines of at most `size` characters (one line longer than that is
 * a piece of its own). References never span a line break, so no reference is cut in two.
 */
export function textChunks(text: string, size = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= size) {
      chunks.push(text.slice(start));
      break;
    }
    // The last line break inside the window, else the first one after it (a long line whole).
    let cut = text.lastIndexOf('\n', start + size);
    if (cut <= start) {
      cut = text.indexOf('\n', start + size);
      if (cut < 0) cut = text.length;
    }
    chunks.push(text.slice(start, cut));
    start = cut + 1;
  }
  return chunks;
}

/**
 * The story's passages: title and body in the story's language (the parser of the other language
 * reads too, decision 044), each OSIS once, at most `cap`. `found` counts the references read
 * (repeats included) up to where reading stopped.
 */
export async function collectStoryReferences(
  story: { title: string; bodyText: string; languageCode: string },
  options: { cap?: number } = {},
): Promise<{ references: StoryReference[]; found: number }> {
  const cap = options.cap ?? MAX_REFS_PER_STORY;
  const language = scriptureLanguageOf(story.languageCode);
  const text = `${story.title}\n${story.bodyText}`.slice(0, MAX_TEXT_LENGTH);
  const byOsis = new Map<string, StoryReference>();
  let found = 0;
  const chunks = textChunks(text);
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) await nextTurn();
    for (const reference of findScriptureReferences(chunk, language)) {
      found += 1;
      if (byOsis.has(reference.osis)) continue;
      byOsis.set(reference.osis, {
        osis: reference.osis,
        startKey: reference.startKey,
        endKey: reference.endKey,
        position: byOsis.size,
      });
      if (byOsis.size >= cap) return { references: [...byOsis.values()], found };
    }
  }
  return { references: [...byOsis.values()], found };
}
