import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import { describe, expect, it } from 'vitest';
import { LETTER_STAND_IN, NUMBER_STAND_IN, OTHER_STAND_IN, toOneByteText } from './one-byte-text';

describe('toOneByteText', () => {
  it('keeps the length and leaves Latin-1 text as it is', () => {
    expect(toOneByteText('John 3:16, café')).toBe('John 3:16, café');
    const text = '“John 3:16–18” — don’t 😀 约翰福音 Ⅻ\u2009٣';
    const copy = toOneByteText(text);
    expect(copy).toHaveLength(text.length);
    expect(copy).toBe('¤John 3:16-18¤ - don¤t ¤¤ ªªªª ¹ ٣');
    expect(/[^\x00-\xff]/.test(toOneByteText(text.replace('٣', '3')))).toBe(false);
  });

  it('uses stand-ins that no English book pattern names', () => {
    const parser = new bcv_parser(english);
    const books = (parser as unknown as { regexps: { books: { regexp: RegExp }[] } }).regexps.books;
    for (const { regexp } of books) {
      for (const standIn of [LETTER_STAND_IN, NUMBER_STAND_IN, OTHER_STAND_IN])
        expect(regexp.source).not.toContain(standIn);
    }
  });

  // The claim the module rests on: the English parser reads the copy exactly as the text.
  it('is read by the English parser exactly as the text it copies', () => {
    const parser = new bcv_parser(english).set_options({
      case_sensitive: 'books',
      book_alone_strategy: 'ignore',
      sequence_combination_strategy: 'separate',
      passage_existence_strategy: 'bcv',
      captive_end_digits_strategy: 'delete',
      testaments: 'on',
    });
    const read = (text: string) => {
      parser.parse(text);
      return parser.parsed_entities().map((entity) => [entity.osis, entity.indices]);
    };
    const phrases = readFileSync(path.join(import.meta.dirname, 'reference-phrases.txt'), 'utf8')
      .split('\n')
      .map((line) => /^(?:en|zh) \| \S.*? \| (.+)$/.exec(line)?.[1])
      .filter((text): text is string => Boolean(text));
    const curly = (text: string) =>
      text.replace(/'/g, '’').replace(/"(\w)/g, '“$1').replace(/"/g, '”').replace(/-/g, '–');
    const odd = [
      'Isa’16',
      'John’s 3:16',
      'Ps 23’ 24',
      'Mark 2’ 3:4',
      'John 3:16—18',
      '(Ps 23’)',
      'Jn 3:16–18’s',
    ];
    let references = 0;
    for (const text of [...phrases, ...phrases.map(curly), ...odd]) {
      const expected = read(text);
      references += expected.length;
      expect(read(toOneByteText(text)), text).toEqual(expected);
    }
    expect(references).toBeGreaterThan(400);
  });
});
