import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  parseDateTimeLocalValue,
  toDateLocale,
  toDateTimeLocalValue,
} from './format-date';

// 2026-11-25 15:04 UTC: late enough in the day that a local time zone east of UTC would show the 26th.
const AT = Date.UTC(2026, 10, 25, 15, 4);
const LATE = Date.UTC(2026, 10, 25, 23, 30);

describe('formatDate', () => {
  it('reads English as "Nov 25, 2026" and Chinese as "2026年11月25日"', () => {
    expect(formatDate(AT, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(AT, 'zh')).toBe('2026年11月25日');
  });

  it('takes any zh locale as Chinese and everything else as English (SPEC §9 default en)', () => {
    expect(formatDate(AT, 'zh-TW')).toBe('2026年11月25日');
    expect(formatDate(AT, 'fr')).toBe('Nov 25, 2026');
    expect(formatDate(AT)).toBe('Nov 25, 2026');
    expect(toDateLocale(undefined)).toBe('en');
  });

  it('always reads the day in UTC (SPEC §1)', () => {
    expect(formatDate(LATE, 'en')).toBe('Nov 25, 2026');
    expect(formatDate(new Date(LATE).toISOString(), 'zh')).toBe('2026年11月25日');
  });

  it('answers an empty string for a missing or invalid value instead of "Invalid Date"', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the UTC time, 12-hour in English and 24-hour in Chinese', () => {
    expect(formatDateTime(AT, 'en')).toBe('Nov 25, 2026, 3:04 PM UTC');
    expect(formatDateTime(AT, 'zh')).toBe('2026年11月25日 15:04 UTC');
  });
});

describe('datetime-local values (SPEC §9 YYYY-MM-DDTHH:mm, UTC)', () => {
  it('round-trips a minute', () => {
    expect(toDateTimeLocalValue(AT)).toBe('2026-11-25T15:04');
    expect(parseDateTimeLocalValue('2026-11-25T15:04')).toBe(AT);
  });

  it('refuses malformed and impossible times', () => {
    expect(parseDateTimeLocalValue('2026-02-30T10:00')).toBeNull();
    expect(parseDateTimeLocalValue('2026-11-25T24:00')).toBeNull();
    expect(parseDateTimeLocalValue('2026-11-25 15:04')).toBeNull();
  });
});
