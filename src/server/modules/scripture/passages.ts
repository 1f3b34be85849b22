import { chapterCount, OSIS_BOOKS, verseCount } from './references/osis-books';
import { parseOsisRange } from './references/verse-keys';

// A passage as an address names it (/scripture/{osis}, /api/scripture/{osis}): read, checked and
// written in one canonical form, so each passage has one page and one cached preview. The form is
// the reference parser's (decision 044, `osis_compaction_strategy: 'b'`): 'John.3.16',
// 'John.3.16-John.3.18', 'Ps.23' (a whole chapter), 'Ps.23-Ps.24', 'Gen' (a whole book),
// 'Gen-Exod'. Pure: no database, no texts.

/**
 * - verses: within one chapter ('John.3.16', 'John.3.16-John.3.18')
 * - chapter: one whole chapter ('Ps.23'; a one-chapter book's only chapter is the book)
 * - span: more than one chapter, not whole books ('John.3.16-John.4.2', 'Ps.23-Ps.24')
 * - book: one whole book ('Gen'); books: several ('Gen-Exod')
 */
export type PassageKind = 'verses' | 'chapter' | 'span' | 'book' | 'books';

export type PassagePoint = { book: string; chapter: number; verse: number };

export type ReadPassage = {
  /** The canonical OSIS of the passage. */
  osis: string;
  kind: PassageKind;
  startKey: number;
  endKey: number;
  start: PassagePoint;
  end: PassagePoint;
};

/** Every part of an address's OSIS: 1–3 books' ids of letters and digits, chapters and verses of digits. */
export const OSIS_PATTERN =
  /^[1-3]?[A-Z][a-z]{1,5}(\.[1-9][0-9]{0,2}){0,2}(-[1-3]?[A-Z][a-z]{1,5}(\.[1-9][0-9]{0,2}){0,2})?$/;

export const pointOfKey = (key: number): PassagePoint => ({
  book: OSIS_BOOKS[Math.floor(key / 1_000_000) - 1],
  chapter: Math.floor((key % 1_000_000) / 1_000),
  verse: key % 1_000,
});

/** The canonical OSIS of a range of verse keys (both ends exist). */
export function canonicalOsis(startKey: number, endKey: number): string {
  const start = pointOfKey(startKey);
  const end = pointOfKey(endKey);
  if (startKey === endKey) return `${start.book}.${start.chapter}.${start.verse}`;
  const wholeChapters = start.verse === 1 && end.verse === verseCount(end.book, end.chapter);
  if (!wholeChapters) {
    return `${start.book}.${start.chapter}.${start.verse}-${end.book}.${end.chapter}.${end.verse}`;
  }
  const wholeBooks = start.chapter === 1 && end.chapter === chapterCount(end.book);
  if (wholeBooks) return start.book === end.book ? start.book : `${start.book}-${end.book}`;
  if (start.book === end.book && start.chapter === end.chapter) return `${start.book}.${start.chapter}`;
  return `${start.book}.${start.chapter}-${end.book}.${end.chapter}`;
}

function kindOf(osis: string, start: PassagePoint, end: PassagePoint): PassageKind {
  if (!osis.includes('.')) {
    if (osis.includes('-')) return 'books';
    // A one-chapter book (Obadiah, Jude …) is shown as its chapter, not as a list of one.
    return chapterCount(osis) === 1 ? 'chapter' : 'book';
  }
  if (start.book === end.book && start.chapter === end.chapter) {
    return start.verse === 1 && end.verse === verseCount(end.book, end.chapter) ? 'chapter' : 'verses';
  }
  return 'span';
}

/**
 * The passage an address names, in canonical form, or null when it is none: malformed, an unknown
 * book, a chapter or verse past the end ('Gen.999.999'), a list ('Rom.8.28,Rom.8.31'), or a range
 * that runs backwards. `osis` may differ from what was asked ('John.3.16-John.3.16' → 'John.3.16',
 * 'Ps.23.1-Ps.23.6' → 'Ps.23'): the pages redirect there.
 */
export function readPassage(asked: string): ReadPassage | null {
  if (asked.length > 40 || !OSIS_PATTERN.test(asked)) return null;
  const range = parseOsisRange(asked);
  if (!range) return null;
  const osis = canonicalOsis(range.startKey, range.endKey);
  const start = pointOfKey(range.startKey);
  const end = pointOfKey(range.endKey);
  return { osis, kind: kindOf(osis, start, end), startKey: range.startKey, endKey: range.endKey, start, end };
}

export type ChapterLink = { osis: string; book: string; chapter: number };

/** The chapters a passage touches, in order (a whole book's chapters; at most the whole Bible's 1,189). */
export function chaptersOf(passage: Pick<ReadPassage, 'start' | 'end'>): ChapterLink[] {
  const links: ChapterLink[] = [];
  const first = OSIS_BOOKS.indexOf(passage.start.book);
  const last = OSIS_BOOKS.indexOf(passage.end.book);
  for (let b = first; b <= last; b += 1) {
    const book = OSIS_BOOKS[b];
    const from = b === first ? passage.start.chapter : 1;
    const to = b === last ? passage.end.chapter : chapterCount(book);
    for (let chapter = from; chapter <= to; chapter += 1)
      links.push({ osis: chapterOsis(book, chapter), book, chapter });
  }
  return links;
}

/** A whole chapter's OSIS: 'Ps.23'; a one-chapter book's only chapter is the book ('Jude'). */
export function chapterOsis(book: string, chapter: number): string {
  return chapterCount(book) === 1 ? book : `${book}.${chapter}`;
}

/** The chapters before and after one (across books; none before Genesis 1 or after Revelation 22). */
export function neighbourChapters(
  book: string,
  chapter: number,
): { previous: ChapterLink | null; next: ChapterLink | null } {
  const index = OSIS_BOOKS.indexOf(book);
  const at = (b: number, c: number): ChapterLink => ({
    osis: chapterOsis(OSIS_BOOKS[b], c),
    book: OSIS_BOOKS[b],
    chapter: c,
  });
  const previous =
    chapter > 1
      ? at(index, chapter - 1)
      : index > 0
        ? at(index - 1, chapterCount(OSIS_BOOKS[index - 1]))
        : null;
  const next =
    chapter < chapterCount(book)
      ? at(index, chapter + 1)
      : index < OSIS_BOOKS.length - 1
        ? at(index + 1, 1)
        : null;
  return { previous, next };
}

/** The passage page's address. */
export const passagePath = (osis: string): string => `/scripture/${osis}`;
/** The passage's RSS feed. */
export const passageFeedPath = (osis: string): string => `/scripture/${osis}/feed`;
