import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import * as chinese from 'bible-passage-reference-parser/esm/lang/zh.js';
import { VERSIFICATION_SYSTEM } from './osis-books';
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

type ParserSet = { en: Parser; zh: Parser };
let proseParsers: ParserSet | undefined;
let queryParsers: ParserSet | undefined;

function parsersFor(kind: 'prose' | 'query'): ParserSet {
  const make = (options: typeof PROSE_OPTIONS | typeof QUERY_OPTIONS): ParserSet => ({
    en: new bcv_parser(english).set_options(options),
    zh: new bcv_parser(CHINESE_MODULE).set_options({ ...options, grammar: CHINESE_GRAMMAR }),
  });
  if (kind === 'prose') return (proseParsers ??= make(PROSE_OPTIONS));
  return (queryParsers ??= make(QUERY_OPTIONS));
}

/**
 * Length-preserving normalisation (every replacement is one UTF-16 unit for one, so the parser's
 * offsets are offsets into the original text):
 * - full-width forms (：，；（）０-９ …) and the ideographic space become their ASCII forms, so
 *   "約3：16" reads as "約3:16";
 * - other hyphens and the minus sign become "-";
 * - the Chinese numeral markers the module does not know become punctuation it does:
 *   "第23篇" → " 23 ", "3章16节" → "3:16 ", "16至18" → "16-18".
 *   These touch only the characters around digits, never book names.
 */
export function normaliseForParsing(text: string): string {
  let out = text.replace(/[\uff01-\uff5e\u3000\u2010-\u2012\u2212]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x3000) return ' ';
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

type Found = { osis: string; from: number; to: number; group: number };

function runParser(parser: Parser, normalised: string): Found[] {
  parser.parse(normalised);
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

// ---------------------------------------------------------------------------------------------
// The post-filter (the parser has no option for this): a book name that is also an everyday word
// or a first name, followed by nothing more than a bare number, is prose, not scripture:
// "Mark 2 days", "John 3 people", "Acts 2 and", "Job 3", "Numbers 5", "Is 2 enough?", "约3天",
// "路2号", "提前3天". Such a reference is kept only with evidence: a chapter:verse ("Mark 2:1"),
// a range into another book ("Matthew 28–Mark 1"), an explicit "chapter"/"verse" word ("John
// chapter 3"), or, in English, parentheses around it ("(Job 38)"). Unambiguous names ("Psalm 23",
// "1 Cor 13", "Romans 8", "约翰福音3章") need none.

/** English book names and abbreviations the parser accepts that are common words or names. */
// prettier-ignore
const AMBIGUOUS_ENGLISH = new Set([
  // Names people carry today, and words of everyday English.
  'mark', 'luke', 'john', 'matthew', 'james', 'jude', 'ruth', 'amos', 'titus', 'daniel', 'dan',
  'joel', 'jonah', 'micah', 'esther', 'ezra', 'joshua', 'samuel', 'phil', 'acts', 'act', 'job',
  'numbers', 'kings', 'chronicles', 'judges', 'song',
  // Short abbreviations that are words or syllables of prose ("Is 2 enough?", "Ex 3", "Col 3").
  'is', 'am', 'es', 'ex', 'ge', 'gen', 'le', 'nu', 'jo', 'jon', 'jud', 'ne', 'la', 'lam', 'ro',
  'ga', 'col', 're', 'rev', 'pr', 'pro', 'ec', 'ac', 'lu', 'ru', 'da', 'ho', 'ob', 'mi', 'mic',
  'na', 'ha', 'hab', 'mal', 'tit',
]);

/** Function words that even a chapter:verse does not rescue ("Is 5:30 okay?", "Re: 3:1"). */
const ONLY_IN_PARENTHESES = new Set(['is', 'am', 're']);

/** Chinese abbreviations that are everyday words ("提前" = in advance, "撒下" = to scatter). */
const AMBIGUOUS_CHINESE = new Set(['提前', '提后', '提後', '撒上', '撒下']);

const HAS_VERSE = /\d\s*:\s*\d|\d\.\d/;
const EXPLICIT_MARKER = /\b(?:chapters?|chap|ch|verses?|vv?|ver)\b/i;
const OPENERS = new Set(['(', '[']);
const CLOSERS = new Set([')', ']', ',', ';']);

function bookWord(normalisedRunText: string): string {
  const leading = /^\P{N}*/u.exec(normalisedRunText)?.[0] ?? '';
  return leading.replace(/[\p{P}\s]/gu, '').toLowerCase();
}

function isAmbiguousBook(word: string): boolean {
  if (word === '') return false; // "1 Cor", "2 John": a numbered book is never prose.
  if (/^\p{Script=Han}+$/u.test(word)) return word.length === 1 || AMBIGUOUS_CHINESE.has(word);
  return AMBIGUOUS_ENGLISH.has(word);
}

function isParenthesised(normalised: string, from: number, to: number): boolean {
  let before = from - 1;
  while (before >= 0 && normalised[before] === ' ') before--;
  let after = to;
  while (after < normalised.length && normalised[after] === ' ') after++;
  return OPENERS.has(normalised[before] ?? '') && CLOSERS.has(normalised[after] ?? '');
}

/**
 * Splits the parser's sequences into runs that each start at a book name ("Mark 2, 3:4; Luke 5"
 * → [Mark 2, 3:4] [Luke 5]) and drops the runs the post-filter rejects.
 */
function dropProse(found: Found[], normalised: string): Found[] {
  const kept: Found[] = [];
  let run: Found[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const from = run[0].from;
    const to = run[run.length - 1].to;
    const text = normalised.slice(from, to);
    const word = bookWord(text);
    const books = new Set(run.flatMap((item) => item.osis.split('-').map((part) => part.split('.')[0])));
    const evidence = ONLY_IN_PARENTHESES.has(word)
      ? isParenthesised(normalised, from, to)
      : !isAmbiguousBook(word) ||
        HAS_VERSE.test(text) ||
        books.size > 1 ||
        (!/\p{Script=Han}/u.test(word) &&
          (EXPLICIT_MARKER.test(text) || isParenthesised(normalised, from, to)));
    if (evidence) kept.push(...run);
    run = [];
  };
  let previous: Found | undefined;
  for (const item of found) {
    const text = normalised.slice(item.from, item.to);
    const startsWithBook = /^\s*\P{N}/u.test(text) || startBook(item.osis) !== endBook(previous?.osis);
    if (!previous || item.group !== previous.group || startsWithBook) flush();
    run.push(item);
    previous = item;
  }
  flush();
  return kept;
}

function startBook(osis: string): string {
  return osis.split(/[.-]/)[0];
}

function endBook(osis: string | undefined): string | undefined {
  return osis?.split('-').pop()?.split('.')[0];
}

function toReference(item: Found, original: string): ScriptureReference | null {
  const range = parseOsisRange(item.osis);
  if (!range) return null;
  let to = item.to;
  if (CHINESE_CLOSING_MARKERS.has(original[to] ?? '')) to++;
  return { osis: item.osis, ...range, from: item.from, to };
}

/**
 * The stretches worth reading: every reference has a digit, so only the text around digits is
 * read — from 64 characters before a number (more than the longest book name, then back to the
 * start of a word) to 32 after it (a translation "(NIV)", a "ff", a closing 篇/节), joined by
 * "\n#\n" ("#" ends any passage, so nothing joins across stretches). The parser's cost grows with
 * every character it scans, whatever the character; most of a story is prose without digits, so
 * this keeps recognition cheap at save time.
 */
type Piece = { at: number; from: number; to: number };
const LINE_JOINER = '\n#\n';
const READ_BEFORE_DIGIT = 64;
const READ_AFTER_DIGIT = 32;
const SNAP_TO_WORD = 48;

function stretchesAroundDigits(text: string): { combined: string; pieces: Piece[] } {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(/\d+/g)) {
    let from = Math.max(0, match.index - READ_BEFORE_DIGIT);
    let to = Math.min(text.length, match.index + match[0].length + READ_AFTER_DIGIT);
    for (let k = 0; k < SNAP_TO_WORD && from > 0 && !/\s/.test(text[from - 1]); k++) from--;
    for (let k = 0; k < SNAP_TO_WORD && to < text.length && !/\s/.test(text[to]); k++) to++;
    const last = spans[spans.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  const pieces: Piece[] = [];
  let combined = '';
  for (const [from, to] of spans) {
    if (pieces.length > 0) combined += LINE_JOINER;
    pieces.push({ at: combined.length, from, to });
    combined += text.slice(from, to);
  }
  return { combined, pieces };
}

/** Maps a span of the joined lines back to the text; null if it crosses a joiner (it cannot). */
function toOriginal(pieces: readonly Piece[], item: Found): Found | null {
  let low = 0;
  let high = pieces.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (pieces[middle].at <= item.from) low = middle;
    else high = middle - 1;
  }
  const piece = pieces[low];
  const shift = piece.from - piece.at;
  if (item.to + shift > piece.to) return null;
  return { ...item, from: item.from + shift, to: item.to + shift };
}

function find(text: string, language: ScriptureLanguage, kind: 'prose' | 'query'): ScriptureReference[] {
  const source = text.length > MAX_TEXT_LENGTH ? text.slice(0, MAX_TEXT_LENGTH) : text;
  const normalised = normaliseForParsing(source);
  const { combined, pieces } = stretchesAroundDigits(normalised);
  if (pieces.length === 0) return [];
  const parsers = parsersFor(kind);
  // The story's language reads first; the other reads too when the text contains its script
  // (a Chinese story citing "John 3:16", an English one citing "约翰福音 3:16"). Where both read
  // the same characters, the story's language wins.
  const order: ScriptureLanguage[] = language === 'zh' ? ['zh', 'en'] : ['en', 'zh'];
  const primary: ScriptureReference[] = [];
  const secondary: ScriptureReference[] = [];
  for (const lang of order) {
    if (lang !== language && !(lang === 'zh' ? /\p{Script=Han}/u : /[A-Za-z]/).test(combined)) continue;
    let found = runParser(parsers[lang], combined);
    if (kind === 'prose') found = dropProse(found, combined);
    for (const item of found) {
      const mapped = toOriginal(pieces, item);
      const reference = mapped && toReference(mapped, source);
      if (!reference) continue;
      if (lang === language) primary.push(reference);
      else if (!overlapsAny(primary, reference)) secondary.push(reference);
    }
  }
  return secondary.length === 0 ? primary : [...primary, ...secondary].sort((a, b) => a.from - b.from);
}

/** `sorted` is in text order (the parser's output order): a binary search finds the neighbours. */
function overlapsAny(sorted: readonly ScriptureReference[], reference: ScriptureReference): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle].to <= reference.from) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low].from < reference.to;
}

/**
 * Every scripture reference in a story's (or newsletter's) plain text, in order of appearance.
 * `language` is the text's language: its parser reads first and wins where both read a span.
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
