import { htmlToText } from './html-text';

/** A title for a post that has none: its first words, or "Untitled". */
export function fallbackTitle(html: string): string {
  const text = htmlToText(html);
  if (!text) return 'Untitled';
  if (text.length <= 80) return text;
  const cut = text.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trim()}…`;
}
