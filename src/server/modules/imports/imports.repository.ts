import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { posts } from '../posts/posts.table';
import { publicationMembers, publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import {
  importItems,
  imports,
  type ImportReport,
  type ImportRow,
  type ImportStatus,
  type ImportTargetKind,
} from './imports.table';

// Every query of the imports module (docs/decisions/042-imports.md). Reads of users, publications
// and posts are lookups of who and what an import concerns; stories are written only through the
// posts module (posts-import.service.ts).

export type ImportKey = { targetKind: ImportTargetKind; targetId: string; source: string };

export async function insertImport(row: typeof imports.$inferInsert): Promise<ImportRow> {
  const db = await getDb();
  const [created] = await db.insert(imports).values(row).returning();
  return created!;
}

export async function findImport(id: string): Promise<ImportRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

/** previewed (or failed: a retry) → running; false when it is in neither state. */
export async function markImportRunning(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(imports)
    .set({ status: 'running', error: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(imports.id, id), inArray(imports.status, ['previewed', 'failed'])))
    .returning({ id: imports.id });
  return rows.length > 0;
}

/**
 * Takes the lease of a running import for `leaseMs`: false when it is not running or someone holds
 * an unexpired lease (another worker is on it).
 */
export async function claimImportLease(id: string, leaseMs: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(imports)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
    .where(
      and(
        eq(imports.id, id),
        eq(imports.status, 'running'),
        or(isNull(imports.leaseUntil), lt(imports.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: imports.id });
  return rows.length > 0;
}

/** Progress as the run goes, renewing the lease. */
export async function saveImportProgress(
  id: string,
  progress: { done: number; report: ImportReport },
  leaseMs: number,
): Promise<void> {
  const db = await getDb();
  await db
    .update(imports)
    .set({
      done: progress.done,
      report: progress.report,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(imports.id, id), eq(imports.status, 'running')));
}

export async function finishImport(
  id: string,
  status: Extract<ImportStatus, 'done' | 'failed'>,
  fields: { done?: number; report?: ImportReport; error?: string | null; keepFile?: boolean },
): Promise<void> {
  const db = await getDb();
  await db
    .update(imports)
    .set({
      status,
      ...(fields.done !== undefined && { done: fields.done }),
      ...(fields.report && { report: fields.report }),
      error: fields.error ?? null,
      leaseUntil: null,
      ...(!fields.keepFile && { filePath: null }),
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(imports.id, id));
}

/** Running imports whose lease lapsed (their worker died): to resume. */
export async function findLapsedImports(limit: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.status, 'running'),
        or(isNull(imports.leaseUntil), lt(imports.leaseUntil, sql`now()`)),
        lt(imports.updatedAt, sql`now() - interval '1 minute'`),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Dry runs nobody confirmed within `hours`: their files are deleted. */
export async function takeExpiredPreviewFiles(hours: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(imports)
    .set({ filePath: null, status: 'failed', error: 'The dry run expired: upload the file again' })
    .where(
      and(
        eq(imports.status, 'previewed'),
        lt(imports.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .returning({ filePath: imports.filePath });
  return rows.map((row) => row.filePath).filter((file): file is string => Boolean(file));
}

/** The external ids already brought into this target from this source (whose stories still exist). */
export async function findImportedExternalIds(key: ImportKey): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ externalId: importItems.externalId })
    .from(importItems)
    .innerJoin(posts, eq(posts.id, importItems.postId))
    .where(
      and(
        eq(importItems.targetKind, key.targetKind),
        eq(importItems.targetId, key.targetId),
        eq(importItems.source, key.source),
      ),
    );
  return new Set(rows.map((row) => row.externalId));
}

export type ImportItemState = { importId: string; postId: string; state: 'planned' | 'created' };

/** Every mapping row of the key, by external id. */
export async function findImportItems(key: ImportKey): Promise<Map<string, ImportItemState>> {
  const db = await getDb();
  const rows = await db
    .select({
      externalId: importItems.externalId,
      importId: importItems.importId,
      postId: importItems.postId,
      state: importItems.state,
    })
    .from(importItems)
    .where(
      and(
        eq(importItems.targetKind, key.targetKind),
        eq(importItems.targetId, key.targetId),
        eq(importItems.source, key.source),
      ),
    );
  return new Map(rows.map(({ externalId, ...item }) => [externalId, item]));
}

/**
 * Plans a story for the entry: (key, externalId) → postId, for this import. Answers the story id to
 * write, or null when another import holds the key (it planned or wrote the story first). A row
 * whose story is gone (`takeOver`: deleted since, or never written by a run that died) is taken
 * over only if it is still the row that was read (compare and set).
 */
export async function planImportItem(
  key: ImportKey,
  externalId: string,
  importId: string,
  postId: string,
  takeOver?: ImportItemState,
): Promise<string | null> {
  const db = await getDb();
  const where = and(
    eq(importItems.targetKind, key.targetKind),
    eq(importItems.targetId, key.targetId),
    eq(importItems.source, key.source),
    eq(importItems.externalId, externalId),
  );
  if (takeOver) {
    const taken = await db
      .update(importItems)
      .set({ importId, postId, state: 'planned', createdAt: sql`now()` })
      .where(and(where, eq(importItems.importId, takeOver.importId), eq(importItems.postId, takeOver.postId)))
      .returning({ postId: importItems.postId });
    return taken[0]?.postId ?? null;
  }
  const inserted = await db
    .insert(importItems)
    .values({ ...key, externalId, importId, postId, state: 'planned' })
    .onConflictDoNothing()
    .returning({ postId: importItems.postId });
  if (inserted[0]) return inserted[0].postId;
  const [held] = await db
    .select({ importId: importItems.importId, postId: importItems.postId })
    .from(importItems)
    .where(where);
  return held?.importId === importId ? held.postId : null;
}

export async function markImportItemCreated(key: ImportKey, externalId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(importItems)
    .set({ state: 'created' })
    .where(
      and(
        eq(importItems.targetKind, key.targetKind),
        eq(importItems.targetId, key.targetId),
        eq(importItems.source, key.source),
        eq(importItems.externalId, externalId),
      ),
    );
}

export type ImportTargetUser = { id: string; name: string; subdomain: string | null; status: string };

export async function findTargetUser(id: string): Promise<ImportTargetUser | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name, subdomain: users.subdomain, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export type ImportTargetPublication = { id: string; name: string; ownerId: string; subdomain: string };

export async function findTargetPublication(id: string): Promise<ImportTargetPublication | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: publications.id,
      name: publications.name,
      ownerId: publications.ownerId,
      subdomain: publications.subdomain,
    })
    .from(publications)
    .where(eq(publications.id, id))
    .limit(1);
  return row;
}

/** The publication's active members (its owner included) by lower-cased e-mail address. */
export async function findMemberIdsByEmail(
  publication: ImportTargetPublication,
): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(
      publicationMembers,
      and(eq(publicationMembers.userId, users.id), eq(publicationMembers.publicationId, publication.id)),
    )
    .where(
      and(
        eq(users.status, 'active'),
        or(eq(users.id, publication.ownerId), eq(publicationMembers.publicationId, publication.id)),
      ),
    );
  return new Map(rows.filter((row) => row.email).map((row) => [row.email!.toLowerCase(), row.id]));
}
