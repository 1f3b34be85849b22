import { describe, expect, it } from 'vitest';
import { detectLanguage, documentText, toStoryLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('takes a Chinese title and body as zh, English ones as en', () => {
    expect(detectLanguage('信心的旅程\n今天我们一起读经，思想神的恩典。')).toBe('zh');
    expect(detectLanguage('A walk of faith\nToday we read the psalms together.')).toBe('en');
  });

  it('keeps zh for Chinese text with English names in it, and en for English quoting a little Chinese', () => {
    expect(detectLanguage('我在 Lamplight 上写作，读 John Piper 的书。每天都有新的感恩。')).toBe('zh');
    expect(
      detectLanguage(
        'The word for grace, 恩典, appears in the first chapter of this long English reflection.',
      ),
    ).toBe('en');
  });

  it('has no opinion on text too short to tell', () => {
    expect(detectLanguage('')).toBeNull();
    expect(detectLanguage('Hi')).toBeNull();
    expect(detectLanguage('  123 !!! ')).toBeNull();
  });

  it('counts two Chinese characters as enough (a two-character title is a word)', () => {
    expect(detectLanguage('恩典')).toBe('zh');
  });
});

describe('documentText', () => {
  it('collects the text of an editor document, nested marks and lists included', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '第一段' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] },
          ],
        },
      ],
    };
    expect(documentText(doc)).toBe('第一段 two');
    expect(documentText(undefined)).toBe('');
  });
});

describe('toStoryLanguage', () => {
  it('maps any language code onto en or zh', () => {
    expect(toStoryLanguage('zh-CN')).toBe('zh');
    expect(toStoryLanguage('en-GB')).toBe('en');
    expect(toStoryLanguage('fr')).toBe('en');
    expect(toStoryLanguage(null)).toBe('en');
  });
});
