import { describe, expect, it } from 'vitest';
import { cjkWordsOf, headlineToHtml } from './posts-search.highlight';

const hit = (text: string) => `\uE000${text}\uE001`;

describe('headlineToHtml', () => {
  it('escapes the text and marks only the hits', () => {
    expect(headlineToHtml(`<b>a</b> & ${hit('light')} "x"`)).toBe(
      '&lt;b&gt;a&lt;/b&gt; &amp; <mark>light</mark> &quot;x&quot;',
    );
  });

  it('takes back the spaces put around ideographs and joins the marks of one word', () => {
    const spaced = ` 我  们 ${hit('医')}  ${hit('治')}  了  hello  世  界 `;
    expect(headlineToHtml(spaced, ['医治'])).toBe('我们<mark>医治</mark>了 hello 世界');
  });

  it('unmarks a character of a Chinese word found apart from the rest of the word', () => {
    const spaced = ` ${hit('信')}  靠  和  ${hit('信')}  ${hit('心')} `;
    expect(headlineToHtml(spaced, cjkWordsOf('信心'))).toBe('信靠和<mark>信心</mark>');
    expect(headlineToHtml(spaced, cjkWordsOf('信'))).toBe('<mark>信</mark>靠和<mark>信心</mark>');
  });
});
