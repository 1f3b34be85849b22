import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import * as chinese from 'bible-passage-reference-parser/esm/lang/zh.js';
import { describe, expect, it } from 'vitest';
import { makeStoryBody } from '../../../seed/sample-text';
import { createRng } from '../../../seed/story-body';
import { BookPatternIndex, requiredCharacters } from './book-patterns';
import { bookPatternCoverage, normaliseForParsing } from './scripture-references';

const chars = (regexp: RegExp) => {
  const found = requiredCharacters(regexp);
  return found && [...found].sort().join('');
};

describe('requiredCharacters', () => {
  it('reads what every match contains, skipping lookarounds and optional pieces', () => {
    expect(chars(/(?:^|(?<=[^\p{L}]))(Ex(?:o(?:d(?:[iu]s|[es])?)?|d)?)(?:(?=[\d\s])|$)/gu)).toBe('E');
    expect(chars(/(?:First|1st|1|I)\s*Thess/)).toBe('T');
    expect(chars(/(?:First|1st|1|I)\s*(?:Thess|Tim)?/)).toBe('1FIs');
    expect(chars(/《?((?:创世记|創(?:世[紀記])?|创))》?/)).toBe('创創');
    expect(chars(/x?(?:ab|c)+/)).toBe('ac');
    expect(chars(/\u7ea6\x41/)).toBe('约');
    expect(chars(/\x61\u004d/)).toBe('M');
  });

  it('gives both cases when the pattern ignores case', () => {
    expect(chars(/Gen/i)).toBe('Gg');
  });

  it('returns null when a match needs nothing known, or for what it cannot read', () => {
    expect(requiredCharacters(/\s*\d?/)).toBeNull();
    expect(requiredCharacters(/[^a]/)).toBeNull();
    expect(requiredCharacters(/.+/)).toBeNull();
    expect(requiredCharacters(/(a)\1/)).toEqual(new Set(['a']));
    expect(requiredCharacters(/\cJ/)).toBeNull();
  });
});

// The narrowing must never drop a pattern that could match: every pattern of the parser's real
// lists that matches a text is among that text's candidates (the phrase set, demo stories, and
// each phrase's windows joined as the module joins them).
function parserPatterns(module: typeof english, caseSensitive: 'books' | 'none') {
  const parser = new bcv_parser(module).set_options({ case_sensitive: caseSensitive, testaments: 'on' });
  return (parser as unknown as { regexps: { books: { regexp: RegExp }[] } }).regexps.books;
}

function texts(): string[] {
  const file = path.join(import.meta.dirname, 'reference-phrases.txt');
  const phrases = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^(?:en|zh) \| \S.*? \| (.+)$/.exec(line)?.[1])
    .filter((text): text is string => Boolean(text));
  const stories = [1, 2, 3].flatMap((seed) =>
    (['en', 'zh'] as const).map((lang) => makeStoryBody(createRng(seed), lang, 600).bodyText),
  );
  return [...phrases, ...stories, phrases.join('\n#\n')].map(normaliseForParsing);
}

describe('BookPatternIndex', () => {
  it.each([
    ['English, case-sensitive', english, 'books'],
    ['English, any case', english, 'none'],
    ['Chinese', chinese, 'books'],
  ] as const)('never leaves out a pattern that matches (%s)', (_, module, caseSensitive) => {
    const books = parserPatterns(module, caseSensitive);
    const index = new BookPatternIndex(books);
    expect(index.unread).toBe(0);
    let matched = 0;
    for (const text of texts()) {
      const candidates = new Set(index.candidates(text));
      for (const book of books) {
        book.regexp.lastIndex = 0;
        if (!book.regexp.test(text)) continue;
        matched++;
        expect(candidates.has(book), `${book.regexp.source.slice(0, 60)} on ${text.slice(0, 40)}`).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(200);
  });

  it('keeps few patterns for a window of English prose', () => {
    const books = parserPatterns(english, 'books');
    const candidates = new BookPatternIndex(books).candidates(
      'made perfect in weakness." (2 Corinthians 12:9) I',
    );
    expect(candidates.length).toBeLessThan(books.length / 4);
  });

  it('is what the module uses: every pattern of both parsers is read', () => {
    expect(bookPatternCoverage()).toEqual({
      en: { patterns: expect.any(Number), unread: 0 },
      zh: { patterns: expect.any(Number), unread: 0 },
    });
  });
});
