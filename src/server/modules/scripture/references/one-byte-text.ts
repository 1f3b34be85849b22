// V8 keeps a string whose characters all fit in Latin-1 one byte per character; one character
// beyond (a curly quote ’ “ ”, a dash – —, an emoji, a Han character) makes the whole string two
// bytes per character, and the English parser's ~130 Unicode book patterns then run about eight
// times slower over it (measured: 1.6 ms against 14 ms for the same 6,500-character story). Writers'
// text is full of such characters, so the English parser reads a one-byte copy of the same length
// in which each is replaced by a Latin-1 character the parser treats the same way:
// - the dashes – — become "-" (the parser lists them only beside it, in its patterns and grammar);
// - any other letter becomes "ª", number "¹", space " ", anything else "¤" (the parser's patterns
//   look only at whether a neighbour is a letter, a number or a space; none names these three).
//   That includes ’: the patterns let it follow a book or a number, but the grammar never accepts
//   it, so a passage always ends before it, as before "¤" (not "'", which the grammar reads as a
//   chapter–verse separator: "Isa'16" is Isaiah 16, "Isa’16" nothing);
// - decimal digits of other scripts stay (the parser reads them as digits later), so a text with
//   them stays two-byte: slower, the same result.
// V8 never narrows a string: a slice or a replacement of a two-byte string is two-byte even when
// every character fits in one byte (so every window of a story with one ’ in it is slow). The copy
// is therefore rebuilt through a Latin-1 buffer, which makes a one-byte string.
// Decision 044.

export const LETTER_STAND_IN = 'ª';
export const NUMBER_STAND_IN = '¹';
export const OTHER_STAND_IN = '¤';

const BEYOND_LATIN_1 = /[^\x00-\xff]/u;

function standIn(ch: string): string {
  if (ch === '–' || ch === '—') return '-';
  if (/\p{Nd}/u.test(ch)) return ch;
  const fill = /\p{L}/u.test(ch)
    ? LETTER_STAND_IN
    : /\p{N}/u.test(ch)
      ? NUMBER_STAND_IN
      : /\s/u.test(ch)
        ? ' '
        : OTHER_STAND_IN;
  return fill.repeat(ch.length); // a character outside the Basic Multilingual Plane is two units
}

/** The same text, of the same length, as the English parser reads it (see the header). */
export function toOneByteText(text: string): string {
  const mapped = BEYOND_LATIN_1.test(text) ? text.replace(/[^\x00-\xff]/gu, standIn) : text;
  if (BEYOND_LATIN_1.test(mapped)) return mapped; // digits of another script: stays two-byte
  return Buffer.from(mapped, 'latin1').toString('latin1');
}
