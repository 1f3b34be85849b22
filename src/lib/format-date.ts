// Dates render in English or Chinese by locale, always in UTC (SPEC §1, §9).

export type DateLocale = 'en' | 'zh';

export const DEFAULT_LOCALE: DateLocale = 'en';

/** Maps a language code or locale ('zh', 'zh-TW', 'en-GB', …) to one of the two display locales. */
export function toDateLocale(languageCode: string | null | undefined): DateLocale {
  return languageCode?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

const intlLocale: Record<DateLocale, string> = { en: 'en-US', zh: 'zh-CN' };

export type DateInput = Date | number | string | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// One formatter per locale and shape, made once: making an Intl.DateTimeFormat costs ~0.5 ms of CPU,
// which a page with many dates paid per date (issue 21 item 2, a render's profile).
const DATE_FORMAT: Record<DateLocale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(intlLocale.en, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }),
  zh: new Intl.DateTimeFormat(intlLocale.zh, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }),
};
const DATE_TIME_FORMAT: Record<DateLocale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(intlLocale.en, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }),
  zh: new Intl.DateTimeFormat(intlLocale.zh, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: false,
  }),
};

/** 'Nov 22, 2026' / '2026年11月22日'; '' for a missing or invalid value. */
export function formatDate(value: DateInput, locale: string = DEFAULT_LOCALE): string {
  const date = toDate(value);
  return date ? DATE_FORMAT[toDateLocale(locale)].format(date) : '';
}

/** 'Nov 22, 2026, 3:04 PM UTC' / '2026年11月22日 15:04 UTC'. */
export function formatDateTime(value: DateInput, locale: string = DEFAULT_LOCALE): string {
  const date = toDate(value);
  return date ? `${DATE_TIME_FORMAT[toDateLocale(locale)].format(date)} UTC` : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local input (YYYY-MM-DDTHH:mm, SPEC §9), read in UTC. */
export function toDateTimeLocalValue(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** Parses a datetime-local value (YYYY-MM-DDTHH:mm) as UTC; epoch ms, or null when malformed. */
export function parseDateTimeLocalValue(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return ms;
}
