import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';
import { cursorTime, type Cursor } from '../../lib/cursor';
import { posts } from '../posts/posts.table';
import { responses } from '../responses/responses.table';
import { users } from '../users/users.table';
import type { ReportKind, ReportResolution, ReportStatus } from './reports.limits';
import { reports, type NewReportRow, type ReportRow } from './reports.table';

// The only place reports touch Drizzle. Reads join the reported response, its story and the people
// concerned (tables of the modules below: read, never written, here).

/** A reported response as the reports service weighs it: whose it is, where, and whether it shows. */
export async function findResponseForReport(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: responses.id,
      postId: responses.postId,
      authorId: responses.authorId,
      authorStatus: users.status,
      hiddenAt: responses.hiddenAt,
      removedAt: responses.removedAt,
    })
    .from(responses)
    .innerJoin(users, eq(users.id, responses.authorId))
    .where(eq(responses.id, id));
  return row;
}

/** Inserts the report; undefined when the reporter has an open report of this subject already. */
export async function insertReport(row: NewReportRow): Promise<ReportRow | undefined> {
  const db = await getDb();
  const [inserted] = await db.insert(reports).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findOpenReport(
  reporterId: string,
  kind: ReportKind,
  subjectId: string,
): Promise<ReportRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.kind, kind),
        eq(reports.subjectId, subjectId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return row;
}

/** A report with the facts staff act on: its subject's author and the story. */
export async function findReportForAction(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      report: reports,
      authorId: sql<string>`coalesce(${responses.authorId}, ${posts.authorId})`,
      /** Whether readers see the subject now (nothing left to hide otherwise). */
      shown: sql<boolean>`${posts.status} = 'published' and ${responses.hiddenAt} is null and ${responses.removedAt} is null`,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(responses, eq(responses.id, reports.responseId))
    .where(eq(reports.id, id));
  return row;
}

/**
 * Resolves every open report of one subject at once (the one acted on and the others like it).
 * Answers the ids resolved: none when they were all resolved meanwhile by someone else.
 */
export async function resolveOpenReports(
  kind: ReportKind,
  subjectId: string,
  resolution: { status: Exclude<ReportStatus, 'open'>; action: ReportResolution; note: string; by: string },
): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(reports)
    .set({
      status: resolution.status,
      resolution: resolution.action,
      resolutionNote: resolution.note,
      resolvedBy: resolution.by,
      resolvedAt: sql`now()`,
    })
    .where(and(eq(reports.kind, kind), eq(reports.subjectId, subjectId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return rows.map((row) => row.id);
}

const reporters = alias(users, 'report_reporters');
const authors = alias(users, 'report_authors');
const resolvers = alias(users, 'report_resolvers');

export type QueueFilter = 'open' | 'resolved' | 'dismissed' | 'actioned';

/**
 * A page of the queue after `cursor`; `limit + 1` rows tell whether more follow. Open: one row per
 * subject — its oldest open report — oldest first, with the subject's open reports counted. Resolved
 * (or dismissed, actioned): every report, newest first, with all of the subject's reports counted.
 * Both walk reports_status_created_idx.
 */
export async function findReportQueuePage(filter: QueueFilter, cursor: Cursor | null, limit: number) {
  const db = await getDb();
  const open = filter === 'open';
  const statuses: ReportStatus[] = open
    ? ['open']
    : filter === 'resolved'
      ? ['dismissed', 'actioned']
      : [filter];
  // `others`: the subject's reports, beside the row listed.
  const sameSubject = sql`others.kind = ${reports.kind} and others.subject_id = ${reports.subjectId}`;
  const conditions: SQL[] = [inArray(reports.status, statuses)];
  if (open) {
    // Only the subject's first open report stands for it.
    conditions.push(
      sql`not exists (select 1 from ${reports} others where ${sameSubject} and others.status = 'open' and (others.created_at, others.id) < (${reports.createdAt}, ${reports.id}))`,
    );
  }
  if (cursor) {
    const at = sql`(${cursorTime(cursor).toISOString()}::timestamptz, ${cursor.id}::uuid)`;
    conditions.push(
      open
        ? sql`(${reports.createdAt}, ${reports.id}) > ${at}`
        : sql`(${reports.createdAt}, ${reports.id}) < ${at}`,
    );
  }
  return db
    .select({
      report: reports,
      reporter: { id: reporters.id, name: reporters.name },
      resolver: { id: resolvers.id, name: resolvers.name },
      reportCount: open
        ? sql<number>`(select count(*)::int from ${reports} others where ${sameSubject} and others.status = 'open')`
        : sql<number>`(select count(*)::int from ${reports} others where ${sameSubject})`,
      story: {
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        excerpt: posts.excerpt,
        published: sql<boolean>`${posts.status} = 'published'`,
      },
      response: {
        id: responses.id,
        text: responses.text,
        hiddenAt: responses.hiddenAt,
        removedAt: responses.removedAt,
      },
      author: { id: authors.id, name: authors.name, status: authors.status },
    })
    .from(reports)
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .innerJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(responses, eq(responses.id, reports.responseId))
    .innerJoin(authors, eq(authors.id, sql`coalesce(${responses.authorId}, ${posts.authorId})`))
    .leftJoin(resolvers, eq(resolvers.id, reports.resolvedBy))
    .where(and(...conditions))
    .orderBy(
      ...(open ? [asc(reports.createdAt), asc(reports.id)] : [desc(reports.createdAt), desc(reports.id)]),
    )
    .limit(limit + 1);
}

export type ReportQueueRow = Awaited<ReturnType<typeof findReportQueuePage>>[number];
