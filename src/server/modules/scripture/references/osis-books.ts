import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';

// The 66 books of the Protestant canon, their order and the number of verses in every chapter.
// Nothing here is typed by hand: it is the versification table that ships inside
// bible-passage-reference-parser (`translation_info('kjv')`), the same table the parser uses to
// decide that "John 3:99" does not exist, so recognising and numbering never disagree.
// KJV versification is the one the texts the site will serve follow (KJV; the Chinese Union
// Version 和合本; the World English Bible differs only in a handful of verse splits).
// docs/decisions/044-scripture-references.md.

export const VERSIFICATION_SYSTEM = 'kjv';

const info = new bcv_parser(english).translation_info(VERSIFICATION_SYSTEM);

/** OSIS ids in canonical order: Gen … Mal, Matt … Rev (the Apocrypha, listed after Rev, is left out). */
export const OSIS_BOOKS: readonly string[] = info.books.filter((book) => info.order[book] <= info.order.Rev);

const ORDER = new Map<string, number>(OSIS_BOOKS.map((book) => [book, info.order[book]]));
const VERSES_PER_CHAPTER = new Map<string, readonly number[]>(
  OSIS_BOOKS.map((book) => [book, info.chapters[book]]),
);

export function isOsisBook(book: string): boolean {
  return ORDER.has(book);
}

/** 1 for Genesis … 66 for Revelation; throws on an unknown id (a caller's bug, never user input). */
export function bookOrder(book: string): number {
  const order = ORDER.get(book);
  if (order === undefined) throw new Error(`Unknown OSIS book: ${book}`);
  return order;
}

export function chapterCount(book: string): number {
  bookOrder(book);
  return VERSES_PER_CHAPTER.get(book)!.length;
}

/** The number of verses in a chapter, or null when the chapter does not exist. */
export function verseCount(book: string, chapter: number): number | null {
  bookOrder(book);
  return VERSES_PER_CHAPTER.get(book)![chapter - 1] ?? null;
}
