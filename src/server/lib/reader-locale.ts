import { env } from './env';
import { toReaderLanguage, type ReaderLanguage } from './reader-language';

// Who the home page is written for: the reader's language and country (SPEC §3 curated sets are
// keyed by both). Language: the language-reign cookie the reader chose (signed in or not: the home
// page is one HTML for every reader of a language, decision 031), else Accept-Language, else
// DEFAULT_LANGUAGE. Country: the
// header a CDN fills in (COUNTRY_HEADER, e.g. cf-ipcountry), else DEFAULT_COUNTRY.

export type ReaderLocale = { languageCode: ReaderLanguage; countryCode: string };

/** The reader language Accept-Language prefers most (by q, then order), or null when none is ours. */
export function fromAcceptLanguage(header: string | null | undefined): ReaderLanguage | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: toReaderLanguage(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}

const defaultLanguage = (): ReaderLanguage => toReaderLanguage(env.DEFAULT_LANGUAGE) ?? 'en';

/** A two-letter country from the CDN's header ('XX' and 'T1', Cloudflare's unknown and Tor, ignored). */
export function toCountryCode(value: string | null | undefined): string {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : env.DEFAULT_COUNTRY;
}

/** The reader's country from a request's headers. */
export const readerCountry = (headers: Pick<Headers, 'get'>): string =>
  toCountryCode(headers.get(env.COUNTRY_HEADER));

/** The reader's language and country for a request: `cookie` is the language-reign cookie's value. */
export function readerLocale(input: { headers: Pick<Headers, 'get'>; cookie?: string | null }): ReaderLocale {
  const languageCode =
    toReaderLanguage(input.cookie) ??
    fromAcceptLanguage(input.headers.get('accept-language')) ??
    defaultLanguage();
  return { languageCode, countryCode: readerCountry(input.headers) };
}
