import { READER_LANGUAGES, toReaderLanguage, type ReaderLanguage } from './reader-language';

// hreflang links between the language versions of a listing page (issue 11): each language's version
// is the same address with ?languageCode=, and the address without it (the reader's own language,
// from their cookie or browser) is the x-default. Next's metadata turns `alternates.languages` into
// <link rel="alternate" hreflang="…">.

/** The languages of `path`, for metadata.alternates.languages. */
export function languageAlternates(path: string): Record<string, string> {
  const links: Record<string, string> = Object.fromEntries(
    READER_LANGUAGES.map((language) => [language, `${path}?languageCode=${language}`]),
  );
  links['x-default'] = path;
  return links;
}

/** The language an address names with ?languageCode= (one of ours), or null. */
export function namedLanguage(raw: string | string[] | undefined): ReaderLanguage | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[a-z]{2}$/.test(value) ? toReaderLanguage(value) : null;
}
