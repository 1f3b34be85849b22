import { describe, expect, it } from 'vitest';
import { linkifyText } from './linkify';

describe('linkifyText', () => {
  it('finds links and mentions, leaving sentence punctuation outside', () => {
    expect(linkifyText('See https://example.com/a?b=1. Thanks @grace-w!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Thanks ' },
      { kind: 'mention', text: '@grace-w', handle: 'grace-w' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps a bracket a link opened, adds https to www., ignores e-mail addresses', () => {
    expect(linkifyText('(https://en.wikipedia.org/wiki/Psalm_(music))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Psalm_(music)',
        href: 'https://en.wikipedia.org/wiki/Psalm_(music)',
      },
      { kind: 'text', text: ')' },
    ]);
    expect(linkifyText('www.example.org')).toEqual([
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org' },
    ]);
    expect(linkifyText('mail ruth@example.com')).toEqual([{ kind: 'text', text: 'mail ruth@example.com' }]);
  });

  it('leaves markup as text and never makes a javascript: link', () => {
    expect(linkifyText('<a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a>' },
    ]);
  });
});
