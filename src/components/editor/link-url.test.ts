import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, normalizeLinkUrl } from './link-url';

describe('normalizeLinkUrl', () => {
  it('keeps http, https and mailto addresses', () => {
    expect(normalizeLinkUrl('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(normalizeLinkUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeLinkUrl('mailto:grace@example.com')).toBe('mailto:grace@example.com');
  });

  it('completes a bare host or e-mail address', () => {
    expect(normalizeLinkUrl(' example.com/psalms ')).toBe('https://example.com/psalms');
    expect(normalizeLinkUrl('grace@example.com')).toBe('mailto:grace@example.com');
  });

  it('refuses every other scheme and anything that is not an address', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      'ftp://x.org',
      '/relative',
      'hello',
      '',
      'https://a b.com',
      'https://"x".com',
    ]) {
      expect(normalizeLinkUrl(bad), bad).toBeNull();
    }
  });

  it('is what Tiptap may autolink, without rewriting', () => {
    expect(isAllowedLinkUrl('https://example.com')).toBe(true);
    expect(isAllowedLinkUrl('example.com')).toBe(false);
    expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false);
  });
});
