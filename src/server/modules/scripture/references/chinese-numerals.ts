// Chinese writers cite chapters and verses in Chinese numerals as often as in digits:
// "约翰福音三章十六节", "诗篇第二十三篇", "马可福音第十六章九至二十节". The parser reads Arabic digits
// only, so numerals that a chapter/verse marker closes are rewritten as digits before parsing:
// "三章十六节" → "3章16节", which normaliseForParsing then reads as "3:16". A numeral and its digits
// differ in length ("十" → "10", "二十三" → "23"), so the rewrite returns, for every character it
// writes, the index of the character it came from; offsets found in the rewritten text are mapped
// back through it. Numerals elsewhere ("第一次", "三个人", "约翰三书") are left alone.

const DIGIT_VALUES: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNIT_VALUES: Readonly<Record<string, number>> = { 十: 10, 百: 100 };

const NUMERALS = '〇零一二两兩三四五六七八九十百';
const NUMERAL_RUN = new RegExp(`[${NUMERALS}]+`, 'g');
const MARKERS = '章篇节節';
/** What may stand between a numeral and the marker that closes it: "十六至十八节", "十六、十八节". */
const CLOSED_LATER = new RegExp(`^(?:\\s*[至到~～\\-–—、，,]\\s*[${NUMERALS}0-9０-９]+)+\\s*[${MARKERS}]`);
const LOOK_AHEAD = 40;

/**
 * The value of a Chinese numeral as written in chapter and verse numbers (1–999): 三, 十, 十六,
 * 二十, 二十三, 一百, 一百零五, 一百一十九, 一百十九, and digit by digit, 一二一 (121), 一〇三 (103).
 * Null for anything else ("十十", "一百五", 零).
 */
export function chineseNumeralValue(numeral: string): number | null {
  if (numeral.length > 1 && numeral.length <= 3 && !/[十百]/.test(numeral)) {
    const digits = [...numeral].map((ch) => DIGIT_VALUES[ch]);
    if (digits[0] === 0 || digits.some((d) => d === undefined)) return null;
    return Number(digits.join(''));
  }
  let total = 0;
  let digit: number | null = null;
  let lastUnit = 1_000;
  let zero = false;
  for (const ch of numeral) {
    const unit = UNIT_VALUES[ch];
    if (unit !== undefined) {
      if (unit >= lastUnit || zero) return null;
      total += (digit ?? 1) * unit;
      lastUnit = unit;
      digit = null;
      continue;
    }
    const value = DIGIT_VALUES[ch];
    if (value === undefined) return null;
    if (value === 0) {
      if (digit !== null || zero || lastUnit !== 100) return null; // only as in 一百零五
      zero = true;
      continue;
    }
    if (digit !== null) return null; // "三三"
    digit = value;
  }
  if (zero && digit === null) return null; // "一百零" ends where a digit should follow
  if (digit !== null) {
    // A digit straight after 百 ("一百五") is 150 to some writers and 105 to others: not read.
    if (lastUnit === 100 && !zero) return null;
    total += digit;
  }
  return total >= 1 && total <= 999 ? total : null;
}

export type Rewritten = {
  text: string;
  /** origin[i] = the index in the input of the character written at i; null when nothing changed. */
  origin: Int32Array | null;
};

/** Rewrites the chapter and verse numerals of a text as digits (see the header). */
export function chineseNumeralsToDigits(text: string): Rewritten {
  if (!/[章篇节節]/.test(text) || !/[〇零一二两兩三四五六七八九十百]/.test(text))
    return { text, origin: null };
  const parts: string[] = [];
  const origins: number[] = [];
  let copied = 0;
  let changed = false;
  for (const match of text.matchAll(NUMERAL_RUN)) {
    const at = match.index;
    const end = at + match[0].length;
    const next = text[end] ?? '';
    if (!MARKERS.includes(next) && !CLOSED_LATER.test(text.slice(end, end + LOOK_AHEAD))) continue;
    const value = chineseNumeralValue(match[0]);
    if (value === null) continue;
    for (let i = copied; i < at; i++) origins.push(i);
    parts.push(text.slice(copied, at));
    const digits = String(value);
    for (let k = 0; k < digits.length; k++) {
      // The first digit comes from the first numeral, the last from the last, so a span that ends
      // after the last digit ends after the whole numeral.
      origins.push(k === digits.length - 1 ? end - 1 : Math.min(at + k, end - 1));
    }
    parts.push(digits);
    copied = end;
    changed = true;
  }
  if (!changed) return { text, origin: null };
  for (let i = copied; i < text.length; i++) origins.push(i);
  parts.push(text.slice(copied));
  return { text: parts.join(''), origin: Int32Array.from(origins) };
}
