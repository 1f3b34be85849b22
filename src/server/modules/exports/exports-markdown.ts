import TurndownService from 'turndown';
import { strikethrough, tables } from 'turndown-plugin-gfm';
import { stringify } from 'yaml';

// A story as a Markdown file (docs/decisions/043-exports.md): YAML front matter made by the `yaml`
// library (never by pasting strings, so a title with a colon, a quote or a newline stays a title),
// then the body converted from its sanitised HTML by turndown.

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  // GitHub's tables and ~~strikethrough~~; its task-list rule is left out (the editor has none).
  service.use([tables, strikethrough]);
  return service;
}

/** The body as Markdown (an empty body gives an empty string). */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return '';
  return turndown().turndown(html);
}

export type MarkdownFrontMatter = {
  title: string;
  /** ISO 8601: when it was published (or is scheduled; a draft's creation). */
  date: string;
  tags: string[];
  slug: string;
  /** The story's canonical address: its own canonical link when it has one, else its page here. */
  canonical: string | null;
  status: string;
  excerpt: string;
  feature_image: string | null;
  created_at: string;
  updated_at: string;
};

/** '---\n{front matter}---\n\n{body}\n' */
export function markdownFile(front: MarkdownFrontMatter, bodyMarkdown: string): string {
  // lineWidth 0: no folding of long titles and excerpts; plain strings, quoted only when YAML needs it.
  const yaml = stringify(front, { lineWidth: 0 });
  return `---\n${yaml}---\n\n${bodyMarkdown}\n`;
}
