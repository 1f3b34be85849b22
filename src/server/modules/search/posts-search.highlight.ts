import { escapeHtml } from '../../lib/escape-html';

// Turns ts_headline's output into the HTML the search page shows: every character escaped, the only
// markup <mark> around the hits. The database text is marked with private-use characters (never
// HTML), so nothing a writer typed can become markup.
/** Marks ts_headline puts around a hit: private-use characters, stripped from the text beforehand. */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

const CJK = '[\\u3400-\\u9fff\\uf900-\\ufaff]';
// The search vector spaces every CJK ideograph out (' 医 '); take back exactly those spaces.
const SPACED_CJK = new RegExp(` ?(${HIT_START}?)(${CJK})(${HIT_END}?) ?`, 'gu');

/** The runs of CJK ideographs in what the reader typed: the Chinese words they look for. */
export function cjkWordsOf(query: string): string[] {
  return query.match(new RegExp(`${CJK}+`, 'gu')) ?? [];
}

const MARKED = new RegExp(`${HIT_START}([^${HIT_END}]*)${HIT_END}`, 'gu');
const ONLY_CJK = new RegExp(`^${CJK}+$`, 'u');

/**
 * ts_headline's text (hits between U+E000 and U+E001, CJK spaced out) as escaped HTML with <mark>.
 * A Chinese word is searched as a phrase of characters, but ts_headline marks each of its characters
 * wherever it stands: a marked run of ideographs stays marked only if it holds one of `cjkWords`.
 */
export function headlineToHtml(headline: string, cjkWords: readonly string[] = []): string {
  const merged = headline
    .replace(SPACED_CJK, '$1$2$3')
    .replaceAll(`${HIT_END}${HIT_START}`, '')
    .replace(MARKED, (whole, hit: string) =>
      ONLY_CJK.test(hit) && !cjkWords.some((word) => hit.includes(word)) ? hit : whole,
    );
  return escapeHtml(merged)
    .replaceAll(HIT_START, '<mark>')
    .replaceAll(HIT_END, '</mark>')
    .replace(/\s+/g, ' ')
    .trim();
}
