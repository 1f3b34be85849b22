// The languages a reader may choose (the language-reign dialog) and the cookie that keeps the choice
// of a reader who is not signed in. Pure: the dialog imports it; reader-locale.ts reads requests.

/** The languages the site has stories and dates for, with their names in their own language. */
export const READER_LANGUAGES = ['en', 'zh'] as const;
export type ReaderLanguage = (typeof READER_LANGUAGES)[number];
export const READER_LANGUAGE_NAMES: Record<ReaderLanguage, string> = { en: 'English', zh: '中文' };

/** The cookie the language-reign dialog sets for a reader who is not signed in (one year). */
export const LANGUAGE_COOKIE = 'lamplight-lang';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 86_400;

/** 'zh', 'zh-TW', 'EN-gb' … → one of READER_LANGUAGES, or null for any other language. */
export function toReaderLanguage(value: string | null | undefined): ReaderLanguage | null {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return READER_LANGUAGES.find((language) => language === primary) ?? null;
}
