import { describe, expect, it } from 'vitest';
import { passagePageOsis, passagePageLanguage } from './passage-page.cache';
import { canonicalOsis, chaptersOf, neighbourChapters, readPassage } from './passages';
import { previewCacheKey } from './scripture-preview.cache';
import { findScriptureReferences } from './references/scripture-references';

// The addresses of passages (docs/decisions/047-passage-pages.md): one canonical OSIS per passage.

describe('readPassage', () => {
  it.each([
    ['John.3.16', 'John.3.16', 'verses'],
    ['John.3.16-John.3.18', 'John.3.16-John.3.18', 'verses'],
    ['John.3.16-John.3.16', 'John.3.16', 'verses'],
    ['Ps.23', 'Ps.23', 'chapter'],
    ['Ps.23.1-Ps.23.6', 'Ps.23', 'chapter'],
    ['Ps.23-Ps.24', 'Ps.23-Ps.24', 'span'],
    ['John.3.16-John.4.2', 'John.3.16-John.4.2', 'span'],
    ['Gen', 'Gen', 'book'],
    ['Gen.1-Gen.50', 'Gen', 'book'],
    ['Gen-Exod', 'Gen-Exod', 'books'],
    ['Jude', 'Jude', 'chapter'],
    ['Jude.1', 'Jude', 'chapter'],
    ['Jude.1.3', 'Jude.1.3', 'verses'],
    ['Matt.28-Mark.1', 'Matt.28-Mark.1', 'span'],
  ])('%s → %s (%s)', (asked, osis, kind) => {
    expect(readPassage(asked)).toMatchObject({ osis, kind });
  });

  it.each([
    'Gen.999.999',
    'John.3.99',
    'Jude.2',
    'John.3.18-John.3.16',
    'Xyz.1.1',
    'john.3.16',
    'John 3:16',
    'Rom.8.28,Rom.8.31',
    'John.3.16!a',
    'John.03.16',
    'John.3.16-John.3.17-John.3.18',
    '',
    `Gen${'.1'.repeat(30)}`,
  ])('%s is no passage', (asked) => {
    expect(readPassage(asked)).toBeNull();
  });

  it('writes keys back in the parser’s compact form', () => {
    expect(canonicalOsis(43_003_016, 43_003_016)).toBe('John.3.16');
    expect(canonicalOsis(19_023_001, 19_024_009)).toBe('Ps.23.1-Ps.24.9');
    expect(canonicalOsis(19_023_001, 19_024_010)).toBe('Ps.23-Ps.24');
    expect(canonicalOsis(1_001_001, 66_022_021)).toBe('Gen-Rev');
  });
});

describe('the parser and the addresses agree', () => {
  it.each([
    'John 3:16',
    'Jn 3:16–18',
    '1 Cor 13',
    'Psalm 23',
    'Psalms 23-24',
    'Romans 8:28-9:2',
    'Genesis 1–50',
    'Obadiah 1',
    'Jude 24-25 (Jude 24)',
    'Matthew 28–Mark 1',
    '詩篇 23篇',
    '约翰福音3章16节',
  ])('%s: what the parser writes is canonical', (text) => {
    const [reference] = findScriptureReferences(text, /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en');
    expect(reference, text).toBeDefined();
    expect(readPassage(reference.osis)?.osis).toBe(reference.osis);
  });
});

describe('chapters', () => {
  it('lists the chapters a passage touches, and the neighbours of one', () => {
    expect(chaptersOf(readPassage('Obad-Jonah')!).map((c) => c.osis)).toEqual([
      'Obad',
      'Jonah.1',
      'Jonah.2',
      'Jonah.3',
      'Jonah.4',
    ]);
    expect(chaptersOf(readPassage('Gen-Rev')!)).toHaveLength(1189);
    expect(neighbourChapters('Gen', 1)).toMatchObject({ previous: null, next: { osis: 'Gen.2' } });
    expect(neighbourChapters('Rev', 22)).toMatchObject({ previous: { osis: 'Rev.21' }, next: null });
    expect(neighbourChapters('Obad', 1)).toMatchObject({
      previous: { osis: 'Amos.9' },
      next: { osis: 'Jonah.1' },
    });
  });
});

describe('the caches’ addresses', () => {
  it('the passage page cache takes /scripture/{osis} with no query, and keys it by the reader language', () => {
    expect(passagePageOsis('/scripture/John.3.16')).toBe('John.3.16');
    expect(passagePageOsis('/scripture/Ps.23')).toBe('Ps.23');
    for (const url of [
      '/scripture/John.3.16?lastKey=x',
      '/scripture/John.3.16/feed',
      '/scripture/John%203%3A16',
      '/scripture/',
      '/scriptures/John.3.16',
    ]) {
      expect(passagePageOsis(url), url).toBeNull();
    }
    expect(passagePageLanguage({ 'accept-language': 'zh-CN,zh;q=0.9' })).toBe('zh');
    expect(passagePageLanguage({ 'accept-language': 'zh-CN', cookie: 'a=b; lamplight-lang=en' })).toBe('en');
    expect(passagePageLanguage({})).toBe('en');
  });

  it('the preview cache keeps only addresses that name the translation', () => {
    expect(previewCacheKey('/api/scripture/John.3.16?translation=web')).toBe('John.3.16 web');
    expect(previewCacheKey('/api/scripture/John.3.16')).toBeNull();
    expect(previewCacheKey('/api/scripture/John.3.16?translation=niv')).toBeNull();
    expect(previewCacheKey('/api/scripture/John.3.16?translation=web&x=1')).toBeNull();
    expect(previewCacheKey('/api/scripture/John.3.16/posts')).toBeNull();
  });
});
