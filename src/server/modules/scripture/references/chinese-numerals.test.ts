import { describe, expect, it } from 'vitest';
import { chineseNumeralValue, chineseNumeralsToDigits } from './chinese-numerals';

describe('chineseNumeralValue', () => {
  it.each([
    ['三', 3],
    ['十', 10],
    ['十六', 16],
    ['二十', 20],
    ['二十三', 23],
    ['两', 2],
    ['一百', 100],
    ['一百零五', 105],
    ['一百一十九', 119],
    ['一百十九', 119],
    ['一百五十', 150],
    ['一二一', 121],
    ['一〇三', 103],
  ])('%s is %i', (numeral, value) => {
    expect(chineseNumeralValue(numeral)).toBe(value);
  });

  it.each(['零', '十十', '二十十', '一百五', '〇三', '三百百', '一二三四', '百零'])(
    '%s is not read',
    (numeral) => {
      expect(chineseNumeralValue(numeral)).toBeNull();
    },
  );
});

describe('chineseNumeralsToDigits', () => {
  it.each([
    ['约翰福音三章十六节', '约翰福音3章16节'],
    ['诗篇第二十三篇', '诗篇第23篇'],
    ['马可福音第十六章九至二十节', '马可福音第16章9至20节'],
    ['三章十六、十八节', '3章16、18节'],
    ['诗篇一百一十九篇一百零五节', '诗篇119篇105节'],
  ])('rewrites %s', (text, rewritten) => {
    expect(chineseNumeralsToDigits(text).text).toBe(rewritten);
  });

  it.each(['第一次读约翰福音', '三个人', '约翰三书', '一二三', '约翰福音写得很美'])(
    'leaves %s alone',
    (text) => {
      expect(chineseNumeralsToDigits(text)).toEqual({ text, origin: null });
    },
  );

  it('maps every written character back to the numeral it came from', () => {
    const text = '读约翰福音十章一百一十九节';
    const { text: rewritten, origin } = chineseNumeralsToDigits(text);
    expect(rewritten).toBe('读约翰福音10章119节');
    expect(Array.from(origin!)).toEqual([0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 11, 12]);
    // A span that ends after the last digit ends after the whole numeral.
    expect(text.slice(origin![1], origin![rewritten.indexOf('9')] + 1)).toBe('约翰福音十章一百一十九');
  });
});
