import { describe, expect, it } from 'vitest';
import { OSIS_BOOKS, VERSIFICATION_SYSTEM, bookOrder, chapterCount, verseCount } from './osis-books';
import { findScriptureReferences } from './scripture-references';
import { parseOsisRange, rangeContains, rangesOverlap, verseKey } from './verse-keys';

function range(osis: string) {
  const parsed = parseOsisRange(osis);
  if (!parsed) throw new Error(`not a passage: ${osis}`);
  return parsed;
}

describe('the versification table from the parser package', () => {
  it('lists the 66 books in canonical order', () => {
    expect(VERSIFICATION_SYSTEM).toBe('kjv');
    expect(OSIS_BOOKS).toHaveLength(66);
    expect([OSIS_BOOKS[0], OSIS_BOOKS[38], OSIS_BOOKS[39], OSIS_BOOKS[65]]).toEqual([
      'Gen',
      'Mal',
      'Matt',
      'Rev',
    ]);
    expect(bookOrder('Gen')).toBe(1);
    expect(bookOrder('Matt')).toBe(40);
    expect(bookOrder('Rev')).toBe(66);
    expect(() => bookOrder('Tob')).toThrow();
  });

  it('knows the chapters and verses', () => {
    expect(chapterCount('Ps')).toBe(150);
    expect(chapterCount('Jude')).toBe(1);
    expect(verseCount('John', 3)).toBe(36);
    expect(verseCount('Ps', 119)).toBe(176);
    expect(verseCount('Ps', 23)).toBe(6);
    expect(verseCount('3John', 1)).toBe(14); // KJV numbering (the default system has 15)
    expect(verseCount('John', 22)).toBeNull();
  });
});

describe('verse keys', () => {
  it('are book order × 1,000,000 + chapter × 1,000 + verse', () => {
    expect(verseKey('Gen', 1, 1)).toBe(1_001_001);
    expect(verseKey('John', 3, 16)).toBe(43_003_016);
    expect(verseKey('Rev', 22, 21)).toBe(66_022_021);
    // The largest key fits a 32-bit integer column.
    expect(verseKey('Rev', 22, 21)).toBeLessThan(2 ** 31);
  });

  it('span whole chapters, whole books and ranges across chapters and books', () => {
    expect(range('John.3')).toMatchObject({ startKey: 43_003_001, endKey: 43_003_036 });
    expect(range('Gen')).toMatchObject({ startKey: 1_001_001, endKey: 1_050_026 });
    expect(range('John.3.16-John.4.2')).toMatchObject({ startKey: 43_003_016, endKey: 43_004_002 });
    expect(range('Matt.28-Mark.1')).toMatchObject({ startKey: 40_028_001, endKey: 41_001_045 });
    expect(range('Gen-Exod')).toMatchObject({ startKey: 1_001_001, endKey: 2_040_038 });
  });

  it('refuse what is not one existing passage', () => {
    for (const bad of [
      'John.3.37',
      'John.22',
      'Tob.1',
      'John.3.16,John.3.18',
      'John.3.16!a',
      'John.4-John.3',
      '',
    ]) {
      expect(parseOsisRange(bad)).toBeNull();
    }
  });
});

describe('overlap queries on keys', () => {
  it('John 3:14–18 overlaps John 3:16, and John 3:17 too', () => {
    expect(rangesOverlap(range('John.3.14-John.3.18'), range('John.3.16'))).toBe(true);
    expect(rangesOverlap(range('John.3.16'), range('John.3.14-John.3.18'))).toBe(true);
    expect(rangesOverlap(range('John.3.14-John.3.18'), range('John.3.19'))).toBe(false);
  });

  it('John 3 contains John 3:16; John 3:16 does not contain John 3', () => {
    expect(rangeContains(range('John.3'), range('John.3.16'))).toBe(true);
    expect(rangeContains(range('John.3.16'), range('John.3'))).toBe(false);
    expect(rangesOverlap(range('John.3'), range('John.3.16'))).toBe(true);
  });

  it('Ps 23 does not overlap Ps 24, nor John 3 John 4', () => {
    expect(rangesOverlap(range('Ps.23'), range('Ps.24'))).toBe(false);
    expect(rangesOverlap(range('John.3'), range('John.4'))).toBe(false);
    expect(rangesOverlap(range('Ps.23.6'), range('Ps.24.1'))).toBe(false);
  });

  it('works on what findScriptureReferences returns, in either language', () => {
    const [range318] = findScriptureReferences('John 3:14–18', 'en');
    const [verse] = findScriptureReferences('约翰福音3:16', 'zh');
    const [chapter] = findScriptureReferences('約翰福音3章', 'zh');
    const [ps23] = findScriptureReferences('Ps 23', 'en');
    const [ps24] = findScriptureReferences('诗篇 24篇', 'zh');
    expect(rangesOverlap(range318, verse)).toBe(true);
    expect(rangeContains(chapter, verse)).toBe(true);
    expect(rangeContains(chapter, range318)).toBe(true);
    expect(rangesOverlap(ps23, ps24)).toBe(false);
  });
});
