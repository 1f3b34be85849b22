import { describe, expect, it } from 'vitest';
import { errorLogText } from './log-text';
import {
  escapeControlCharacters,
  findControlCharacter,
  safeString,
  stripControlCharacters,
  stripControlCharactersDeep,
} from './safe-string';

describe('control characters', () => {
  it('safeString refuses NUL and the other C0 controls and DEL, not tab, line feed or return', () => {
    const schema = safeString();
    for (const bad of ['a\u0000', '\u0001', 'x\u001fy', 'del\u007f'])
      expect(schema.safeParse(bad).success).toBe(false);
    expect(schema.safeParse('tab\there\r\nnext line').success).toBe(true);
  });

  it('finds the first offending field at any depth, keys included', () => {
    expect(findControlCharacter({ name: 'ok', tags: [{ name: 'a' }, { name: 'b\u0000' }] })).toBe(
      'tags.1.name',
    );
    expect(findControlCharacter({ attrs: { 'on\u0000': 1 } })).toBe('attrs.on\\u0000');
    expect(findControlCharacter('\u0000')).toBe('value');
    expect(findControlCharacter({ n: 1, b: true, z: null, text: 'a\nb' })).toBeNull();
  });

  it('strips them from rich text, deeply, keeping the rest', () => {
    expect(stripControlCharacters('Pasted\u0000 text\u0007\n')).toBe('Pasted text\n');
    expect(
      stripControlCharactersDeep({ type: 'doc', content: [{ text: 'a\u0000b', 'k\u0001': 2 }] }),
    ).toEqual({
      type: 'doc',
      content: [{ text: 'ab', k: 2 }],
    });
  });

  it('escapes them for logs; an error stack cannot forge a line of its own', () => {
    expect(escapeControlCharacters('/subdomains/\u0000\n')).toBe('/subdomains/\\u0000\\u000a');
    const text = errorLogText(new Error('bad \u0000 value\n[api] forged'));
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(
      text
        .split('\n')
        .slice(1)
        .every((line) => line.startsWith('    ')),
    ).toBe(true);
  });
});
