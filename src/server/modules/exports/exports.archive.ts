import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { stringify as csvStringify } from 'csv-stringify';
import { ZipFile } from 'yazl';
import { isOutStatus } from '../../auth/policy';
import { MAX_UPLOAD_BYTES } from '../images/images.schema';
import { readS3Object, s3Settings } from '../images/images.s3';
import { uploadsDir } from '../images/images.storage';
import {
  listExportAuthors,
  listExportStories,
  listExportSubscribers,
  type ExportStoryRow,
  type ExportTarget,
  type StoryKey,
} from './exports.repository';
import {
  GHOST_AUTHOR_ROLE,
  GHOST_VERSION,
  ghostPost,
  ghostPostMeta,
  ghostUser,
  outTime,
} from './exports-ghost';
import { rewriteUploads, uploadRefOf, uploadsInHtml, type UploadRef } from './exports-images';
import { htmlToMarkdown, markdownFile } from './exports-markdown';

// The archive (docs/decisions/043-exports.md), streamed into a file entry by entry with yazl: no
// entry and never the whole zip is held in memory. Stories are read a page at a time, twice (once
// for ghost.json, once for the Markdown files), and the next page is read only once the zip has
// taken the previous one.

const PAGE = 100;

export type ArchiveInput = {
  target: ExportTarget;
  /** The one person whose own address ghost.json may carry (a writer exporting themselves). */
  revealEmailOf: string | null;
  withSubscribers: boolean;
  /** The story's public address, for the Markdown `canonical` of stories without their own. */
  storyUrl: (story: { slug: string; id: string }) => string;
  /** What the archive is of, for README.txt ("the writer Ada", "the publication Daily Bread"). */
  description: string;
  file: string;
};

export type ArchiveSummary = { size: number; stories: number; images: number; missingImages: string[] };

/** Every page of the target's stories, oldest first. */
async function* storiesOf(target: ExportTarget): AsyncGenerator<ExportStoryRow[]> {
  let after: StoryKey | null = null;
  for (;;) {
    const page = await listExportStories(target, after, PAGE);
    if (page.length === 0) return;
    yield page;
    if (page.length < PAGE) return;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The text of a CSV cell a spreadsheet will not run: OWASP's CSV injection rule. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const storyDate = (story: ExportStoryRow) => outTime(story) ?? story.createdAt;
/** A file name part made of letters, digits, '-' and '_' only (slugs are already that; this is the guard). */
const safePart = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');

/** markdown/{yyyy-mm-dd}-{slug}.md, unique within the archive. */
function markdownName(story: ExportStoryRow, taken: Set<string>): string {
  const base = `${dayOf(storyDate(story))}-${safePart(story.slug) || story.id}`;
  const name = taken.has(base) ? `${base}-${story.id}` : base;
  taken.add(name);
  return `markdown/${name}.md`;
}

function storyMarkdown(story: ExportStoryRow, input: ArchiveInput): string {
  // Relative to the Markdown file: markdown/x.md → ../images/{name}.
  const toArchive = (ref: UploadRef) => `../images/${ref.archiveName}`;
  const feature = uploadRefOf(story.featureImageUrl);
  const body = htmlToMarkdown(rewriteUploads(story.bodyHtml, toArchive));
  return markdownFile(
    {
      title: story.title,
      date: storyDate(story).toISOString(),
      tags: story.tags.map((tag) => tag.name),
      slug: story.slug,
      // A story that is out (or scheduled to be) has its page here; a draft has none yet.
      canonical: story.canonicalUrl ?? (isOutStatus(story.status) ? input.storyUrl(story) : null),
      status: story.status,
      excerpt: story.excerpt,
      feature_image: feature ? toArchive(feature) : (story.featureImageUrl ?? null),
      created_at: story.createdAt.toISOString(),
      updated_at: story.updatedAt.toISOString(),
    },
    body,
  );
}

function readme(input: ArchiveInput, summary: Omit<ArchiveSummary, 'size'>): string {
  const lines = [
    `Lamplight export of ${input.description}`,
    `Made ${new Date().toISOString()}.`,
    '',
    `ghost.json        Every story (${summary.stories}: drafts, stories under review, scheduled and published)`,
    '                  in the import format of Ghost 5 (Settings → Labs → Import content). Bodies are',
    '                  HTML; image addresses are absolute addresses of this site.',
    'markdown/         One file per story, named {date}-{slug}.md: YAML front matter (title, date,',
    '                  tags, slug, canonical, status, excerpt, feature_image, created_at, updated_at)',
    '                  and the body in Markdown. Images point into images/ relatively (../images/…).',
    `images/           The ${summary.images} uploaded image(s) the stories show, as stored on this site.`,
  ];
  if (input.withSubscribers) {
    lines.push(
      'subscribers.csv   The newsletter subscriptions: email, status, created_at, confirmed_at,',
      '                  unsubscribed_at, source (where an address came from, e.g. import:substack).',
      "                  A cell that begins with = + - @ or a tab is prefixed with ' so that no",
      '                  spreadsheet runs it as a formula.',
    );
  }
  lines.push('README.txt        This file.');
  if (summary.missingImages.length > 0) {
    lines.push('', 'These images are referred to but were not found in storage, so they are not included:');
    for (const name of summary.missingImages) lines.push(`  ${name}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the archive to input.file (which must not exist yet) and tells what went in. */
export async function writeExportArchive(input: ArchiveInput): Promise<ArchiveSummary> {
  const zip = new ZipFile();
  const output = createWriteStream(input.file, { flags: 'wx', mode: 0o600 });
  let failWith: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    failWith = reject;
  });
  failed.catch(() => undefined);
  zip.on('error', (error: unknown) => failWith(error));
  output.on('error', (error) => failWith(error));
  const written = new Promise<void>((resolve) => output.on('close', () => resolve()));
  zip.outputStream.on('error', (error) => failWith(error));
  zip.outputStream.pipe(output);
  const guard = <T>(promise: Promise<T>) => Promise.race([promise, failed]);
  /** A lazily made entry: the stream is made only when the zip reaches it. */
  const addLazy = (name: string, make: () => Readable | Promise<Readable>, onStart?: () => void) =>
    zip.addReadStreamLazy(name, (callback) => {
      onStart?.();
      Promise.resolve()
        .then(make)
        .then((stream) => {
          stream.on('error', (error) => failWith(error));
          callback(null, stream);
        })
        .catch((error) => failWith(error));
    });

  const images = new Map<string, UploadRef>();
  const authorIds = new Set<string>();
  let stories = 0;

  // 1. ghost.json, one post at a time; the tags, links and users it needs are gathered on the way
  //    (ids only) and written after the posts.
  let ghostDone: () => void = () => undefined;
  const ghostWritten = new Promise<void>((resolve) => {
    ghostDone = resolve;
  });
  const target = input.target;
  async function* ghostJson(): AsyncGenerator<Buffer> {
    const tags = new Map<string, { id: string; name: string; slug: string }>();
    const postsTags: { post_id: string; tag_id: string; sort_order: number }[] = [];
    const postsAuthors: { post_id: string; author_id: string; sort_order: number }[] = [];
    const postsMeta: ReturnType<typeof ghostPostMeta>[] = [];
    const meta = { exported_on: Date.now(), version: GHOST_VERSION };
    yield Buffer.from(`{"db":[{"meta":${JSON.stringify(meta)},"data":{"posts":[`);
    let first = true;
    for await (const page of storiesOf(target)) {
      for (const story of page) {
        stories += 1;
        authorIds.add(story.authorId);
        for (const ref of uploadsInHtml(story.bodyHtml)) images.set(ref.archiveName, ref);
        const feature = uploadRefOf(story.featureImageUrl);
        if (feature) images.set(feature.archiveName, feature);
        story.tags.forEach((tag, position) => {
          const id = `lamplight-tag-${tag.slug}`;
          tags.set(tag.slug, { id, name: tag.name, slug: tag.slug });
          postsTags.push({ post_id: story.id, tag_id: id, sort_order: position });
        });
        postsAuthors.push({ post_id: story.id, author_id: story.authorId, sort_order: 0 });
        postsMeta.push(ghostPostMeta(story));
        yield Buffer.from(`${first ? '' : ','}${JSON.stringify(ghostPost(story))}`);
        first = false;
      }
    }
    const authors = await listExportAuthors([...authorIds]);
    const users = authors.map((author) => ghostUser(author, author.id === input.revealEmailOf));
    const rest = {
      tags: [...tags.values()],
      posts_tags: postsTags,
      users,
      posts_authors: postsAuthors,
      posts_meta: postsMeta,
      roles: [GHOST_AUTHOR_ROLE],
      roles_users: users.map((user, index) => ({
        id: `lamplight-role-user-${index + 1}`,
        role_id: GHOST_AUTHOR_ROLE.id,
        user_id: user.id,
      })),
    };
    // `rest` without its braces continues the data object after "posts".
    yield Buffer.from(`],${JSON.stringify(rest).slice(1, -1)}}}]}`);
    ghostDone();
  }
  addLazy('ghost.json', () => Readable.from(ghostJson()));
  await guard(ghostWritten);

  // 2. One Markdown file per story; the next page is read once the zip reached this page's last file.
  const names = new Set<string>();
  for await (const page of storiesOf(target)) {
    let reached: () => void = () => undefined;
    const pageTaken = new Promise<void>((resolve) => {
      reached = resolve;
    });
    page.forEach((story, index) => {
      const text = storyMarkdown(story, input);
      addLazy(
        markdownName(story, names),
        () => Readable.from([Buffer.from(text)]),
        index === page.length - 1 ? reached : undefined,
      );
    });
    await guard(pageTaken);
  }

  // 3. The images, each read from storage when the zip gets to it.
  const missingImages: string[] = [];
  let imageCount = 0;
  const s3 = s3Settings();
  for (const ref of [...images.values()].sort((a, b) => a.archiveName.localeCompare(b.archiveName))) {
    if (ref.kind === 'local') {
      const file = path.join(uploadsDir(), ref.name);
      const exists = await stat(file).then(
        (info) => info.isFile(),
        () => false,
      );
      if (!exists) {
        missingImages.push(ref.archiveName);
        continue;
      }
      imageCount += 1;
      addLazy(`images/${ref.archiveName}`, () => createReadStream(file));
    } else {
      const object = s3 ? await readS3Object(s3, ref.key, MAX_UPLOAD_BYTES) : null;
      if (!object) {
        missingImages.push(ref.archiveName);
        continue;
      }
      imageCount += 1;
      // One image (≤ MAX_UPLOAD_BYTES) at a time: wait until the zip has taken it before the next.
      let taken: () => void = () => undefined;
      const imageTaken = new Promise<void>((resolve) => {
        taken = resolve;
      });
      addLazy(`images/${ref.archiveName}`, () => Readable.from([Buffer.from(object.bytes)]), taken);
      await guard(imageTaken);
    }
  }

  // 4. The subscribers, paged from the database through csv-stringify.
  if (input.withSubscribers && 'publicationId' in target) {
    const publicationId = target.publicationId;
    const columns = ['email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at', 'source'];
    async function* subscriberRows(): AsyncGenerator<string[]> {
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const page = await listExportSubscribers(publicationId, after, 500);
        for (const row of page) {
          const cells = [
            row.email,
            row.status,
            row.createdAt.toISOString(),
            row.confirmedAt?.toISOString() ?? '',
            row.unsubscribedAt?.toISOString() ?? '',
            row.source ?? '',
          ];
          yield cells.map(neutraliseCell);
        }
        if (page.length < 500) return;
        const last = page[page.length - 1];
        after = { createdAt: last.createdAt, id: last.id };
      }
    }
    addLazy('subscribers.csv', () => {
      const csv = csvStringify({ header: true, columns });
      const rows = Readable.from(subscriberRows());
      rows.on('error', (error) => csv.destroy(error));
      return rows.pipe(csv);
    });
  }

  // 5. What is what.
  const summary = { stories, images: imageCount, missingImages };
  zip.addBuffer(Buffer.from(readme(input, summary)), 'README.txt');
  zip.end();
  await guard(written);
  const { size } = await stat(input.file);
  return { ...summary, size };
}
