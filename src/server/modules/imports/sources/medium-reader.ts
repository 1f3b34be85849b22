import { DomUtils, parseDocument } from 'htmlparser2';
import { htmlToText, httpUrl, parseDate } from './html-text';
import type { ImportEntry, ImportedStory } from './import-entries';
import { fallbackTitle } from './story-text';
import type { ZipArchive } from './zip-archive';

// Medium's export (Settings → Security and apps → Download your information): a zip with
// posts/<date>_<Title>-<id>.html for each story and response, posts/draft_<Title>-<id>.html for
// drafts, and profile/profile.html. Each post page is microformats markup: h1.p-name (title),
// section[data-field="subtitle"] (p-summary), section[data-field="body"] (e-content),
// time.dt-published, a.p-author, a.p-canonical, and on some exports p.p-tags. Read as Ghost's
// Medium migrator reads it (TryGhost/migrate, packages/mg-medium-export). Each post page is small
// and parsed on its own; the zip is never inflated as a whole.

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;
type AnyNode = Extract<Parameters<typeof DomUtils.findOne>[1], unknown[]>[number];

const POST_FILE = /^posts\/[^/]+\.html?$/i;

type Profile = { key: string; name: string | null; email: string | null };

/** True when a zip looks like Medium's export: posts/*.html with Medium's post markup. */
export async function isMediumZip(zip: ZipArchive): Promise<boolean> {
  const first = zip.names().find((name) => POST_FILE.test(name));
  if (!first) return false;
  const html = await zip.readText(first);
  return /class="[^"]*\bh-entry\b/.test(html) && /data-field="body"|class="[^"]*\be-content\b/.test(html);
}

export async function* readMediumEntries(zip: ZipArchive): AsyncGenerator<ImportEntry> {
  const profile = zip.has('profile/profile.html')
    ? readProfile(await zip.readText('profile/profile.html'))
    : null;
  for (const name of zip.names()) {
    if (!POST_FILE.test(name)) continue;
    yield toEntry(name, await zip.readText(name), profile);
  }
}

const byClass = (root: AnyNode[] | AnyNode, cls: string, tag?: string): Element | null =>
  DomUtils.findOne(
    (el) => (!tag || el.name === tag) && (el.attribs.class ?? '').split(/\s+/).includes(cls),
    Array.isArray(root) ? root : [root],
    true,
  );

function readProfile(html: string): Profile | null {
  const doc = parseDocument(html);
  const name = byClass(doc.children, 'p-name');
  const url = byClass(doc.children, 'u-url')?.attribs.href ?? '';
  let email: string | null = null;
  for (const li of DomUtils.getElementsByTagName('li', doc.children)) {
    const m = /^\s*Email address:\s*(\S+@\S+)\s*$/i.exec(DomUtils.textContent(li));
    if (m) email = m[1]!;
  }
  const handle = /@([^/?#]+)/.exec(url)?.[1] ?? null;
  const displayName = name ? DomUtils.textContent(name).trim() : null;
  if (!handle && !email && !displayName) return null;
  return { key: handle ?? email ?? displayName ?? 'medium', name: displayName || null, email };
}

/** Medium's title comparison: spaces, a trailing stop and curly quotes do not count. */
function sameText(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .replace(/\s+/g, '')
      .replace(/\.$/, '')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"');
  return norm(a) !== '' && norm(a) === norm(b);
}

function toEntry(fileName: string, page: string, profile: Profile | null): ImportEntry {
  const base = fileName.replace(/^posts\//, '');
  const externalId = base.replace(/\.html?$/i, '');
  const doc = parseDocument(page);
  const titleEl =
    byClass(doc.children, 'p-name', 'h1') ??
    DomUtils.findOne((el) => el.name === 'title', doc.children, true);
  const title = titleEl ? DomUtils.textContent(titleEl).replace(/\s+/g, ' ').trim() : '';
  const subtitleEl =
    DomUtils.findOne((el) => el.attribs['data-field'] === 'subtitle', doc.children, true) ??
    byClass(doc.children, 'p-summary');
  const subtitle = subtitleEl ? DomUtils.textContent(subtitleEl).replace(/\s+/g, ' ').trim() : '';
  const body =
    DomUtils.findOne(
      (el) => el.name === 'section' && el.attribs['data-field'] === 'body',
      doc.children,
      true,
    ) ?? byClass(doc.children, 'e-content');

  const isDraft = /^draft[_-]/i.test(base);
  const notes: string[] = [];

  if (body) {
    // The opening divider, and the title and subtitle Medium repeats at the top of the body.
    const divider = byClass(body, 'section-divider', 'div');
    if (divider) DomUtils.removeElement(divider);
    const firstHeading = DomUtils.findOne(
      (el) => /^(?:h[1-4]|blockquote)$/.test(el.name),
      body.children,
      true,
    );
    if (firstHeading && sameText(DomUtils.textContent(firstHeading), title))
      DomUtils.removeElement(firstHeading);
    for (const el of DomUtils.findAll(
      (e) => (e.attribs.class ?? '').split(/\s+/).includes('graf--subtitle'),
      body.children,
    )) {
      if (sameText(DomUtils.textContent(el), subtitle)) DomUtils.removeElement(el);
    }
  }
  const html = body ? DomUtils.getInnerHTML(body, { encodeEntities: 'utf8' }).trim() : '';

  const published = byClass(doc.children, 'dt-published', 'time')?.attribs.datetime;
  const canonical = httpUrl(byClass(doc.children, 'p-canonical', 'a')?.attribs.href);
  const authorEl = byClass(doc.children, 'p-author', 'a');
  const authorHref = authorEl?.attribs.href ?? '';
  const handle = /@([^/?#]+)/.exec(authorHref)?.[1];
  const author = authorEl
    ? {
        key: handle ?? DomUtils.textContent(authorEl).trim(),
        email: profile && handle && profile.key === handle ? profile.email : null,
        name: DomUtils.textContent(authorEl).trim() || null,
      }
    : profile
      ? { key: profile.key, email: profile.email, name: profile.name }
      : null;

  const tagsEl = byClass(doc.children, 'p-tags');
  const tags = tagsEl
    ? DomUtils.getElementsByTagName('a', tagsEl.children)
        .map((a) => DomUtils.textContent(a).trim())
        .filter(Boolean)
    : [];

  if (!isDraft && body && isResponse(body)) {
    return {
      kind: 'skip',
      externalId,
      title,
      what: 'response',
      reason:
        'Taken for a response (a reply to another story): Medium does not mark responses, and a published post of one paragraph with no image or heading is one.',
    };
  }

  // Slug: the canonical address's last part without Medium's id (".../my-title-1a2b3c4d5e6f"),
  // or, for drafts, the file name's ("draft_My-Title-1a2b3c4d5e6f.html").
  const slugSource =
    !isDraft && canonical
      ? (new URL(canonical).pathname.split('/').pop() ?? '')
      : base.replace(/^\d{4}-\d{2}-\d{2}_|^draft[_-]/i, '').replace(/\.html?$/i, '');
  const slugMatch = /^(.*?)-[0-9a-f]{8,16}$/i.exec(slugSource);
  const slug = (slugMatch ? slugMatch[1]! : '').toLowerCase() || null;

  const story: ImportedStory = {
    kind: 'story',
    externalId,
    title: title || fallbackTitle(html),
    html,
    excerpt: subtitle,
    slug: slug ? safeDecode(slug) : null,
    status: isDraft ? 'draft' : 'published',
    publishedAt: isDraft ? null : parseDate(published),
    tags,
    author,
    originalUrl: isDraft ? null : canonical,
    featureImageUrl: null,
    notes,
  };
  return story;
}

function isResponse(body: Element): boolean {
  const count = (test: (el: Element) => boolean) => DomUtils.findAll(test, body.children).length;
  if (count((el) => el.name === 'img' || el.name === 'figure' || el.name === 'iframe') > 0) return false;
  if (count((el) => /^(?:h[1-6]|ul|ol|pre|blockquote)$/.test(el.name)) > 0) return false;
  return count((el) => el.name === 'p') <= 1 && htmlToText(DomUtils.getInnerHTML(body)).length > 0;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
