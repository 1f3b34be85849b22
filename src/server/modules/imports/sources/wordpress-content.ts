import { escapeAttr, escapeHtml } from './html-text';

// WordPress stores a post's body as it was typed: block-editor posts carry their blocks as HTML
// comments, classic-editor posts are text whose blank lines become paragraphs only when
// WordPress renders them (wpautop), and both may hold shortcodes that plugins expand at render
// time. This turns that stored body into the plain HTML WordPress would have shown, in the
// order WordPress's `the_content` filters run: blocks, then autop, then shortcodes.

export type WordPressAttachment = { url: string; parent: string | null; title: string };

export type WordPressContentContext = {
  postId: string;
  /** Attachments in the export by post id, for [gallery] and featured images. */
  attachments: ReadonlyMap<string, WordPressAttachment>;
};

export type WordPressContent = { html: string; notes: string[] };

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;

export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** The plain HTML of a post's stored content, with what could not be kept in `notes`. */
export function renderWordPressContent(content: string, context: WordPressContentContext): WordPressContent {
  const notes: string[] = [];
  let html = content.replace(/\r\n?/g, '\n');
  if (hasBlocks(html)) {
    // Block-editor content is already HTML between the comments; WordPress skips wpautop for it.
    html = html.replace(BLOCK_COMMENT, '').replace(/\n{3,}/g, '\n\n');
    html = html.replace(
      /<div class="wp-block-embed__wrapper">\s*(https?:\/\/[^\s<]+)\s*<\/div>/g,
      (_m, url: string) => `<a href="${escapeAttr(url)}">${escapeHtml(url)}</a>`,
    );
    html = expandShortcodes(html, context, notes);
  } else {
    // Shortcodes that make blocks (a captioned figure, a gallery) are held out of wpautop, as
    // WordPress's shortcode_unautop does, so no <p> is wrapped around or inside them.
    const blocks: string[] = [];
    html = expandShortcodes(html, context, notes, blocks);
    html = wpautop(html);
    html = html.replace(/<div wp-shortcode-(\d+)><\/div>/g, (_m, i: string) => blocks[Number(i)] ?? '');
  }
  html = html.replace(/<!--(?:more|nextpage|noteaser)[^>]*-->/g, '');
  return { html: html.trim(), notes };
}

// ── wpautop ──────────────────────────────────────────────────────────────────────────────────
// A port of WordPress's wpautop() (wp-includes/formatting.php): blank lines become paragraphs,
// single newlines <br />, and block-level tags are never wrapped in <p>.

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

export function wpautop(text: string): string {
  if (text.trim() === '') return '';
  let pee = text + '\n';

  const pres: string[] = [];
  pee = pee.replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (pre) => {
    pres.push(pre);
    return `<pre wp-pre-tag-${pres.length - 1}></pre>`;
  });

  pee = pee.replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n');
  pee = pee.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'gi'), '\n\n$1');
  pee = pee.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'gi'), '$1\n\n');
  pee = pee.replace(/<hr\s*?\/?>/gi, '<hr />\n\n');
  pee = pee.replace(/\s*<option/gi, '<option').replace(/<\/option>\s*/gi, '</option>');
  pee = pee.replace(/\n\n+/g, '\n\n');

  const paragraphs = pee.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  pee = paragraphs.map((p) => `<p>${p.replace(/^\n*|\n*$/g, '')}</p>\n`).join('');

  pee = pee.replace(/<p>\s*<\/p>/g, '');
  pee = pee.replace(/<p>([^<]+)<\/(div|address|form)>/gi, '<p>$1</p></$2>');
  pee = pee.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'gi'), '$1');
  pee = pee.replace(/<p>(<li.+?)<\/p>/gi, '$1');
  pee = pee.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  pee = pee.replace(/<\/blockquote><\/p>/gi, '</p></blockquote>');
  pee = pee.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'gi'), '$1');
  pee = pee.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'gi'), '$1');

  // Single newlines inside a paragraph are line breaks, except right after a block tag.
  pee = pee.replace(/<br>|<br\/>/gi, '<br />');
  pee = pee.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
  pee = pee.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'gi'), '$1');
  pee = pee.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, '$1');
  pee = pee.replace(/\n<\/p>$/g, '</p>');

  pee = pee.replace(/<pre wp-pre-tag-(\d+)><\/pre>/g, (_m, i: string) => pres[Number(i)] ?? '');
  return pee.trim();
}

// ── shortcodes ───────────────────────────────────────────────────────────────────────────────

const OPENING = /\[(\[?)([A-Za-z][\w-]*)((?:\s[^\]]*?)?)(\/)?\](\]?)/g;

/** WordPress's shortcode_parse_atts: name="value", name='value', name=value and bare values. */
export function parseShortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern =
    /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|'([^']*)'|(\S+)/g;
  let position = 0;
  for (const m of text.replace(/[\u00a0\u200b]/g, ' ').matchAll(pattern)) {
    if (m[1]) attributes[m[1].toLowerCase()] = m[2] ?? '';
    else if (m[3]) attributes[m[3].toLowerCase()] = m[4] ?? '';
    else if (m[5]) attributes[m[5].toLowerCase()] = m[6] ?? '';
    else attributes[String(position++)] = m[7] ?? m[8] ?? m[9] ?? '';
  }
  return attributes;
}

type Shortcode = { name: string; attributes: Record<string, string>; content: string | null };

/**
 * Expands the shortcodes a post's HTML holds. Only a bracketed word that looks like a shortcode
 * is touched — it has attributes, or a closing [/name] — so "[sic]" or "[1]" stay text, as they
 * do in WordPress when no plugin claims them.
 */
export function expandShortcodes(
  html: string,
  context: WordPressContentContext,
  notes: string[],
  blocks?: string[],
): string {
  let out = '';
  let cursor = 0;
  OPENING.lastIndex = 0;
  for (;;) {
    const m = OPENING.exec(html);
    if (!m) break;
    const [whole, escapeOpen, rawName, rawAttributes = '', selfClosing, escapeClose] = m;
    const name = rawName!.toLowerCase();
    const start = m.index;
    // [[name]] is WordPress's way of writing a literal [name].
    if (escapeOpen && escapeClose) {
      out += html.slice(cursor, start) + whole.slice(1, -1);
      cursor = start + whole.length;
      OPENING.lastIndex = cursor;
      continue;
    }
    let end = start + whole.length;
    let content: string | null = null;
    if (!selfClosing) {
      const closing = new RegExp(`\\[/${rawName}\\]`, 'i');
      const rest = html.slice(end);
      const close = closing.exec(rest);
      // An opening of the same name before the closing means this one is self-closing.
      const nextOpen = new RegExp(`\\[${rawName}[\\s\\]/]`, 'i').exec(rest);
      if (close && (!nextOpen || nextOpen.index > close.index)) {
        content = rest.slice(0, close.index);
        end += close.index + close[0].length;
      }
    }
    const looksLikeShortcode = content !== null || /=/.test(rawAttributes) || KNOWN.has(name);
    if (!looksLikeShortcode) {
      OPENING.lastIndex = start + 1;
      continue;
    }
    out += html.slice(cursor, start);
    const rendered = renderShortcode(
      { name, attributes: parseShortcodeAttributes(rawAttributes), content },
      context,
      notes,
    );
    if (blocks && BLOCK_SHORTCODES.has(name) && rendered !== '') {
      blocks.push(rendered);
      out += `<div wp-shortcode-${blocks.length - 1}></div>`;
    } else {
      out += rendered;
    }
    cursor = end;
    OPENING.lastIndex = cursor;
  }
  return out + html.slice(cursor);
}

const BLOCK_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'video', 'audio']);
const KNOWN = new Set([...BLOCK_SHORTCODES, 'playlist']);

function renderShortcode(code: Shortcode, context: WordPressContentContext, notes: string[]): string {
  const inner = code.content === null ? '' : expandShortcodes(code.content, context, notes);
  switch (code.name) {
    case 'caption':
    case 'wp_caption':
      return renderCaption(code, inner);
    case 'gallery':
      return renderGallery(code, context, notes);
    case 'embed': {
      const url = (inner || code.attributes.src || '').trim();
      if (!/^https?:\/\//i.test(url)) {
        notes.push('An [embed] without an address was dropped.');
        return '';
      }
      return `<p><a href="${escapeAttr(url)}">${escapeHtml(url)}</a></p>`;
    }
    case 'video':
    case 'audio': {
      const a = code.attributes;
      const src = a.src || a.mp4 || a.m4v || a.webm || a.ogv || a.mp3 || a.ogg || a.wav || a.m4a || '';
      if (!src) {
        notes.push(`A [${code.name}] without a file was dropped.`);
        return '';
      }
      notes.push(`A [${code.name}] became a link to its file.`);
      return `<p><a href="${escapeAttr(src)}">${escapeHtml(src)}</a></p>`;
    }
    case 'playlist':
      notes.push('A [playlist] was dropped.');
      return '';
    default:
      if (code.content !== null) {
        notes.push(`Unknown shortcode [${code.name}] removed; its content was kept.`);
        return inner;
      }
      notes.push(`Unknown shortcode [${code.name}] dropped.`);
      return '';
  }
}

/** [caption id="…" align="…" width="…"]<a><img></a> The caption[/caption] → <figure>. */
function renderCaption(code: Shortcode, inner: string): string {
  const m = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  if (!m) return inner;
  const caption = (code.attributes.caption ?? m[2]!).trim();
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : '';
  return `<figure>${m[1]}${figcaption}</figure>`;
}

/** [gallery ids="1,2"] (or the post's attached images) → one figure per image. */
function renderGallery(code: Shortcode, context: WordPressContentContext, notes: string[]): string {
  const ids = (code.attributes.ids ?? code.attributes.include ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const images: WordPressAttachment[] = [];
  if (ids.length > 0) {
    for (const id of ids) {
      const attachment = context.attachments.get(id);
      if (attachment) images.push(attachment);
    }
  } else {
    for (const attachment of context.attachments.values()) {
      if (attachment.parent === context.postId) images.push(attachment);
    }
  }
  const pictures = images.filter((image) => /\.(?:jpe?g|png|gif|webp|avif)(?:$|\?)/i.test(image.url));
  if (pictures.length === 0) {
    notes.push('A [gallery] was dropped: its images are not in the export.');
    return '';
  }
  if (pictures.length < (ids.length || pictures.length)) {
    notes.push('Some [gallery] images are not in the export and were left out.');
  }
  return pictures
    .map(
      (image) => `<figure><img src="${escapeAttr(image.url)}" alt="${escapeAttr(image.title)}" /></figure>`,
    )
    .join('\n');
}
