import { parse } from 'csv-parse';
import { DomUtils, parseDocument } from 'htmlparser2';
import { htmlToText, httpUrl, parseDate, unreadable } from './html-text';
import type { ImportEntry, ImportedStory, OpenExportOptions } from './import-entries';
import { fallbackTitle } from './story-text';
import type { ZipArchive } from './zip-archive';

// Substack's export (Settings → Exports → Create new export): a zip with posts.csv — one row per
// post: post_id ("<number>.<slug>"), post_date, is_published, email_sent_at, inbox_sent_at,
// type (newsletter, podcast, thread, page), audience (everyone, only_free, only_paid, founding),
// title, subtitle, podcast_url — and posts/<post_id>.html with each body; the subscriber list
// comes beside it as email_list.*.csv (read by readSubscribersCsv). Read as Ghost's Substack
// migrator reads it (TryGhost/migrate, packages/mg-substack). posts.csv is parsed as a stream and
// each post's HTML inflated only when its row comes up.

/** Where posts.csv sits in the zip (at the top, or inside one folder). */
export function findPostsCsv(zip: ZipArchive): string | null {
  const names = zip.names().filter((name) => name === 'posts.csv' || /^[^/]+\/posts\.csv$/.test(name));
  return names.sort((a, b) => a.length - b.length)[0] ?? null;
}

export async function* readSubstackEntries(
  zip: ZipArchive,
  options: OpenExportOptions = {},
): AsyncGenerator<ImportEntry> {
  const csvName = findPostsCsv(zip);
  if (!csvName) throw unreadable('This is not a Substack export: the zip has no posts.csv.');
  const folder = csvName.slice(0, csvName.length - 'posts.csv'.length);
  const stream = await zip.openStream(csvName);
  if (!stream) throw unreadable('This is not a Substack export: the zip has no posts.csv.');
  const rows = stream.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }),
  );
  // pipe() does not pass a read error on; without this a failed read would leave the loop waiting.
  stream.on('error', (error) => rows.destroy(error));
  try {
    for await (const row of rows as AsyncIterable<Record<string, string | undefined>>) {
      if (!row.post_id) throw unreadable('posts.csv has no post_id column; is this Substack’s export?');
      yield await toEntry(row, zip, folder, options);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw unreadable(
      'posts.csv in the Substack export could not be read.',
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    stream.destroy();
  }
}

const SKIPPED_TYPES: Record<string, string> = {
  podcast: 'A podcast episode: its audio lives on Substack.',
  thread: 'A discussion thread, not a post.',
  page: 'A page, not a post.',
};

async function toEntry(
  row: Record<string, string | undefined>,
  zip: ZipArchive,
  folder: string,
  options: OpenExportOptions,
): Promise<ImportEntry> {
  const postId = (row.post_id ?? '').trim();
  const dot = postId.indexOf('.');
  const externalId = dot > 0 ? postId.slice(0, dot) : postId;
  const slug = dot > 0 ? postId.slice(dot + 1) : null;
  const title = htmlToText(row.title ?? '') || slug || '';
  const type = (row.type ?? 'newsletter').trim().toLowerCase() || 'newsletter';
  const audience = (row.audience ?? 'everyone').trim().toLowerCase() || 'everyone';

  if (type !== 'newsletter') {
    return {
      kind: 'skip',
      externalId,
      title,
      what: type,
      reason: SKIPPED_TYPES[type] ?? `A Substack “${type}”, not a post.`,
    };
  }
  const paid = audience === 'only_paid' || audience === 'founding';
  if (paid && options.paidPosts === 'skip') {
    return {
      kind: 'skip',
      externalId,
      title,
      what: 'paid-only',
      reason:
        audience === 'founding'
          ? 'For founding members only on Substack.'
          : 'For paid subscribers only on Substack.',
    };
  }
  const htmlName = `${folder}posts/${postId}.html`;
  if (!zip.has(htmlName)) {
    return {
      kind: 'skip',
      externalId,
      title,
      what: 'missing-html',
      reason: `posts.csv lists it but the export has no posts/${postId}.html (Substack sometimes leaves recent posts out).`,
    };
  }

  const notes: string[] = [];
  const html = cleanSubstackHtml(await zip.readText(htmlName), notes);
  const isPublished = (row.is_published ?? '').trim().toLowerCase() === 'true';
  let status: ImportedStory['status'] = isPublished ? 'published' : 'draft';
  if (paid) {
    if (isPublished)
      notes.push('For paid subscribers only on Substack: imported as a draft so it is not made public.');
    status = 'draft';
  } else if (audience === 'only_free' && isPublished) {
    notes.push('For subscribers only on Substack: imported as public.');
  }
  const siteUrl = (options.siteUrl ?? '').replace(/\/+$/, '');

  return {
    kind: 'story',
    externalId,
    title: title || fallbackTitle(html),
    html,
    excerpt: htmlToText(row.subtitle ?? ''),
    slug: slug || null,
    status,
    publishedAt: isPublished ? parseDate(row.post_date) : null,
    tags: [],
    author: null,
    originalUrl:
      isPublished && !paid && siteUrl && slug ? httpUrl(`${siteUrl}/p/${encodeURIComponent(slug)}`) : null,
    featureImageUrl: null,
    notes,
  };
}

/** Substack's own furniture in a post body: subscribe buttons and widgets, the paywall marker. */
function cleanSubstackHtml(html: string, notes: string[]): string {
  const doc = parseDocument(html);
  const classes = (el: { attribs: Record<string, string> }) => (el.attribs.class ?? '').split(/\s+/);
  const furniture = DomUtils.findAll((el) => {
    const c = classes(el);
    if (
      c.includes('subscription-widget-wrap') ||
      c.includes('subscription-widget-wrap-editor') ||
      c.includes('paywall-jump')
    )
      return true;
    if (c.includes('button-wrapper')) {
      const link = DomUtils.findOne((a) => a.name === 'a', el.children, true);
      return /\/subscribe\b|[?&]action=share|\/account\/login/.test(link?.attribs.href ?? '');
    }
    return false;
  }, doc.children);
  for (const el of furniture) DomUtils.removeElement(el);
  if (furniture.length > 0) notes.push('Substack’s subscribe buttons and paywall marker removed.');
  return DomUtils.getOuterHTML(doc.children, { encodeEntities: 'utf8' }).trim();
}
