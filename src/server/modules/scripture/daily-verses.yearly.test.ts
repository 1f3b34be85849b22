import { describe, expect, it } from 'vitest';
import { displayPassage } from './references/passage-display';
import { parseScriptureQuery } from './references/scripture-references';
import { parseOsisRange, rangesOverlap } from './references/verse-keys';
import { passageText, TRANSLATIONS } from './texts/scripture-texts';
import { DAILY_VERSE_MAX_VERSES } from './daily-verses.limits';
import { YEARLY_VERSES, yearlyIndex, yearlyVerse } from './daily-verses.yearly';

// The built-in yearly list (decision 049): 366 passages a reader is shown when staff chose none.

describe('the built-in yearly list', () => {
  it('has one passage for each day of a leap year, laid out by month', () => {
    expect(YEARLY_VERSES).toHaveLength(366);
    expect(yearlyIndex(1, 1)).toBe(0);
    expect(yearlyIndex(2, 29)).toBe(59);
    expect(yearlyIndex(3, 1)).toBe(60);
    expect(yearlyIndex(12, 31)).toBe(365);
    expect(yearlyVerse(12, 25)).toBe('Isa.9.6');
    expect(yearlyVerse(2, 14)).toBe('1John.4.18');
  });

  it('is every one a passage as the parser writes it, of at most a few verses', () => {
    const problems: string[] = [];
    for (const osis of YEARLY_VERSES) {
      const display = displayPassage(osis, 'en');
      // Written out and read back by the parser staff input goes through: the same OSIS.
      const again = display ? parseScriptureQuery(display, 'en')?.osis : null;
      if (again !== osis) problems.push(`${osis}: read back as ${again ?? 'nothing'}`);
      const range = parseOsisRange(osis);
      if (!range) problems.push(`${osis}: not a passage`);
    }
    expect(problems).toEqual([]);
  });

  it('has a text for each passage in every translation, within the verse limit', async () => {
    const problems: string[] = [];
    for (const translation of TRANSLATIONS) {
      for (const osis of YEARLY_VERSES) {
        const passage = await passageText(translation, osis);
        if (!passage) problems.push(`${translation} ${osis}: no text`);
        else if (passage.verses.length > DAILY_VERSE_MAX_VERSES)
          problems.push(`${translation} ${osis}: ${passage.verses.length} verses`);
        else if (passage.verses.some((verse) => verse.text.trim() === ''))
          problems.push(`${translation} ${osis}: an empty verse`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('never repeats or overlaps a passage', () => {
    const ranges = YEARLY_VERSES.map((osis) => ({ osis, range: parseOsisRange(osis)! }));
    const overlaps: string[] = [];
    for (let i = 0; i < ranges.length; i++)
      for (let j = i + 1; j < ranges.length; j++)
        if (rangesOverlap(ranges[i]!.range, ranges[j]!.range))
          overlaps.push(`${ranges[i]!.osis} / ${ranges[j]!.osis}`);
    expect(overlaps).toEqual([]);
  });
});
