// A response's plain text in pieces to render (decision 053): text, web links and @handle mentions.
// Links are made at render time only — the stored text is never HTML — and every piece is rendered by
// React as text, so markup in a response shows as the characters it is.

export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; handle: string };

// http(s):// or www. up to whitespace or a character that cannot be in a bare URL; @handle as a
// profile address is written (lower-case letters, digits and inner hyphens), not inside a word or an
// e-mail address.
const TOKEN =
  /(https?:\/\/[^\s<>"'`]+|www\.[^\s<>"'`]+)|(?<![\w@/.])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?![\w-])/g;
/** Punctuation that ends a sentence rather than a link. */
const TRAILING_CHAR = /[.,;:!?)\]}'"’”]/;

export function linkifyText(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  const push = (piece: TextPiece) => {
    const last = pieces[pieces.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
    else if (piece.text) pieces.push(piece);
  };
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    push({ kind: 'text', text: text.slice(at, start) });
    if (match[1]) {
      let url = match[1];
      // Sentence punctuation after a link is not part of it; a closing bracket is when the link
      // opened it (Wikipedia-style addresses).
      while (url.length > 0 && TRAILING_CHAR.test(url.slice(-1))) {
        const last = url.slice(-1);
        const count = (c: string) => url.split(c).length - 1;
        if (last === ')' && count('(') >= count(')')) break;
        url = url.slice(0, -1);
      }
      const href = url.startsWith('www.') ? `https://${url}` : url;
      push({ kind: 'link', text: url, href });
      at = start + url.length;
    } else {
      push({ kind: 'mention', text: match[0], handle: match[2]!.toLowerCase() });
      at = start + match[0].length;
    }
  }
  push({ kind: 'text', text: text.slice(at) });
  return pieces;
}
