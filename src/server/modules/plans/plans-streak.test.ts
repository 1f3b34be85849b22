import { describe, expect, it } from 'vitest';
import { localDate, streakOf } from './plans-streak';

describe('a reader’s streak', () => {
  it('counts consecutive local days up to today, or up to yesterday until today is over', () => {
    expect(streakOf([], '2026-11-28')).toBe(0);
    expect(streakOf(['2026-11-28'], '2026-11-28')).toBe(1);
    expect(streakOf(['2026-11-26', '2026-11-27', '2026-11-28'], '2026-11-28')).toBe(3);
    // Not read yet today: yesterday's run still stands.
    expect(streakOf(['2026-11-26', '2026-11-27'], '2026-11-28')).toBe(2);
    // A day missed ends it.
    expect(streakOf(['2026-11-25', '2026-11-27', '2026-11-28'], '2026-11-28')).toBe(2);
    expect(streakOf(['2026-11-25', '2026-11-26'], '2026-11-28')).toBe(0);
    // Several plan days read on one date count once; order does not matter; across a month's end.
    expect(streakOf(['2026-12-01', '2026-11-30', '2026-11-30', '2026-12-01'], '2026-12-01')).toBe(2);
    // Across the night the clocks change (the dates are calendar dates, not 24-hour spans).
    expect(streakOf(['2026-03-07', '2026-03-08', '2026-03-09'], '2026-03-09')).toBe(3);
  });

  it("takes today's date in the reader's own time zone", () => {
    const at = new Date('2026-11-28T23:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-11-28');
    expect(localDate(at, 'Asia/Tokyo')).toBe('2026-11-29');
    expect(localDate(at, 'America/Los_Angeles')).toBe('2026-11-28');
  });
});
