import { bookOrder, chapterCount, isOsisBook, verseCount } from './osis-books';

// Verse keys turn a passage into a closed numeric interval so the database can ask "which stories
// cite a passage overlapping this one" with two comparisons on indexed integers:
//   key = book order × 1,000,000 + chapter × 1,000 + verse
// (Gen 1:1 = 1,001,001; Rev 22:21 = 66,022,021; Psalm 119:176 = 19,119,176; the largest chapter
// number is 150 and the largest verse 176, so the fields never carry into each other and every
// key fits a 32-bit integer). A whole chapter spans its first to its last verse and a whole book
// its first to its last chapter's last verse, so John 3 contains John 3:16 and Psalm 23 does not
// overlap Psalm 24. Two passages overlap when a.startKey <= b.endKey && b.startKey <= a.endKey.

/** A point of a passage: a whole chapter has `verse: null`. */
export type VersePoint = { book: string; chapter: number; verse: number | null };

export type PassageRange = { start: VersePoint; end: VersePoint; startKey: number; endKey: number };

export function verseKey(book: string, chapter: number, verse: number): number {
  return bookOrder(book) * 1_000_000 + chapter * 1_000 + verse;
}

/** The first verse a point covers (a whole chapter starts at verse 1). */
export function startKeyOf(point: VersePoint): number {
  return verseKey(point.book, point.chapter, point.verse ?? 1);
}

/** The last verse a point covers (a whole chapter ends at its last verse). */
export function endKeyOf(point: VersePoint): number {
  const last = point.verse ?? verseCount(point.book, point.chapter);
  if (last === null) throw new Error(`No chapter ${point.chapter} in ${point.book}`);
  return verseKey(point.book, point.chapter, last);
}

/**
 * Reads a normalised OSIS passage as the parser writes it: `John.3.16`, `Ps.23`, `Gen` (a whole
 * book), `John.3.16-John.3.18`, `Matt.28-Mark.1`, `Gen-Exod`. Null for anything else (a partial
 * verse `!a`, a list `a,b`, an unknown book, a chapter or verse that does not exist).
 */
export function parseOsisRange(osis: string): PassageRange | null {
  const parts = osis.split('-');
  if (parts.length > 2) return null;
  const first = readPoint(parts[0], 'start');
  const last = parts.length === 2 ? readPoint(parts[1], 'end') : readPoint(parts[0], 'end');
  if (!first || !last) return null;
  const startKey = startKeyOf(first);
  const endKey = endKeyOf(last);
  if (endKey < startKey) return null;
  return { start: first, end: last, startKey, endKey };
}

function readPoint(text: string, side: 'start' | 'end'): VersePoint | null {
  const [book, chapterText, verseText, ...rest] = text.split('.');
  if (rest.length > 0 || !isOsisBook(book)) return null;
  if (chapterText === undefined) {
    // A whole book: from its first chapter to its last.
    return { book, chapter: side === 'start' ? 1 : chapterCount(book), verse: null };
  }
  const chapter = toPositiveInteger(chapterText);
  if (chapter === null || chapter > chapterCount(book)) return null;
  if (verseText === undefined) return { book, chapter, verse: null };
  const verse = toPositiveInteger(verseText);
  if (verse === null || verse > (verseCount(book, chapter) ?? 0)) return null;
  return { book, chapter, verse };
}

function toPositiveInteger(text: string): number | null {
  if (!/^[1-9]\d{0,2}$/.test(text)) return null;
  return Number(text);
}

/** Closed intervals: true when the two passages share at least one verse. */
export function rangesOverlap(
  a: { startKey: number; endKey: number },
  b: { startKey: number; endKey: number },
) {
  return a.startKey <= b.endKey && b.startKey <= a.endKey;
}

/** True when every verse of `inner` lies inside `outer`. */
export function rangeContains(
  outer: { startKey: number; endKey: number },
  inner: { startKey: number; endKey: number },
) {
  return outer.startKey <= inner.startKey && inner.endKey <= outer.endKey;
}
