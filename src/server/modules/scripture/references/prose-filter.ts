// The post-filter (the parser has no option for this; decision 044): a book name that is also an
// everyday word or a first name, followed by nothing more than a bare number, is prose, not
// scripture: "Mark 2 days", "John 3 people", "Acts 2 and", "Job 3", "Is 2 enough?", "约3天",
// "路2号", "提前3天". Such a reference is kept only with evidence. Unambiguous names ("Psalm 23",
// "1 Cor 13", "Romans 8", "约翰福音3章") need none.

/** A reference as the parser reports it, in the text it read. */
export type Found = { osis: string; from: number; to: number; group: number };

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

/**
 * A one-character Chinese abbreviation is often a syllable of a word: 大约 "about", 预约 "booking",
 * 比赛 "match", 赢得 "won". ICU's Chinese word segmenter (Intl.Segmenter, built into Node) knows
 * these words: the abbreviation counts only when it stands as a word of its own ("正如 | 约 | 3:16",
 * "默想 | 罗 | 8:28"), not inside one ("大约 | 3:16"). Created on first use.
 */
let chineseWords: Intl.Segmenter | undefined;
const SEGMENT_CONTEXT = 8;

function standsAlone(raw: string, from: number, length: number): boolean {
  chineseWords ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const start = Math.max(0, from - SEGMENT_CONTEXT);
  for (const { segment, index } of chineseWords.segment(raw.slice(start, from + length + 1))) {
    if (start + index + segment.length <= from) continue;
    return start + index === from && segment.length === length;
  }
  return false;
}

/** After "约5:30", a time or a ratio: 约5:30起床, 约3:16左右, 约10:00结束, 3:1的比例. */
const CHINESE_NOT_CITED_AFTER =
  /^\s*(?:左右|起|出[发發]|到|开[始会]|開[始會]|[见見]面?|集合|[结結]束|[点點]|分|[时時]|[钟鐘]|以?前|以?[后後]|准[时時]|準時|的?比例)/;

/** Psalms counted in 篇: "诗23篇" is Psalm 23 even though 诗 is also "poem". */
const PSALM_ABBREVIATIONS = new Set(['诗', '詩']);

/**
 * English words before an ambiguous book that show a citation: "read Luke 15", "in John 15",
 * "from Acts 2", "see Job 38", "Reread Matthew 5-7".
 */
const ENGLISH_CUE_BEFORE =
  /(?:^|[^\p{L}])(?:re-?read|read(?:s|ing|ings)?|stud(?:y|ied|ying)|preach(?:ed|es|ing)?|in|from|see|cf|compare|through|on|text|passage|scripture)[\s.]*$/iu;
/** A bulletin's "Pentecost Sunday – Acts 2" or "Gospel: John 15". */
const PUNCTUATION_CUE_BEFORE = /[:–—]\s*$/;
/** "Ruth 1–4", "Matthew 5-7", "Job 38–41", "Jude 24–25": a range of chapters (or verses). */
const DASH_RANGE = /\d\s*[-–—]\s*\d/;
/**
 * Counts of things after the number make it prose whatever came before: "from Mark 2 days ago",
 * "in Acts 2 and 3 of the play", "Luke 15 years old", "Mark 2-3 times".
 */
const COUNT_AFTER =
  /^[\s,]*(?:of|more|days?|weeks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?|seconds?|times?|people|persons?|kids?|children|child|men|women|boys?|girls?|points?|goals?|runs?|stars?|miles?|km|dollars?|cents?|pounds?|euros?|items?|pages?|votes?|percent|am|pm|o'clock)\b/i;

const HAS_VERSE = /\d\s*:\s*\d|\d\.\d/;
const EXPLICIT_MARKER = /\b(?:chapters?|chap|ch|verses?|vv?|ver)\b/i;
const OPENERS = new Set(['(', '[']);
const CLOSERS = new Set([')', ']', ',', ';']);
const HAN = /\p{Script=Han}/u;

function bookWord(runText: string): string {
  const leading = /^\P{N}*/u.exec(runText)?.[0] ?? '';
  return leading.replace(/[\p{P}\s]/gu, '').toLowerCase();
}

function isAmbiguousBook(word: string): boolean {
  if (word === '') return false; // "1 Cor", "2 John": a numbered book is never prose.
  if (/^\p{Script=Han}+$/u.test(word)) return word.length === 1 || AMBIGUOUS_CHINESE.has(word);
  return AMBIGUOUS_ENGLISH.has(word);
}

function charBefore(text: string, from: number): string {
  let at = from - 1;
  while (at >= 0 && text[at] === ' ') at--;
  return text[at] ?? '';
}

function isParenthesised(text: string, from: number, to: number): boolean {
  let after = to;
  while (after < text.length && text[after] === ' ') after++;
  return OPENERS.has(charBefore(text, from)) && CLOSERS.has(text[after] ?? '');
}

/** Evidence for a run whose book is written as a Chinese everyday word (约, 路, 可, 提前 …). */
function chineseEvidence(word: string, runText: string, raw: string, from: number, to: number): boolean {
  if (word.length === 1 && !standsAlone(raw, from, 1)) return false;
  if (HAS_VERSE.test(runText)) return !CHINESE_NOT_CITED_AFTER.test(raw.slice(to, to + 4));
  return PSALM_ABBREVIATIONS.has(word) && raw[to] === '篇';
}

/** Evidence for a run whose book is written as an English word or name (Mark, Job, Acts …). */
function englishEvidence(
  runText: string,
  text: string,
  from: number,
  to: number,
  followsKept: boolean,
): boolean {
  if (HAS_VERSE.test(runText) || EXPLICIT_MARKER.test(runText) || isParenthesised(text, from, to))
    return true;
  if (COUNT_AFTER.test(text.slice(to, to + 16))) return false;
  const before = text.slice(Math.max(0, from - 24), from);
  return (
    followsKept ||
    DASH_RANGE.test(runText) ||
    ENGLISH_CUE_BEFORE.test(before) ||
    PUNCTUATION_CUE_BEFORE.test(before)
  );
}

/**
 * Splits the parser's sequences into runs that each start at a book name ("Mark 2, 3:4; Luke 5"
 * → [Mark 2, 3:4] [Luke 5]) and drops the runs without evidence. `text` is what the parser read;
 * `raw` the same characters before normalising (the same length: it still has 篇, 章 and 节).
 */
export function dropProse(found: readonly Found[], text: string, raw: string): Found[] {
  const kept: Found[] = [];
  let run: Found[] = [];
  let lastKeptGroup = -1;
  const flush = () => {
    if (run.length === 0) return;
    const from = run[0].from;
    const to = run[run.length - 1].to;
    const runText = text.slice(from, to);
    const word = bookWord(runText);
    const books = new Set(run.flatMap((item) => item.osis.split('-').map((part) => part.split('.')[0])));
    let evidence: boolean;
    if (ONLY_IN_PARENTHESES.has(word)) evidence = isParenthesised(text, from, to);
    else if (!isAmbiguousBook(word) || books.size > 1) evidence = true;
    else if (HAN.test(word)) evidence = chineseEvidence(word, runText, raw, from, to);
    else evidence = englishEvidence(runText, text, from, to, run[0].group === lastKeptGroup);
    if (evidence) {
      kept.push(...run);
      lastKeptGroup = run[0].group;
    }
    run = [];
  };
  let previous: Found | undefined;
  for (const item of found) {
    const itemText = text.slice(item.from, item.to);
    const startsWithBook = /^\s*\P{N}/u.test(itemText) || startBook(item.osis) !== endBook(previous?.osis);
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
