import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { namedPreparedQuery, sqlStatement, typedPlaceholder } from '../../db/prepared';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { newUuid } from '../../lib/ids';
import { postTags, tags } from '../posts/posts-tags.table';
import { posts } from '../posts/posts.table';
import { users } from '../users/users.table';
import { postRevisions, type PostRevisionRow, type RevisionKind } from './revisions.table';

// A story's revisions (docs/decisions/039-story-revisions.md). The only place they touch Drizzle.
// A revision is written from the story row as it is after a save, read and written on one
// transaction that holds the story's row, so two saves of one story keep their revisions in turn.

/** The content a revision keeps, as read from the story. */
export type RevisionSnapshot = Pick<
  PostRevisionRow,
  | 'title'
  | 'excerpt'
  | 'bodyJson'
  | 'bodyHtml'
  | 'tags'
  | 'featureImageUrl'
  | 'languageCode'
  | 'status'
  | 'wordCount'
>;

/** What keepRevision decides for a save, given the newest revision: a new one, fold it in, or nothing. */
export type KeepPlan = 'insert' | 'update' | 'skip';

export type KeepRevisionInput = {
  postId: string;
  actorId: string | null;
  kind: RevisionKind;
  restoredFromId?: string | null;
  now: Date;
  /** The history's limit: the oldest revisions beyond it go, on the same transaction. */
  keep: number;
  plan: (latest: PostRevisionRow | null, snapshot: RevisionSnapshot) => KeepPlan;
};

export type KeptRevision = { id: string; plan: KeepPlan };

/**
 * Keeps the story's current content as a revision, as `plan` decides; null when the story is gone.
 * The new revision's time is never before its predecessor's, so the history's order is the order
 * of the saves even within one millisecond.
 */
export async function keepRevision(input: KeepRevisionInput): Promise<KeptRevision | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [story] = await tx
      .select({
        title: posts.title,
        excerpt: posts.excerpt,
        bodyJson: posts.bodyJson,
        bodyHtml: posts.bodyHtml,
        featureImageUrl: posts.featureImageUrl,
        languageCode: posts.languageCode,
        status: posts.status,
        wordCount: posts.wordCount,
      })
      .from(posts)
      .where(eq(posts.id, input.postId))
      .for('no key update');
    if (!story) return null;
    const tagRows = await tx
      .select({ name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.slug, postTags.tagSlug))
      .where(eq(postTags.postId, input.postId))
      .orderBy(asc(postTags.position));
    const snapshot: RevisionSnapshot = { ...story, tags: tagRows.map((row) => row.name) };
    const [latest] = await tx
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, input.postId))
      .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
      .limit(1);
    const plan = input.plan(latest ?? null, snapshot);
    if (plan === 'skip') return { id: latest!.id, plan };
    if (plan === 'update') {
      await tx
        .update(postRevisions)
        .set({ ...snapshot, updatedAt: input.now })
        .where(eq(postRevisions.id, latest!.id));
      return { id: latest!.id, plan };
    }
    const after = latest ? latest.createdAt.getTime() + 1 : 0;
    const at = new Date(Math.max(input.now.getTime(), after));
    const id = newUuid();
    await tx.insert(postRevisions).values({
      id,
      postId: input.postId,
      actorId: input.actorId,
      kind: input.kind,
      restoredFromId: input.restoredFromId ?? null,
      ...snapshot,
      createdAt: at,
      updatedAt: at,
    });
    const kept = tx
      .select({ id: postRevisions.id })
      .from(postRevisions)
      .where(eq(postRevisions.postId, input.postId))
      .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
      .limit(input.keep);
    await tx
      .delete(postRevisions)
      .where(and(eq(postRevisions.postId, input.postId), notInArray(postRevisions.id, kept)));
    return { id, plan };
  });
}

const param = typedPlaceholder;

// Prepared (src/server/db/prepared.ts): it runs on every publish, and PGlite would plan it anew.
const keepNewRevisionQuery = namedPreparedQuery<{ id: string | null }>(
  'revisions_keep_new',
  sqlStatement(sql`
    select keep_new_post_revision(${param('id', 'uuid')}, ${param('postId', 'text')}, ${param('actorId', 'uuid')},
      ${param('kind', 'text')}, ${param('restoredFromId', 'uuid')}, ${param('now', 'timestamptz')},
      ${param('keep', 'integer')}) as id`),
);

/**
 * Keeps the story's current content as a new revision, whatever the history holds (a publish, a
 * restore, a story's first save: nothing to compare with), in one round trip: the database function
 * of migration 0020 does what keepRevision's 'insert' does, on its side. The new revision's id, or
 * null when the story is gone.
 */
export async function keepNewRevision(input: Omit<KeepRevisionInput, 'plan'>): Promise<string | null> {
  const [row] = await keepNewRevisionQuery({
    id: newUuid(),
    postId: input.postId,
    actorId: input.actorId,
    kind: input.kind,
    restoredFromId: input.restoredFromId ?? null,
    now: input.now.toISOString(),
    keep: String(input.keep),
  });
  return row?.id ?? null;
}

const actorColumns = {
  actorId: postRevisions.actorId,
  actorName: users.name,
};

const summaryColumns = {
  id: postRevisions.id,
  postId: postRevisions.postId,
  kind: postRevisions.kind,
  restoredFromId: postRevisions.restoredFromId,
  title: postRevisions.title,
  status: postRevisions.status,
  wordCount: postRevisions.wordCount,
  createdAt: postRevisions.createdAt,
  updatedAt: postRevisions.updatedAt,
  ...actorColumns,
};

export type RevisionSummaryRow = {
  id: string;
  postId: string;
  kind: RevisionKind;
  restoredFromId: string | null;
  title: string;
  status: PostRevisionRow['status'];
  wordCount: number;
  createdAt: Date;
  updatedAt: Date;
  actorId: string | null;
  actorName: string | null;
};
export type RevisionDetailRow = PostRevisionRow & { actorName: string | null };

/** One keyset page of a story's revisions, newest first (limit + 1 rows: toPage cuts them). */
export async function findRevisionPage(
  postId: string,
  cursor: Cursor | null,
  limit: number,
): Promise<RevisionSummaryRow[]> {
  const db = await getDb();
  const after = cursor
    ? sql`(${postRevisions.createdAt}, ${postRevisions.id}) < (${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select(summaryColumns)
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.actorId))
    .where(and(eq(postRevisions.postId, postId), after))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
    .limit(limit + 1);
}

/** A revision of this story with all its content, or null (unknown, pruned, or another story's). */
export async function findRevision(postId: string, revisionId: string): Promise<RevisionDetailRow | null> {
  const db = await getDb();
  const [row] = await db
    .select({ revision: postRevisions, actorName: users.name })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.actorId))
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, revisionId)));
  return row ? { ...row.revision, actorName: row.actorName } : null;
}
