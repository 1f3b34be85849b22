import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, readerLocale, toCountryCode } from './reader-locale';

const headersOf = (values: Record<string, string>) => new Headers(values);

describe("the reader's language and country", () => {
  it('prefers the cookie, then Accept-Language, then DEFAULT_LANGUAGE', () => {
    const headers = headersOf({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(readerLocale({ headers, cookie: 'en' }).languageCode).toBe('en');
    expect(readerLocale({ headers: headersOf({}), cookie: 'zh' }).languageCode).toBe('zh');
    expect(readerLocale({ headers, cookie: 'fr' }).languageCode).toBe('zh');
    expect(readerLocale({ headers: headersOf({ 'accept-language': 'fr-FR' }) }).languageCode).toBe('en');
  });

  it('reads Accept-Language by weight, ignoring languages the site has no stories in', () => {
    expect(fromAcceptLanguage('fr;q=1, en;q=0.5, zh-TW;q=0.7')).toBe('zh');
    expect(fromAcceptLanguage('zh;q=0, en')).toBe('en');
    expect(fromAcceptLanguage('*')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
  });

  it("takes the country from the CDN's header, else DEFAULT_COUNTRY", () => {
    expect(readerLocale({ headers: headersOf({ 'cf-ipcountry': 'cn' }) }).countryCode).toBe('CN');
    expect(readerLocale({ headers: headersOf({}) }).countryCode).toBe('US');
    expect(toCountryCode('XX')).toBe('US');
    expect(toCountryCode('Narnia')).toBe('US');
  });
});
