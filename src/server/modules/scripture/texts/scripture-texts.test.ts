import { describe, expect, it } from 'vitest';
import { OSIS_BOOKS } from '../references/osis-books';
import { parseOsisRange } from '../references/verse-keys';
import { TRANSLATIONS, loadTranslation, passageText, translationFor } from './scripture-texts';

const text = async (translation: 'web' | 'kjv' | 'cuv', osis: string) =>
  (await passageText(translation, osis))?.verses.map((verse) => verse.text);

describe('passage texts', () => {
  it('gives John 3:16 in each translation as printed', async () => {
    expect(await text('kjv', 'John.3.16')).toEqual([
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    ]);
    // The 2020 stable WEB text ("only born Son"; earlier editions read "one and only Son").
    expect(await text('web', 'John.3.16')).toEqual([
      'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.',
    ]);
    const [cuv] = (await text('cuv', 'John.3.16')) ?? [];
    expect(cuv).toContain('神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不致灭亡，反得永生。');
  });

  it('answers with the requested reference, the translation and each verse’s OSIS id and number', async () => {
    const passage = await passageText('web', 'John.3.16');
    expect(passage).toMatchObject({
      reference: 'John.3.16',
      translation: 'web',
      more: false,
      verses: [{ osis: 'John.3.16', number: 16 }],
    });
  });

  it.each(TRANSLATIONS)('has the six verses of Psalm 23 in %s', async (translation) => {
    const passage = await passageText(translation, 'Ps.23');
    expect(passage?.verses.map((verse) => verse.osis)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Ps.23.${n}`));
    expect(passage?.verses.every((verse) => verse.text.length > 10)).toBe(true);
  });

  it('holds every verse of each translation, Genesis 1:1 to Revelation 22:21', async () => {
    const counts: Record<string, number> = {};
    for (const translation of TRANSLATIONS) {
      const loaded = await loadTranslation(translation);
      counts[translation] = loaded.texts.length;
      expect(loaded.keys[0]).toBe(1_001_001);
      expect(loaded.keys[loaded.keys.length - 1]).toBe(66_022_021);
      for (let i = 1; i < loaded.keys.length; i += 1) {
        if (loaded.keys[i] <= loaded.keys[i - 1])
          throw new Error(`${translation}: keys out of order at ${i}`);
      }
      const books = new Set(Array.from(loaded.keys, (key) => Math.floor(key / 1_000_000)));
      expect(books.size).toBe(OSIS_BOOKS.length);
      // No markup or glossary left from the sources, no empty verse; the CUV's marks around supplied
      // words are dropped (the KJV keeps the one bracket it prints, in 1 John 2:23).
      const marks = translation === 'cuv' ? /[<>[\]¶]/ : /[<>¶]/;
      const odd = loaded.texts.filter((verse) => verse === '' || marks.test(verse) || verse.length > 1_000);
      expect(odd).toEqual([]);
      expect(loaded.licence).toMatch(/Public Domain/);
    }
    // KJV: the full 31,102. WEB: 7 verses its text omits or moves (Luke 17:36, Acts 8:37, 15:34,
    // 24:7; Rom 16:25-27 printed at 14:23). CUV: 81 verses merged into a neighbour or left as variants.
    expect(counts).toEqual({ kjv: 31_102, web: 31_095, cuv: 31_021 });
  });

  it('reads a range across chapters, given as OSIS or as verse keys', async () => {
    const passage = await passageText('kjv', 'John.3.35-John.4.2');
    expect(passage?.verses.map((verse) => verse.osis)).toEqual([
      'John.3.35',
      'John.3.36',
      'John.4.1',
      'John.4.2',
    ]);
    expect(passage?.verses[2].text).toMatch(/^When therefore the Lord knew how the Pharisees had heard/);

    const keys = parseOsisRange('John.3.35-John.4.2')!;
    const byKeys = await passageText('kjv', { startKey: keys.startKey, endKey: keys.endKey });
    expect(byKeys?.reference).toBe('John.3.35-John.4.2');
    expect(byKeys?.verses).toEqual(passage?.verses);
  });

  it('reads a list of passages in order and caps a long passage', async () => {
    expect((await passageText('web', 'Rom.8.28,Rom.8.31'))?.verses.map((verse) => verse.osis)).toEqual([
      'Rom.8.28',
      'Rom.8.31',
    ]);
    const capped = await passageText('cuv', 'Ps.119', { limit: 3 });
    expect(capped?.verses.map((verse) => verse.number)).toEqual([1, 2, 3]);
    expect(capped?.more).toBe(true);
  });

  it('answers a verse the CUV merged into the one before with that verse', async () => {
    const passage = await passageText('cuv', 'Num.1.21');
    expect(passage?.verses.map((verse) => verse.osis)).toEqual(['Num.1.20']);
    expect(passage?.verses[0].text).toContain('吕便');
  });

  it('gives null for a reference that is not a passage', async () => {
    for (const osis of ['Gen.999.999', 'John.3.99', 'Jn.3.16', 'Bogus', '', 'John.3.16,Nope.1.1']) {
      expect(await passageText('web', osis)).toBeNull();
    }
    expect(await passageText('kjv', { startKey: 43_003_037, endKey: 43_003_999 })).toBeNull();
    expect(await passageText('kjv', { startKey: 43_003_016, endKey: 43_003_015 })).toBeNull();
    expect(await passageText('kjv', { startKey: 99_001_001, endKey: 99_001_001 })).toBeNull();
    // A verse the WEB leaves out (a textual variant) is answered with the one before, under its own id.
    expect(await passageText('web', 'Acts.8.37')).toMatchObject({
      verses: [{ osis: 'Acts.8.36', number: 36 }],
    });
  });

  it('reads each translation once per process', () => {
    expect(loadTranslation('kjv')).toBe(loadTranslation('kjv'));
  });

  it('chooses the translation by language', () => {
    expect(translationFor('en')).toBe('web');
    expect(translationFor('zh')).toBe('cuv');
  });
});
