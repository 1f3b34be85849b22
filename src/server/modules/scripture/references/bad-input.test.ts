import { describe, expect, it } from 'vitest';
import { bookOrder } from './osis-books';
import {
  MAX_TEXT_LENGTH,
  findScriptureReferences,
  type ScriptureLanguage,
  type ScriptureReference,
} from './scripture-references';
import { parseOsisRange } from './verse-keys';

// Issue 24: "a story of 5,000 references, a reference to 'Genesis 999:999', mixed scripts, and a
// 100 KB paragraph without spaces are handled in bounded time with nothing stored wrong". These
// tests assert what is found; the time each took is printed, not asserted (speed is the bench's).

function timed(label: string, text: string, language: ScriptureLanguage): ScriptureReference[] {
  const started = performance.now();
  const found = findScriptureReferences(text, language);
  const ms = performance.now() - started;
  console.log(
    `bad input: ${label} — ${text.length.toLocaleString('en')} characters, ` +
      `${found.length.toLocaleString('en')} references, ${ms.toFixed(0)} ms`,
  );
  return found;
}

/** What may be stored: exact OSIS with keys, spans inside the text, in order, never overlapping. */
function expectStorable(text: string, found: readonly ScriptureReference[]) {
  let previousEnd = 0;
  for (const reference of found) {
    expect(reference.from).toBeGreaterThanOrEqual(previousEnd);
    expect(reference.to).toBeGreaterThan(reference.from);
    expect(reference.to).toBeLessThanOrEqual(text.length);
    expect(parseOsisRange(reference.osis)).toEqual({
      start: reference.start,
      end: reference.end,
      startKey: reference.startKey,
      endKey: reference.endKey,
    });
    expect(reference.startKey).toBeLessThanOrEqual(reference.endKey);
    expect(Math.floor(reference.startKey / 1_000_000)).toBe(bookOrder(reference.start.book));
    previousEnd = reference.to;
  }
}

describe('a story of 5,000 references', () => {
  it('finds every one of 5,000 English references, each where it is written', () => {
    const writes = Array.from({ length: 5_000 }, (_, i) => `John ${(i % 21) + 1}:${(i % 25) + 1}`);
    const text = writes.join(', and then ');
    const found = timed('5,000 English references', text, 'en');
    expect(found).toHaveLength(5_000);
    expect(found.map((r) => text.slice(r.from, r.to))).toEqual(writes);
    expect(found[20].osis).toBe('John.21.21');
    expectStorable(text, found);
  });

  it('finds 5,000 Chinese references written in digits and in Chinese numerals', () => {
    const numerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
    const writes = Array.from({ length: 5_000 }, (_, i) =>
      i % 2 === 0 ? `约翰福音${(i % 21) + 1}:16` : `罗马书${numerals[i % 10]}章${numerals[(i + 3) % 10]}节`,
    );
    const text = writes.join('。然后读');
    const found = timed('5,000 Chinese references', text, 'zh');
    expect(found).toHaveLength(5_000);
    expect(found.map((r) => text.slice(r.from, r.to))).toEqual(writes);
    expect(found.slice(0, 2).map((r) => r.osis)).toEqual(['John.1.16', 'Rom.2.5']);
    expectStorable(text, found);
  });

  it('reads 5,000 references spread over a long story (one window each)', () => {
    const sentence = (i: number) =>
      `On day ${i + 1} we talked for a long while about grace, and then we read Psalm ${(i % 150) + 1}. `;
    const text = Array.from({ length: 5_000 }, (_, i) => sentence(i))
      .join('')
      .slice(0, MAX_TEXT_LENGTH);
    const found = timed('references spread over 200,000 characters', text, 'en');
    expect(found.length).toBeGreaterThan(2_000);
    expect(found.every((r, i) => r.osis === `Ps.${(i % 150) + 1}`)).toBe(true);
    expectStorable(text, found);
  });
});

describe('passages that do not exist', () => {
  it.each([
    ['Genesis 999:999', 'en'],
    ['Genesis 50:27', 'en'],
    ['Psalm 119:177', 'en'],
    ['John 0:1', 'en'],
    ['Genesis 99999999999:1', 'en'],
    ['创世记999:999', 'zh'],
    ['创世记一百章一节', 'zh'],
    ['诗篇一百五十一篇', 'zh'],
  ] as const)('%s is nothing', (text, language) => {
    expect(findScriptureReferences(text, language)).toEqual([]);
  });

  it('finds the real reference after 5,000 that do not exist', () => {
    const text = 'Genesis 999:999 and '.repeat(5_000) + 'Genesis 50:26';
    const found = timed('5,000 references that do not exist', text, 'en');
    expect(found.map((r) => [r.osis, text.slice(r.from, r.to)])).toEqual([['Gen.50.26', 'Genesis 50:26']]);
  });

  it('keeps a range that runs past its chapter inside the chapter (the parser ends it there)', () => {
    const [reference] = findScriptureReferences('John 3:16-99', 'en');
    expect(reference.osis).toBe('John.3.16-John.3.36');
    expect(reference.endKey).toBe(43_003_036);
  });
});

describe('mixed scripts', () => {
  it('reads English and Chinese references among other scripts and emoji, with exact spans', () => {
    const piece = '😀 John 3:16 and 约翰福音3:16, Иоанн 3:16, يوحنا ٣:١٦, 詩篇23篇 👍 ';
    const text = piece.repeat(2_000);
    for (const language of ['en', 'zh'] as const) {
      const found = timed(`mixed scripts (${language} story)`, text, language);
      expect(found).toHaveLength(6_000);
      expect(found.slice(0, 3).map((r) => [r.osis, text.slice(r.from, r.to)])).toEqual([
        ['John.3.16', 'John 3:16'],
        ['John.3.16', '约翰福音3:16'],
        ['Ps.23', '詩篇23篇'],
      ]);
      expectStorable(text, found);
    }
  });
});

describe('a 100 KB paragraph without spaces', () => {
  it('finds nothing in 100 KB of letters, of digits, or of Han characters', () => {
    expect(timed('100 KB of letters', 'a'.repeat(100_000), 'en')).toEqual([]);
    expect(timed('100 KB of digits', '1234567890'.repeat(10_000), 'en')).toEqual([]);
    expect(timed('100 KB of Han characters and digits', '主3恩典7'.repeat(20_000), 'zh')).toEqual([]);
  });

  it('finds every reference in 100 KB written without a single space', () => {
    const english = 'John3:16'.repeat(12_500);
    const foundEnglish = timed('John3:16 × 12,500 without spaces', english, 'en');
    expect(foundEnglish).toHaveLength(12_500);
    expect(new Set(foundEnglish.map((r) => r.osis))).toEqual(new Set(['John.3.16']));
    expectStorable(english, foundEnglish);

    const chinese = `${'我们在主里彼此相爱互相扶持'.repeat(70)}（罗马书8:28）`.repeat(100);
    const foundChinese = timed('100 KB of Chinese with a reference every 990 characters', chinese, 'zh');
    expect(foundChinese).toHaveLength(100);
    expect(foundChinese.every((r) => chinese.slice(r.from, r.to) === '罗马书8:28')).toBe(true);
  });

  it(`reads only the first ${MAX_TEXT_LENGTH.toLocaleString('en')} characters of a longer text`, () => {
    const text = `${'x'.repeat(MAX_TEXT_LENGTH - 20)} John 3:16 and John 3:17 and John 3:18`;
    const found = timed('a reference across the length limit', text, 'en');
    expect(found.map((r) => r.osis)).toEqual(['John.3.16']);
  });
});
