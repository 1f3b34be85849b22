import { describe, expect, it } from 'vitest';
import { collectStoryReferences, scriptureLanguageOf, textChunks } from './story-references';

// What is stored of a story's references (docs/decisions/046-stored-references.md).

describe('collectStoryReferences', () => {
  it('title first, then the body; each passage once; in the story language', async () => {
    const { references, found } = await collectStoryReferences({
      title: 'On Psalm 23',
      bodyText: 'The Lord is my shepherd (Psalm 23:1).\n\nSee Psalm 23 again, and 约翰福音3:16.',
      languageCode: 'en',
    });
    expect(references).toEqual([
      { osis: 'Ps.23', startKey: 19_023_001, endKey: 19_023_006, position: 0 },
      { osis: 'Ps.23.1', startKey: 19_023_001, endKey: 19_023_001, position: 1 },
      { osis: 'John.3.16', startKey: 43_003_016, endKey: 43_003_016, position: 2 },
    ]);
    expect(found).toBe(4);
  });

  it('stops at the cap, and never stores what is not a passage', async () => {
    const bodyText = Array.from({ length: 300 }, (_, i) => `Psalm ${1 + i}:1`).join('\n');
    const { references } = await collectStoryReferences(
      { title: '', bodyText, languageCode: 'en' },
      { cap: 7 },
    );
    expect(references.map((r) => r.osis)).toEqual([
      'Ps.1.1',
      'Ps.2.1',
      'Ps.3.1',
      'Ps.4.1',
      'Ps.5.1',
      'Ps.6.1',
      'Ps.7.1',
    ]);
    const none = await collectStoryReferences({
      title: 'Genesis 999:999',
      bodyText: 'Mark 2 days. John 3 people. The score is 3:1.',
      languageCode: 'en',
    });
    expect(none.references).toEqual([]);
  });

  it('reads Chinese stories with the Chinese parser first', async () => {
    expect(scriptureLanguageOf('zh')).toBe('zh');
    expect(scriptureLanguageOf('zh-TW')).toBe('zh');
    expect(scriptureLanguageOf('en')).toBe('en');
    expect(scriptureLanguageOf('fr')).toBe('en');
    const { references } = await collectStoryReferences({
      title: '',
      bodyText: '正如约3:16所说',
      languageCode: 'zh',
    });
    expect(references.map((r) => r.osis)).toEqual(['John.3.16']);
  });
});

describe('textChunks', () => {
  it('cuts at line breaks only, a long line whole', () => {
    expect(textChunks('aaaa\nbbbb\ncccc', 9)).toEqual(['aaaa\nbbbb', 'cccc']);
    expect(textChunks('a'.repeat(20) + '\nbb', 9)).toEqual(['a'.repeat(20), 'bb']);
    expect(textChunks('x'.repeat(30), 9)).toEqual(['x'.repeat(30)]);
    expect(textChunks('', 9)).toEqual([]);
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    expect(textChunks(text, 50).join('\n')).toBe(text);
  });
});
