// The parser's cost grows with every character it scans, whatever the character (each of its
// ~130 English book patterns runs over the whole input), and every reference has a digit. So only
// windows around digits are read: from before a number (far enough for the longest book name the
// parser knows, 40 characters, and the words between it and the number) to after it (a range, a
// translation "(NIV)", "ff", a closing 篇/节), joined by "\n#\n" ("#" ends any passage, so nothing
// joins across windows). Chinese needs far less: its longest book name is 8 characters, so a
// window stops after HAN_BEFORE / HAN_AFTER Han characters. Windows never cut a Latin word.
// Decision 044 ("Reading only around digits").

export type Piece = {
  /** Where the window starts in the joined text. */
  at: number;
  /** The window in the source text. */
  from: number;
  to: number;
};

export type Windows = { joined: string; pieces: Piece[] };

const JOINER = '\n#\n';
const READ_BEFORE = 64;
const READ_AFTER = 32;
const HAN_BEFORE = 16;
const HAN_AFTER = 12;
const SNAP = 48;

function isHan(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
}

/** A character of a Latin (non-Han) word: windows start and end between words, never inside one. */
function isWordCode(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
  return code >= 0xc0 && code < 0x2000 && code !== 0xd7 && code !== 0xf7;
}

const DIGITS = /[0-9\uff10-\uff19]+/g;

export function windowsAroundDigits(text: string): Windows {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(DIGITS)) {
    let from = match.index;
    const floor = Math.max(0, from - READ_BEFORE);
    for (let han = 0; from > floor && han < HAN_BEFORE; from--) if (isHan(text.charCodeAt(from - 1))) han++;
    for (let k = 0; k < SNAP && from > 0 && isWordCode(text.charCodeAt(from - 1)); k++) from--;
    // A Latin word right after a Han character keeps that character: "如John 3:16" is not "John 3:16".
    if (from > 0 && isWordCode(text.charCodeAt(from)) && isHan(text.charCodeAt(from - 1))) from--;

    let to = match.index + match[0].length;
    const ceiling = Math.min(text.length, to + READ_AFTER);
    for (let han = 0; to < ceiling && han < HAN_AFTER; to++) if (isHan(text.charCodeAt(to))) han++;
    for (let k = 0; k < SNAP && to < text.length && isWordCode(text.charCodeAt(to)); k++) to++;

    const last = spans[spans.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  const pieces: Piece[] = [];
  const parts: string[] = [];
  let length = 0;
  for (const [from, to] of spans) {
    if (pieces.length > 0) {
      parts.push(JOINER);
      length += JOINER.length;
    }
    pieces.push({ at: length, from, to });
    parts.push(text.slice(from, to));
    length += to - from;
  }
  return { joined: parts.join(''), pieces };
}

/** Maps a span of the joined text back to the source; null if it crosses a joiner (it cannot). */
export function toSourceSpan(pieces: readonly Piece[], from: number, to: number): [number, number] | null {
  let low = 0;
  let high = pieces.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (pieces[middle].at <= from) low = middle;
    else high = middle - 1;
  }
  const piece = pieces[low];
  const shift = piece.from - piece.at;
  if (to + shift > piece.to) return null;
  return [from + shift, to + shift];
}
