// The schedule dialogs' time handling: datetime-local values are read in UTC (SPEC §1, §9).
import { parseDateTimeLocalValue } from '@/lib/format-date';

/** The minute that is `minutes` from now, as a datetime-local value (UTC). */
export function plusMinutes(minutes: number): string {
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  return at.toISOString().slice(0, 16);
}

/** Reads the picker's value; an error text when it is missing or not in the future. */
export function checkScheduleTime(value: string): { time: number } | { error: string } {
  const time = parseDateTimeLocalValue(value);
  if (time === null) return { error: 'Choose a date and time.' };
  if (time <= Date.now()) return { error: 'Choose a time in the future.' };
  return { time };
}
