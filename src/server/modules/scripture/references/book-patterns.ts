// The parser tries every book pattern of its language on the whole text it reads, one after
// another (~130 for English, ~70 for Chinese); that is most of its cost. A pattern can only match
// a text that contains one of the characters every match of it contains: "M" for Matthew, "T" for
// "1 Thess", "约" or "約" for John. So before each parse the parser is given, in its own order, only
// the patterns whose required characters occur in the text: the same matches, found with a
// fraction of the scans. The required characters are read once from each pattern's source; a
// pattern this reader does not understand is always kept (decision 044).

type BookPattern = { regexp: RegExp };

/**
 * What every match of a piece of a pattern contains at least one of: a set of characters, or
 * nothing known ("any": an optional piece, a lookaround, a class like \s).
 */
type Need = Set<string> | 'any';

const ANY: Need = 'any';
const MAX_RANGE = 512;
const DIGITS: Need = new Set([...'0123456789']);

class Unreadable extends Error {}

const single = (ch: string): Need => new Set([ch]);

/** Either piece's characters: a match of an alternation contains one of one alternative's. */
function either(a: Need, b: Need): Need {
  if (a === 'any' || b === 'any') return 'any';
  return new Set([...a, ...b]);
}

/**
 * Capitals that begin many English words ("I", "The", "And", "She", "We", "He", "But"): a pattern
 * kept by one of them would be tried on almost every English text.
 */
const COMMON_CAPITALS: Readonly<Record<string, number>> = { I: 8, T: 4, A: 4, S: 3, W: 3, H: 3, B: 2 };

/** How common a set's characters are in running text: the rarer, the fewer texts keep a pattern. */
function cost(need: Need): number {
  if (need === 'any') return Infinity;
  let total = 0;
  for (const ch of need) {
    if (ch >= '0' && ch <= '9') total += 100;
    else if (ch >= 'a' && ch <= 'z') total += 5;
    else if (/[\s\p{P}]/u.test(ch)) total += 50;
    else total += COMMON_CAPITALS[ch] ?? 1;
  }
  return total;
}

/** A small reader of regular expression sources: just enough to compute what a match needs. */
class NeedReader {
  private at = 0;
  constructor(private readonly source: string) {}

  read(): Need {
    const need = this.disjunction();
    if (this.at !== this.source.length) throw new Unreadable(`stopped at ${this.at}`);
    return need;
  }

  private peek(offset = 0): string {
    return this.source[this.at + offset] ?? '';
  }

  private disjunction(): Need {
    let need = this.alternative();
    while (this.peek() === '|') {
      this.at++;
      need = either(need, this.alternative());
    }
    return need;
  }

  /** A sequence: every match contains one character of each required piece; keep the rarest. */
  private alternative(): Need {
    let best: Need = ANY;
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const need = this.term();
      if (cost(need) < cost(best)) best = need;
    }
    return best;
  }

  private term(): Need {
    const ch = this.peek();
    if (ch === '^' || ch === '$') {
      this.at++;
      return ANY;
    }
    if (ch === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      this.at += 2;
      return ANY;
    }
    if (ch === '(' && this.peek(1) === '?' && '=!<'.includes(this.peek(2))) {
      const lookbehind = this.peek(2) === '<' && (this.peek(3) === '=' || this.peek(3) === '!');
      if (this.peek(2) !== '<' || lookbehind) {
        this.at += lookbehind ? 4 : 3;
        this.disjunction();
        this.expect(')');
        return ANY; // A lookaround matches no characters.
      }
    }
    return this.quantified(this.atom());
  }

  private quantified(atom: Need): Need {
    const ch = this.peek();
    let optional = false;
    if (ch === '?' || ch === '*') {
      optional = true;
      this.at++;
    } else if (ch === '+') {
      this.at++;
    } else if (ch === '{') {
      const match = /^\{(\d+)(?:,\d*)?\}/.exec(this.source.slice(this.at));
      if (!match) throw new Unreadable('quantifier');
      optional = Number(match[1]) === 0;
      this.at += match[0].length;
    } else {
      return atom;
    }
    if (this.peek() === '?') this.at++; // lazy
    return optional ? ANY : atom;
  }

  private expect(ch: string) {
    if (this.peek() !== ch) throw new Unreadable(`expected ${ch} at ${this.at}`);
    this.at++;
  }

  private atom(): Need {
    const ch = this.peek();
    if (ch === '(') {
      this.at++;
      if (this.peek() === '?') {
        if (this.peek(1) === ':') this.at += 2;
        else {
          const named = /^\?<[A-Za-z_$][\w$]*>/.exec(this.source.slice(this.at));
          if (!named) throw new Unreadable('group');
          this.at += named[0].length;
        }
      }
      const inner = this.disjunction();
      this.expect(')');
      return inner;
    }
    if (ch === '[') return this.characterClass();
    if (ch === '.') {
      this.at++;
      return ANY;
    }
    if (ch === '\\') return this.escape(false);
    if ('*+?{}|)'.includes(ch) || ch === '') throw new Unreadable(`unexpected ${ch}`);
    const char = String.fromCodePoint(this.source.codePointAt(this.at)!);
    this.at += char.length;
    return single(char);
  }

  /** An escape; in a class, "\b" is a backspace. Classes like \s and \p{L} need nothing known. */
  private escape(inClass: boolean): Need {
    this.at++;
    const ch = this.peek();
    this.at++;
    if (ch === 'd') return DIGITS;
    if (inClass && ch === 'b') return single('\b');
    if (ch === 'p' || ch === 'P') {
      if (this.peek() === '{') this.at = this.source.indexOf('}', this.at) + 1;
      return ANY;
    }
    if ('DwWsSbBck123456789'.includes(ch)) {
      if (ch === 'c' || ch === 'k') throw new Unreadable(`escape \\${ch}`);
      return ANY;
    }
    if (ch === 'x') return single(String.fromCharCode(this.hex(2)));
    if (ch === 'u') {
      if (this.peek() === '{') {
        const end = this.source.indexOf('}', this.at);
        const code = parseInt(this.source.slice(this.at + 1, end), 16);
        this.at = end + 1;
        return single(String.fromCodePoint(code));
      }
      return single(String.fromCharCode(this.hex(4)));
    }
    const controls: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f', v: '\v', '0': '\0' };
    return single(controls[ch] ?? ch);
  }

  private hex(length: number): number {
    const text = this.source.slice(this.at, this.at + length);
    if (text.length !== length || !/^[0-9a-fA-F]+$/.test(text)) throw new Unreadable('hex');
    this.at += length;
    return parseInt(text, 16);
  }

  private characterClass(): Need {
    this.at++;
    const negated = this.peek() === '^';
    if (negated) this.at++;
    let chars: Need = new Set();
    while (this.peek() !== ']') {
      if (this.at >= this.source.length) throw new Unreadable('class');
      const low = this.classMember();
      if (this.peek() === '-' && this.peek(1) !== ']' && low !== 'any' && low.size === 1) {
        this.at++;
        const high = this.classMember();
        if (high === 'any' || high.size !== 1) throw new Unreadable('range');
        const from = [...low][0].codePointAt(0)!;
        const to = [...high][0].codePointAt(0)!;
        if (to - from > MAX_RANGE) chars = ANY;
        else if (chars !== 'any') for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c));
        continue;
      }
      chars = either(chars, low);
    }
    this.at++;
    return negated ? ANY : chars;
  }

  private classMember(): Need {
    if (this.peek() === '\\') return this.escape(true);
    const ch = String.fromCodePoint(this.source.codePointAt(this.at)!);
    this.at += ch.length;
    return single(ch);
  }
}

/**
 * Characters of which every match of `regexp` contains at least one (both cases when it ignores
 * case), chosen to be rare in running text: "M" for Matthew, "T" for "1 Thess". Null when the
 * pattern needs nothing known or is not understood.
 */
export function requiredCharacters(regexp: RegExp): Set<string> | null {
  let need: Need;
  try {
    need = new NeedReader(regexp.source).read();
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
  if (need === 'any' || need.size === 0) return null;
  if (!regexp.flags.includes('i')) return need;
  return new Set([...need].flatMap((ch) => [ch, ch.toLowerCase(), ch.toUpperCase()]));
}

/** For one parser's list of book patterns: the patterns worth trying on a given text. */
export class BookPatternIndex<Book extends BookPattern> {
  private readonly firsts: (string[] | null)[];

  constructor(private readonly books: readonly Book[]) {
    this.firsts = books.map((book) => {
      const chars = requiredCharacters(book.regexp);
      return chars ? [...chars] : null;
    });
  }

  /** How many patterns could not be read (and are therefore always tried). */
  get unread(): number {
    return this.firsts.filter((chars) => chars === null).length;
  }

  /** The patterns, in their order, one of whose required characters occurs in `text`. */
  candidates(text: string): Book[] {
    return this.books.filter((_, index) => {
      const chars = this.firsts[index];
      return chars === null || chars.some((ch) => text.includes(ch));
    });
  }
}
