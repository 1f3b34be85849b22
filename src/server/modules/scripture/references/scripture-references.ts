import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import * as chinese from 'bible-passage-reference-parser/esm/lang/zh.js';
import { BookPatternIndex } from './book-patterns';
import { chineseNumeralsToDigits } from './chinese-numerals';
import { VERSIFICATION_SYSTEM } from './osis-books';
import { toOneByteText } from './one-byte-text';
import { dropProse, type Found } from './prose-filter';
import { toSourceSpan, windowsAroundDigits, type Piece } from './reading-windows';
import { parseOsisRange, type VersePoint } from './verse-keys';

// Scripture references in running text, in English and in Chinese (simplified and traditional),
// found by bible-passage-reference-parser (openbibleinfo) and normalised to OSIS. A pure module:
// no database, no I/O. docs/decisions/044-scripture-references.md explains every choice below.

export type ScriptureLanguage = 'en' | 'zh';

export type ScriptureReference = {
  /** Normalised OSIS: `John.14.27`, `Matt.11.28-Matt.11.30`, `1Cor.13`, `Jude` (a whole book). */
  osis: string;
  start: VersePoint;
  end: VersePoint;
  /** book order × 1,000,000 + chapter × 1,000 + verse of the first verse covered (verse-keys.ts). */
  startKey: number;
  /** The same for the last verse covered: a whole chapter ends at its last verse. */
  endKey: number;
  /** The reference's characters in the text: text.slice(from, to) (UTF-16 offsets, end exclusive). */
  from: number;
  to: number;
};

type Parser = InstanceType<typeof bcv_parser>;
type BookPattern = { regexp: RegExp };

/** Texts longer than this are read in the first MAX_TEXT_LENGTH characters only (bounded time). */
export const MAX_TEXT_LENGTH = 200_000;
const MAX_QUERY_LENGTH = 100;

const SHARED_OPTIONS = {
  // A book name on its own ("I love Mark", "Acts of kindness") is never a reference.
  book_alone_strategy: 'ignore',
  book_sequence_strategy: 'ignore',
  book_range_strategy: 'ignore',
  // Shortest exact OSIS: "John.3.16", "Ps.23", a whole book as "Gen".
  osis_compaction_strategy: 'b',
  // "Romans 8:28, 31" is two references, each with its own span (each becomes its own link/row).
  sequence_combination_strategy: 'separate',
  consecutive_combination_strategy: 'separate',
  // Only passages that exist in the versification ("Genesis 999:999" is nothing).
  passage_existence_strategy: 'bcv',
  invalid_passage_strategy: 'ignore',
  invalid_sequence_strategy: 'ignore',
  versification_system: VERSIFICATION_SYSTEM,
  testaments: 'on',
  punctuation_strategy: 'us',
  zero_chapter_strategy: 'error',
  zero_verse_strategy: 'error',
  single_chapter_1_strategy: 'chapter',
  end_range_digits_strategy: 'verse',
  non_latin_digits_strategy: 'replace',
  warn_level: 'none',
} as const;

// Running text: book names are case-sensitive ("mark 2 days", "is 3:1" are prose) and digits glued
// to a following word are not verses ("John 3 1st").
const PROSE_OPTIONS = {
  ...SHARED_OPTIONS,
  case_sensitive: 'books',
  captive_end_digits_strategy: 'delete',
} as const;
// A search box: people type "john 3:16".
const QUERY_OPTIONS = {
  ...SHARED_OPTIONS,
  case_sensitive: 'none',
  captive_end_digits_strategy: 'include',
} as const;

// Chinese: 篇 in "詩篇 23篇" marks the chapter (the 23rd psalm); the language module reads it as a
// psalm *title* (→ Ps.23.1). The grammar option that can never match turns that reading off
// (the README's documented way to disable a grammar element).
const NEVER = /^\x1f\x1f\x1f/;
const CHINESE_GRAMMAR = { ...chinese.grammar_options, title: NEVER };

// Chinese is written without spaces, but the module only accepts a book that follows a non-letter
// ("正如约翰福音3:16所说" finds nothing). The one change: a Han character may precede the book.
// Book names themselves stay the package's; this guard fails loudly if an upgrade moves the rule.
const LETTER_BEFORE_BOOK = String.raw`(?:^|[^\x1e\x1f\p{L}\p{N}])`;
const HAN_ALLOWED_BEFORE_BOOK = String.raw`(?:^|[^\x1e\x1f\p{L}\p{N}]|\p{Script=Han})`;
class ChineseRegexps extends chinese.regexps {
  constructor() {
    super();
    const source = this.escaped_passage.source;
    if (!source.startsWith(LETTER_BEFORE_BOOK)) {
      throw new Error(
        'bible-passage-reference-parser: the Chinese passage pattern changed; review scripture-references.ts',
      );
    }
    this.escaped_passage = new RegExp(
      HAN_ALLOWED_BEFORE_BOOK + source.slice(LETTER_BEFORE_BOOK.length),
      this.escaped_passage.flags,
    );
  }
}
const CHINESE_MODULE = { ...chinese, regexps: ChineseRegexps, grammar_options: CHINESE_GRAMMAR };

/**
 * A parser and the index of its book patterns: before each parse it is given only the patterns
 * that can match the text (book-patterns.ts). The patterns live on the parser's `regexps` object,
 * the language module's class it instantiated; if an upgrade moves them, every pattern is tried.
 */
type Reader = {
  parser: Parser;
  patterns: { books: BookPattern[] } | null;
  index: BookPatternIndex<BookPattern> | null;
  /** The English parser reads a one-byte copy of its text (one-byte-text.ts). */
  oneByte: boolean;
};
type ReaderSet = { en: Reader; zh: Reader };
let proseReaders: ReaderSet | undefined;
let queryReaders: ReaderSet | undefined;

function patternsOf(parser: Parser): { books: BookPattern[] } | null {
  const regexps = (parser as unknown as { regexps?: { books?: unknown } }).regexps;
  const books = regexps?.books;
  if (!Array.isArray(books) || !books.every((book) => book?.regexp instanceof RegExp)) return null;
  return regexps as { books: BookPattern[] };
}

function reader(parser: Parser, oneByte: boolean): Reader {
  const patterns = patternsOf(parser);
  return { parser, patterns, index: patterns && new BookPatternIndex(patterns.books), oneByte };
}

function readersFor(kind: 'prose' | 'query'): ReaderSet {
  const make = (options: typeof PROSE_OPTIONS | typeof QUERY_OPTIONS): ReaderSet => ({
    en: reader(new bcv_parser(english).set_options(options), true),
    zh: reader(new bcv_parser(CHINESE_MODULE).set_options({ ...options, grammar: CHINESE_GRAMMAR }), false),
  });
  if (kind === 'prose') return (proseReaders ??= make(PROSE_OPTIONS));
  return (queryReaders ??= make(QUERY_OPTIONS));
}

/** How many book patterns each prose parser has, and how many it cannot narrow (for the tests). */
export function bookPatternCoverage(): Record<
  ScriptureLanguage,
  { patterns: number; unread: number } | null
> {
  const readers = readersFor('prose');
  const coverage = (r: Reader) => r.index && { patterns: r.patterns!.books.length, unread: r.index.unread };
  return { en: coverage(readers.en), zh: coverage(readers.zh) };
}

/**
 * Length-preserving normalisation (every replacement is one UTF-16 unit for one, so the parser's
 * offsets are offsets into the original text):
 * - full-width forms (：，；（）０-９ …) and the ideographic space become their ASCII forms, so
 *   "約3：16" reads as "約3:16"; title marks 《》〈〉 become spaces ("《约翰福音》3:16": the module
 *   would count them wrongly in its offsets);
 * - other hyphens and the minus sign become "-";
 * - the Chinese numeral markers the module does not know become punctuation it does:
 *   "第23篇" → " 23 ", "3章16节" → "3:16 ", "16至18" → "16-18".
 *   These touch only the characters around digits, never book names.
 */
export function normaliseForParsing(text: string): string {
  let out = text.replace(/[\uff01-\uff5e\u3000\u2010-\u2012\u2212\u3008-\u300b]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x3000 || (code >= 0x3008 && code <= 0x300b)) return ' ';
    if (code >= 0xff01) return String.fromCharCode(code - 0xfee0);
    return '-';
  });
  if (!/[第章篇节節至到]/.test(out)) return out;
  out = out.replace(/第(?=\s*\d)/g, ' ');
  out = out.replace(/(\d\s*)章(?=\s*\d)/g, '$1:');
  out = out.replace(/(\d\s*)[至到](?=\s*\d)/g, '$1-');
  out = out.replace(/(\d\s*)[章篇节節]/g, '$1 ');
  return out;
}

// Markers that close a Chinese reference and belong to it: "23篇", "3章", "16节".
const CHINESE_CLOSING_MARKERS = new Set(['章', '篇', '节', '節']);
// Title marks around a book name ("《约翰福音》3:16") are read as spaces (the module counts the
// marks in its offsets wrongly otherwise); the opening mark then joins the reference's span.
const TITLE_OPENERS = new Set(['《', '〈']);
const TITLE_CLOSERS = /[》〉]/;

/** The references one parser finds in `text`; none without parsing when no book pattern can match. */
function runParser({ parser, patterns, index, oneByte }: Reader, text: string): Found[] {
  if (oneByte) text = toOneByteText(text);
  if (patterns && index) {
    const candidates = index.candidates(text);
    if (candidates.length === 0) return [];
    patterns.books = candidates;
  }
  parser.parse(text);
  const found: Found[] = [];
  for (const entity of parser.parsed_entities()) {
    if (!entity.osis || !entity.indices) continue;
    found.push({
      osis: entity.osis,
      from: entity.indices[0],
      to: entity.indices[1],
      group: entity.entity_id,
    });
  }
  return found;
}

function toReference(osis: string, from: number, to: number, source: string): ScriptureReference | null {
  const range = parseOsisRange(osis);
  if (!range) return null;
  if (CHINESE_CLOSING_MARKERS.has(source[to] ?? '')) to++;
  if (TITLE_OPENERS.has(source[from - 1] ?? '') && TITLE_CLOSERS.test(source.slice(from, to))) from--;
  return { osis, ...range, from, to };
}

/**
 * Reads the windows (offsets in the joined text): English one window at a time, since each
 * window holds few capitals and so few book patterns are candidates (book-patterns.ts); Chinese
 * all at once, since its windows narrow little and one call costs less than several.
 */
function readBatches(
  reader: Reader,
  lang: ScriptureLanguage,
  kind: 'prose' | 'query',
  parsed: string,
  raw: string,
  pieces: readonly Piece[],
): Found[] {
  const batches = lang === 'en' ? pieces.map((piece) => [piece]) : [pieces];
  const found: Found[] = [];
  let groups = 0;
  for (const batch of batches) {
    const start = batch[0].at;
    const last = batch[batch.length - 1];
    const end = last.at + last.to - last.from;
    const text = parsed.slice(start, end);
    let items = runParser(reader, text);
    if (items.length === 0) continue;
    let groupsHere = 0;
    for (const item of items) groupsHere = Math.max(groupsHere, item.group + 1);
    if (kind === 'prose') items = dropProse(items, text, raw.slice(start, end));
    for (const item of items)
      found.push({ ...item, from: item.from + start, to: item.to + start, group: item.group + groups });
    groups += groupsHere;
  }
  return found;
}

function find(text: string, language: ScriptureLanguage, kind: 'prose' | 'query'): ScriptureReference[] {
  const source = text.length > MAX_TEXT_LENGTH ? text.slice(0, MAX_TEXT_LENGTH) : text;
  // "三章十六节" → "3章16节" (offsets mapped back through `origin`), then windows around digits,
  // normalised ("3:16 ") in place: the parser reads `parsed`, the filter also sees `raw`.
  const { text: digits, origin } = chineseNumeralsToDigits(source);
  const { joined: raw, pieces } = windowsAroundDigits(digits);
  if (pieces.length === 0) return [];
  const parsed = normaliseForParsing(raw);
  const readers = readersFor(kind);
  // The story's language reads first; the other reads too when the text contains its script
  // (a Chinese story citing "John 3:16", an English one citing "约翰福音 3:16"). Where both read
  // the same characters, the story's language wins, unless the other reads more (winsOver).
  const order: ScriptureLanguage[] = language === 'zh' ? ['zh', 'en'] : ['en', 'zh'];
  const primary: ScriptureReference[] = [];
  const secondary: ScriptureReference[] = [];
  const replaced = new Set<number>();
  for (const lang of order) {
    if (lang !== language && !(lang === 'zh' ? /\p{Script=Han}/u : /[A-Za-z]/).test(parsed)) continue;
    for (const item of readBatches(readers[lang], lang, kind, parsed, raw, pieces)) {
      const span = toSourceSpan(pieces, item.from, item.to);
      if (!span) continue;
      const [from, to] = origin ? [origin[span[0]], origin[span[1] - 1] + 1] : span;
      const reference = toReference(item.osis, from, to, source);
      if (!reference) continue;
      if (lang === language) primary.push(reference);
      else if (winsOver(primary, reference, replaced)) secondary.push(reference);
    }
  }
  if (secondary.length === 0) return primary;
  return [...primary.filter((_, index) => !replaced.has(index)), ...secondary].sort(
    (a, b) => a.from - b.from,
  );
}

/**
 * Whether the other language's reading is kept: where it overlaps none of the story language's,
 * or covers the characters of those it overlaps and more (a Chinese story's "1 John 4:8": the
 * Chinese module knows the id "John" but not "1 John"), which it then replaces (`replaced`).
 * `sorted` is in text order (the parser's output order): a binary search finds the neighbours.
 */
function winsOver(
  sorted: readonly ScriptureReference[],
  reference: ScriptureReference,
  replaced: Set<number>,
) {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle].to <= reference.from) low = middle + 1;
    else high = middle;
  }
  const overlapped: number[] = [];
  for (let index = low; index < sorted.length && sorted[index].from < reference.to; index++)
    overlapped.push(index);
  const covers = (other: ScriptureReference) =>
    reference.from <= other.from &&
    other.to <= reference.to &&
    reference.to - reference.from > other.to - other.from;
  if (!overlapped.every((index) => covers(sorted[index]))) return false;
  for (const index of overlapped) replaced.add(index);
  return true;
}

/**
 * Every scripture reference in a story's (or newsletter's) plain text, in order of appearance.
 * `language` is the text's language: its parser reads first and wins where both read a span,
 * unless the other's reading covers more of it ("1 John 4:8" in a Chinese story).
 */
export function findScriptureReferences(text: string, language: ScriptureLanguage): ScriptureReference[] {
  return find(text, language, 'prose');
}

/**
 * A search query that is one scripture reference and nothing else ("John 3:16", "jn 3:16",
 * "约3:16", "Ps 23") → that reference; anything else (words, two references, "John 3 people")
 * → null. Case-insensitive, and without the prose filter: a query of only "Mark 2" means Mark 2.
 */
export function parseScriptureQuery(q: string, language: ScriptureLanguage): ScriptureReference | null {
  if (q.length > MAX_QUERY_LENGTH) return null;
  const found = find(q, language, 'query');
  if (found.length !== 1) return null;
  const [reference] = found;
  const outside = q.slice(0, reference.from) + q.slice(reference.to);
  return /^[\s\p{P}]*$/u.test(outside) ? reference : null;
}
