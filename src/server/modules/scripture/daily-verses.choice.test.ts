import { describe, expect, it } from 'vitest';
import { chooseDailyVerse, siteDayFromDate, siteDayOf, type VerseCandidate } from './daily-verses.choice';
import { yearlyVerse } from './daily-verses.yearly';

// The choice of the day (decision 049): scheduled, else the rotation, else the yearly list, per language.

let sequence = 0;
const verse = (osis: string, input: Partial<VerseCandidate> = {}): VerseCandidate => {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    osis,
    language: 'both',
    scheduledFor: null,
    position: sequence,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)),
    ...input,
  };
};

const day = siteDayFromDate('2026-11-28');

describe("the site's day", () => {
  it('is the UTC day, as the daily devotion counts it', () => {
    expect(siteDayOf(new Date('2026-11-28T23:59:59.999Z'))).toEqual(day);
    expect(siteDayOf(new Date('2026-11-29T00:00:00.000Z')).date).toBe('2026-11-29');
    expect(day).toEqual({ date: '2026-11-28', number: 20_785, month: 11, day: 28 });
    // A reader in Shanghai at 07:00 on the 29th is still on the site's 28th.
    expect(siteDayOf(new Date('2026-11-29T07:00:00+08:00')).date).toBe('2026-11-28');
  });
});

describe('choosing the verse of the day', () => {
  it("takes the verse scheduled for the day, for the reader's language or both", () => {
    const rotation = [verse('John.3.16'), verse('Rom.8.28')];
    const today = verse('Ps.23.1', { scheduledFor: '2026-11-28' });
    const tomorrow = verse('Ps.1.1', { scheduledFor: '2026-11-29' });
    const verses = [...rotation, today, tomorrow];
    expect(chooseDailyVerse(verses, 'en', day)).toEqual({
      source: 'scheduled',
      osis: 'Ps.23.1',
      id: today.id,
    });
    expect(chooseDailyVerse(verses, 'zh', day)).toEqual({
      source: 'scheduled',
      osis: 'Ps.23.1',
      id: today.id,
    });
    expect(chooseDailyVerse(verses, 'en', siteDayFromDate('2026-11-29')).osis).toBe('Ps.1.1');
  });

  it('keeps a verse for one language away from the other', () => {
    const english = verse('Ps.23.1', { scheduledFor: '2026-11-28', language: 'en' });
    const chinese = verse('John.3.16', { scheduledFor: '2026-11-28', language: 'zh' });
    expect(chooseDailyVerse([english, chinese], 'en', day).osis).toBe('Ps.23.1');
    expect(chooseDailyVerse([english, chinese], 'zh', day).osis).toBe('John.3.16');
    // Only an English one: Chinese readers get the yearly list's.
    expect(chooseDailyVerse([english], 'zh', day)).toEqual({
      source: 'yearly',
      osis: yearlyVerse(11, 28),
      id: null,
    });
  });

  it('takes the earliest added of two verses scheduled for the same day', () => {
    const first = verse('Ps.23.1', { scheduledFor: '2026-11-28' });
    const second = verse('John.3.16', {
      scheduledFor: '2026-11-28',
      createdAt: new Date(Date.UTC(2027, 0, 1)),
    });
    expect(chooseDailyVerse([second, first], 'en', day).osis).toBe('Ps.23.1');
  });

  it('walks the rotation in order, one verse a day, the same for every reader of a day', () => {
    const rotation = [verse('John.3.16'), verse('Rom.8.28'), verse('Phil.4.13')];
    const chosen = Array.from(
      { length: 6 },
      (_, i) => chooseDailyVerse(rotation, 'en', { ...day, number: day.number + i }).osis,
    );
    // day.number % 3 === 1: the second verse today, then in order, round again.
    expect(day.number % 3).toBe(1);
    expect(chosen).toEqual(['Rom.8.28', 'Phil.4.13', 'John.3.16', 'Rom.8.28', 'Phil.4.13', 'John.3.16']);
    // Given in any order, the positions decide.
    expect(chooseDailyVerse([...rotation].reverse(), 'en', day).osis).toBe('Rom.8.28');
    expect(chooseDailyVerse(rotation, 'en', day).source).toBe('rotation');
  });

  it("rotates each language's own verses", () => {
    const verses = [
      verse('John.3.16', { language: 'en' }),
      verse('Rom.8.28', { language: 'zh' }),
      verse('Phil.4.13'),
    ];
    // en: [John.3.16, Phil.4.13], zh: [Rom.8.28, Phil.4.13]; day.number is odd.
    expect(day.number % 2).toBe(1);
    expect(chooseDailyVerse(verses, 'en', day).osis).toBe('Phil.4.13');
    expect(chooseDailyVerse(verses, 'zh', day).osis).toBe('Phil.4.13');
    const next = { ...day, number: day.number + 1 };
    expect(chooseDailyVerse(verses, 'en', next).osis).toBe('John.3.16');
    expect(chooseDailyVerse(verses, 'zh', next).osis).toBe('Rom.8.28');
  });

  it('leaves verses scheduled for other days out of the rotation', () => {
    const verses = [verse('John.3.16'), verse('Ps.23.1', { scheduledFor: '2026-12-25' })];
    for (let i = 0; i < 4; i++)
      expect(chooseDailyVerse(verses, 'en', { ...day, number: day.number + i }).osis).toBe('John.3.16');
  });

  it('falls back to the yearly list, the same passage for both languages, February 29th included', () => {
    expect(chooseDailyVerse([], 'en', day)).toEqual({
      source: 'yearly',
      osis: yearlyVerse(11, 28),
      id: null,
    });
    expect(chooseDailyVerse([], 'zh', day).osis).toBe(yearlyVerse(11, 28));
    expect(chooseDailyVerse([], 'en', siteDayFromDate('2028-02-29')).osis).toBe(yearlyVerse(2, 29));
    // March 1st is the same passage in a leap year and in any other.
    expect(chooseDailyVerse([], 'en', siteDayFromDate('2027-03-01')).osis).toBe(
      chooseDailyVerse([], 'en', siteDayFromDate('2028-03-01')).osis,
    );
    expect(chooseDailyVerse([], 'en', siteDayFromDate('2027-12-31')).osis).toBe('Ps.90.1-Ps.90.2');
  });
});
