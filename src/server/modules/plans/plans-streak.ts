// A reader's streak (docs/decisions/050-reading-plans.md): the consecutive local calendar days, up to
// today, on each of which they marked at least one day of the plan read. A streak still counts
// through today until it is over: read yesterday and not yet today, it is yesterday's run.

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a day number (UTC midnight / day), or NaN. */
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/** `readOn`: the local dates ('YYYY-MM-DD') days were read on, in any order; `today`: the reader's. */
export function streakOf(readOn: readonly string[], today: string): number {
  const days = new Set(readOn.map(dayNumber).filter(Number.isFinite));
  let day = dayNumber(today);
  if (!days.has(day)) day -= 1;
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day--;
  }
  return streak;
}

/** The local date ('YYYY-MM-DD') of `at` in the IANA time zone `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
