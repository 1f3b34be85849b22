import { and, arrayContains, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { namedPreparedQuery, rowBoolean, sqlStatement } from '../../db/prepared';
import { postTags, tags } from '../posts/posts-tags.table';
import { posts, type PostStatus } from '../posts/posts.table';
import { publicationMembers, publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import type { WebhookEvent } from './webhooks.limits';
import { webhooks, type NewWebhookRow, type WebhookRow } from './webhooks.table';

// The webhooks' queries: the hooks, and what the events and notices read of other modules' tables
// (docs/decisions/040-webhooks.md). The delivery log is webhooks-deliveries.repository.ts.

// ---------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------

export async function insertWebhook(row: NewWebhookRow): Promise<WebhookRow> {
  const db = await getDb();
  const [inserted] = await db.insert(webhooks).values(row).returning();
  return inserted!;
}

export async function findWebhook(id: string): Promise<WebhookRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

/**
 * Hooks, oldest first: the site-wide ones (`site`), those of `publicationIds`, or of every
 * publication (`allPublications`).
 */
export async function findWebhooks(scope: {
  site: boolean;
  publicationIds: readonly string[];
  allPublications?: boolean;
}): Promise<WebhookRow[]> {
  const parts: SQL[] = [];
  if (scope.site) parts.push(isNull(webhooks.publicationId));
  if (scope.allPublications) parts.push(sql`${webhooks.publicationId} is not null`);
  else if (scope.publicationIds.length > 0)
    parts.push(inArray(webhooks.publicationId, [...scope.publicationIds]));
  if (parts.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(webhooks)
    .where(or(...parts))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function countWebhooks(publicationId: string | null): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(publicationId ? eq(webhooks.publicationId, publicationId) : isNull(webhooks.publicationId));
  return row?.count ?? 0;
}

export async function updateWebhookRow(
  id: string,
  changes: Partial<
    Pick<WebhookRow, 'url' | 'events' | 'active' | 'consecutiveFailures' | 'disabledAt' | 'disabledReason'>
  >,
): Promise<WebhookRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(webhooks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(webhooks.id, id))
    .returning();
  return row;
}

export async function deleteWebhookRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The switched-on hooks that hear `event` from the publication (or from outside any): its own and site-wide. */
// Asked before a story event's snapshot is read (two queries): most sites have no hook for most
// events, and every publish and save would otherwise pay for it. Prepared: it runs on every one.
const anyHookForEventQuery = namedPreparedQuery<{ listening: unknown }>(
  'webhooks_any_for_event',
  sqlStatement(sql`
    select exists (select 1 from ${webhooks}
                    where ${webhooks.active} and ${sql.placeholder('event')} = any(${webhooks.events})) as listening`),
);

/** Whether any active hook, of any publication or site-wide, listens for the event. */
export async function anyHookListensFor(event: WebhookEvent): Promise<boolean> {
  const [row] = await anyHookForEventQuery({ event });
  return rowBoolean(row?.listening);
}

export async function findHooksForEvent(
  event: WebhookEvent,
  publicationId: string | null,
): Promise<WebhookRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.active, true),
        arrayContains(webhooks.events, [event]),
        publicationId
          ? or(isNull(webhooks.publicationId), eq(webhooks.publicationId, publicationId))
          : isNull(webhooks.publicationId),
      ),
    );
}

/** A success: the failures in a row are forgotten. */
export async function resetHookFailures(id: string): Promise<void> {
  const db = await getDb();
  await db
    .update(webhooks)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhooks.id, id), sql`${webhooks.consecutiveFailures} <> 0`));
}

/** A delivery failed for good: one more in a row; answers the new count. */
export async function countHookFailure(id: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(eq(webhooks.id, id))
    .returning({ count: webhooks.consecutiveFailures });
  return row?.count ?? 0;
}

/** Switches a hook off after repeated failure; true for the one call that did it (it mails the owner). */
export async function disableHook(id: string, reason: string): Promise<WebhookRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(webhooks)
    .set({ active: false, disabledAt: sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, id), eq(webhooks.active, true)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------
// What the events and the notices need from the other modules' tables
// ---------------------------------------------------------------------------------------------------

export type StorySnapshot = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  status: PostStatus;
  featureImageUrl: string | null;
  canonicalUrl: string | null;
  languageCode: string;
  publishedAt: Date | null;
  updatedAt: Date;
  author: { id: string; name: string; subdomain: string | null; status: 'active' | 'banned' };
  publication: { id: string; name: string; subdomain: string } | null;
  tags: string[];
};

/** A story as the story.* events tell it; undefined when it is gone. */
export async function findStorySnapshot(postId: string): Promise<StorySnapshot | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      status: posts.status,
      featureImageUrl: posts.featureImageUrl,
      canonicalUrl: posts.canonicalUrl,
      languageCode: posts.languageCode,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      author: { id: users.id, name: users.name, subdomain: users.subdomain, status: users.status },
      publicationId: publications.id,
      publicationName: publications.name,
      publicationSubdomain: publications.subdomain,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(publications, eq(publications.id, posts.publicationId))
    .where(eq(posts.id, postId));
  if (!row) return undefined;
  const tagRows = await db
    .select({ name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.slug, postTags.tagSlug))
    .where(eq(postTags.postId, postId))
    .orderBy(asc(postTags.position));
  const { publicationId, publicationName, publicationSubdomain, ...story } = row;
  return {
    ...story,
    publication:
      publicationId && publicationName !== null && publicationSubdomain !== null
        ? { id: publicationId, name: publicationName, subdomain: publicationSubdomain }
        : null,
    tags: tagRows.map((tag) => tag.name),
  };
}

export async function findPublicationBrief(
  id: string,
): Promise<{ id: string; name: string; subdomain: string; ownerId: string } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: publications.id,
      name: publications.name,
      subdomain: publications.subdomain,
      ownerId: publications.ownerId,
    })
    .from(publications)
    .where(eq(publications.id, id));
  return row;
}

/** Ids of the publications the user owns (the creator, or an owner by membership). */
export async function findOwnedPublicationIds(userId: string): Promise<string[]> {
  const db = await getDb();
  const created = await db
    .select({ id: publications.id })
    .from(publications)
    .where(eq(publications.ownerId, userId));
  const members = await db
    .select({ id: publicationMembers.publicationId })
    .from(publicationMembers)
    .where(and(eq(publicationMembers.userId, userId), eq(publicationMembers.role, 'publication_owner')));
  return [...new Set([...created, ...members].map((row) => row.id))];
}

export type Recipient = { email: string; name: string };

/** Who hears that a hook was switched off: the publication's owner(s), or for a site-wide hook its site admins. */
export async function findNoticeRecipients(
  hook: Pick<WebhookRow, 'publicationId' | 'createdBy'>,
): Promise<Recipient[]> {
  const db = await getDb();
  if (hook.publicationId) {
    const ownerIds = db
      .select({ id: publicationMembers.userId })
      .from(publicationMembers)
      .where(
        and(
          eq(publicationMembers.publicationId, hook.publicationId),
          eq(publicationMembers.role, 'publication_owner'),
        ),
      );
    const creator = db
      .select({ id: publications.ownerId })
      .from(publications)
      .where(eq(publications.id, hook.publicationId));
    return db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.status, 'active'), or(inArray(users.id, ownerIds), inArray(users.id, creator))));
  }
  const admins = and(eq(users.status, 'active'), arrayContains(users.roles, ['admin']));
  if (hook.createdBy) {
    const [creator] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, hook.createdBy), admins));
    if (creator) return [creator];
  }
  return db.select({ email: users.email, name: users.name }).from(users).where(admins);
}
