import { and, asc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { subscriptions, topics } from '../newsletters/newsletters.table';
import { postTags, tags } from '../posts/posts-tags.table';
import { posts } from '../posts/posts.table';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { dataExports, type ExportRow, type NewExportRow } from './exports.table';

// Exports' own rows, and the reads an archive is made of (docs/decisions/043-exports.md). The only
// place the exports module touches Drizzle; it reads the tables of the modules below it, never writes.

export async function insertExport(row: NewExportRow): Promise<ExportRow> {
  const [inserted] = await (await getDb()).insert(dataExports).values(row).returning();
  return inserted;
}

export async function findExport(id: string): Promise<ExportRow | undefined> {
  const [row] = await (await getDb()).select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** An export of the same target by the same person still waiting or being built, if any. */
export async function findUnfinishedExport(
  requestedBy: string,
  target: { userId: string } | { publicationId: string },
): Promise<ExportRow | undefined> {
  const byTarget =
    'userId' in target
      ? eq(dataExports.userId, target.userId)
      : eq(dataExports.publicationId, target.publicationId);
  const [row] = await (
    await getDb()
  )
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.requestedBy, requestedBy),
        byTarget,
        inArray(dataExports.status, ['pending', 'running']),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes the export to 'running' (from 'pending', or again from 'running' when a worker died mid-run
 * and pg-boss hands the job back); undefined when it is done, failed or gone — nothing to do.
 */
export async function claimExport(id: string): Promise<ExportRow | undefined> {
  const [row] = await (
    await getDb()
  )
    .update(dataExports)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['pending', 'running'])))
    .returning();
  return row;
}

export async function finishExport(id: string, filePath: string, size: number): Promise<void> {
  await (
    await getDb()
  )
    .update(dataExports)
    .set({ status: 'done', filePath, size, error: null, finishedAt: sql`now()` })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')));
}

export async function failExport(id: string, error: string): Promise<void> {
  await (
    await getDb()
  )
    .update(dataExports)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['pending', 'running'])));
}

/** Exports asked for before `before`, whatever their state (their archives go with them). */
export async function listExpiredExports(before: Date, limit: number): Promise<ExportRow[]> {
  return (await getDb())
    .select()
    .from(dataExports)
    .where(lt(dataExports.createdAt, before))
    .orderBy(asc(dataExports.createdAt))
    .limit(limit);
}

export async function deleteExports(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await (await getDb()).delete(dataExports).where(inArray(dataExports.id, [...ids]));
}

/** Exports still pending since before `before`: their job was lost (process died before it ran). */
export async function listStalledExports(
  status: 'pending' | 'running',
  before: Date,
  limit: number,
): Promise<ExportRow[]> {
  const since = status === 'pending' ? dataExports.createdAt : dataExports.startedAt;
  return (await getDb())
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, status), lt(since, before)))
    .orderBy(asc(dataExports.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------
// What an archive is made of
// ---------------------------------------------------------------------------------------------------

export type ExportTarget = { userId: string } | { publicationId: string };

const ofTarget = (target: ExportTarget): SQL =>
  'userId' in target ? eq(posts.authorId, target.userId) : eq(posts.publicationId, target.publicationId);

const storyColumns = {
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  bodyHtml: posts.bodyHtml,
  featureImageUrl: posts.featureImageUrl,
  status: posts.status,
  publishedAt: posts.publishedAt,
  scheduledTime: posts.scheduledTime,
  languageCode: posts.languageCode,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  canonicalUrl: posts.canonicalUrl,
};

export type ExportStoryRow = {
  id: string;
  authorId: string;
  title: string;
  slug: string;
  excerpt: string;
  bodyHtml: string;
  featureImageUrl: string | null;
  status: 'draft' | 'pending' | 'rejected' | 'scheduled' | 'published';
  publishedAt: Date | null;
  scheduledTime: Date | null;
  languageCode: string;
  createdAt: Date;
  updatedAt: Date;
  canonicalUrl: string | null;
  /** Tag names and slugs in the author's order. */
  tags: { slug: string; name: string }[];
};

export type StoryKey = { createdAt: Date; id: string };

/**
 * One page of the target's stories, oldest first, after `after` (keyset on (created_at, id)):
 * every status — drafts, stories under review, scheduled and published ones.
 */
export async function listExportStories(
  target: ExportTarget,
  after: StoryKey | null,
  limit: number,
): Promise<ExportStoryRow[]> {
  const db = await getDb();
  const rows = await db
    .select(storyColumns)
    .from(posts)
    .where(
      and(
        ofTarget(target),
        after ? sql`(${posts.createdAt}, ${posts.id}) > (${after.createdAt}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const tagRows = await db
    .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.slug, postTags.tagSlug))
    .where(
      inArray(
        postTags.postId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(postTags.postId), asc(postTags.position));
  const tagsOf = new Map<string, { slug: string; name: string }[]>();
  for (const tag of tagRows) {
    const list = tagsOf.get(tag.postId) ?? [];
    list.push({ slug: tag.slug, name: tag.name });
    tagsOf.set(tag.postId, list);
  }
  return rows.map((row) => ({ ...row, tags: tagsOf.get(row.id) ?? [] }));
}

export type ExportAuthorRow = {
  id: string;
  name: string;
  email: string;
  subdomain: string | null;
  image: string | null;
  description: string;
};

export async function listExportAuthors(ids: readonly string[]): Promise<ExportAuthorRow[]> {
  if (ids.length === 0) return [];
  return (await getDb())
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      subdomain: users.subdomain,
      image: users.image,
      description: users.description,
    })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function findExportUser(id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await (
    await getDb()
  )
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findExportPublication(
  id: string,
): Promise<{ id: string; name: string; subdomain: string } | undefined> {
  const [row] = await (
    await getDb()
  )
    .select({ id: publications.id, name: publications.name, subdomain: publications.subdomain })
    .from(publications)
    .where(eq(publications.id, id));
  return row;
}

export type ExportSubscriberRow = {
  id: string;
  email: string;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  source: string | null;
};

/** One page of the publication's newsletter subscriptions, oldest first, after `afterId`'s key. */
export async function listExportSubscribers(
  publicationId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<ExportSubscriberRow[]> {
  const rows = await (
    await getDb()
  )
    .select({
      id: subscriptions.id,
      email: subscriptions.email,
      status: subscriptions.status,
      createdAt: subscriptions.createdAt,
      confirmedAt: subscriptions.confirmedAt,
      unsubscribedAt: subscriptions.unsubscribedAt,
      source: subscriptions.source,
    })
    .from(subscriptions)
    .innerJoin(topics, eq(topics.id, subscriptions.topicId))
    .where(
      and(
        eq(topics.publicationId, publicationId),
        after
          ? or(
              gt(subscriptions.createdAt, after.createdAt),
              and(eq(subscriptions.createdAt, after.createdAt), gt(subscriptions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(limit);
  return rows;
}
