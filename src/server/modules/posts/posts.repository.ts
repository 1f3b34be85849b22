import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../../db';
import { namedPreparedQuery, sqlStatement, textArrayParameter, typedPlaceholder } from '../../db/prepared';
import { publications } from '../publications/publications.table';
import { users } from '../users/users.table';
import { findStoryRowById } from './posts-read.repository';
import { namedJoined, postColumns, settle, type StoryRow } from './posts-summary.selection';
import type { Tag } from './posts-tags.schema';
import { postTags, tags } from './posts-tags.table';
import { posts, type NewPostRow, type PostStatus } from './posts.table';

// Writes of stories. Every change bumps `version` (optimistic concurrency) and `updated_at`; state
// changes are conditional UPDATEs on the state they leave, so two racing requests cannot both win.

export type PostChanges = Partial<
  Omit<NewPostRow, 'id' | 'authorId' | 'version' | 'createdAt' | 'searchVector'>
>;

const bumped = () => ({ version: sql`${posts.version} + 1`, updatedAt: sql`now()` });

/**
 * Another module's part of a story write, run on the story's transaction: the tags service writes
 * the story's tags this way (a repository never writes another module's table itself).
 */
export type StoryWritePart = (tx: Db) => Promise<void>;

// A new story: the story, its tags (new ones created by slug, a tag keeping the first spelling
// anyone used) and the links to them, written by one prepared statement — one round trip, no
// transaction of several statements — which answers the story as findStoryRowById reads it.
// The statement's own reads see the database as it was before it ran: the story comes from its
// RETURNING, each tag's name from the tag it created or the tag that was there.

/** The columns a new story is written with, each with the type its text parameter is cast to. */
const NEW_STORY_COLUMNS = {
  id: 'text',
  authorId: 'uuid',
  title: 'text',
  slug: 'text',
  excerpt: 'text',
  bodyJson: 'jsonb',
  bodyHtml: 'text',
  bodyText: 'text',
  wordCount: 'integer',
  readingMinutes: 'integer',
  featureImageUrl: 'text',
  tagsText: 'text',
  status: 'text',
  publishedAt: 'timestamptz',
  scheduledTime: 'timestamptz',
  publicationId: 'uuid',
  collectionId: 'uuid',
  languageCode: 'text',
  canonicalUrl: 'text',
} as const;
type NewStoryColumn = keyof typeof NEW_STORY_COLUMNS;
export type NewStoryRow = Required<Omit<Pick<NewPostRow, NewStoryColumn>, 'languageCode' | 'canonicalUrl'>> &
  Pick<NewPostRow, 'languageCode' | 'canonicalUrl'>;

const newStoryColumns = Object.keys(NEW_STORY_COLUMNS) as NewStoryColumn[];
const param = typedPlaceholder;
/** The story's tags as asked, each with the name the stored tag has. */
const wantedTagsWithNames = sql`"wanted" left join "new_tags" on "new_tags"."slug" = "wanted"."slug"
  left join ${tags} on ${tags.slug} = "wanted"."slug"`;
const { tags: _storedTags, ...joinedColumns } = namedJoined();

const createStoryQuery = namedPreparedQuery<StoryRow & { unknownTags: number | string }>(
  'posts_create_story',
  sqlStatement(sql`with "wanted" as (
    select "name", "slug", ("ordinality" - 1)::integer as "position"
    from unnest(${param('tagNames', 'text[]')}, ${param('tagSlugs', 'text[]')}) with ordinality as "w"("name", "slug", "ordinality")
  ), "inserted" as (
    insert into ${posts} (${sql.join(
      newStoryColumns.map((key) => sql.identifier(posts[key].name)),
      sql`, `,
    )})
    values (${sql.join(
      newStoryColumns.map((key) => param(key, NEW_STORY_COLUMNS[key])),
      sql`, `,
    )})
    returning *
  ), "new_tags" as (
    insert into ${tags} (${sql.identifier(tags.slug.name)}, ${sql.identifier(tags.name.name)})
    select "slug", "name" from "wanted" order by "position"
    on conflict do nothing
    returning ${sql.identifier(tags.slug.name)} as "slug", ${sql.identifier(tags.name.name)} as "name"
  ), "links" as (
    insert into ${postTags} (${sql.join(
      [postTags.postId, postTags.tagSlug, postTags.position].map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select ${param('id', 'text')}, "slug", "position" from "wanted"
  )
  select ${sql.join(
    Object.entries({ ...postColumns, ...joinedColumns }).map(
      ([key, field]) => sql`${field} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  )},
    (select coalesce(json_agg(json_build_object('name', coalesce("new_tags"."name", ${tags.name}, "wanted"."name"),
      'slug', "wanted"."slug") order by "wanted"."position"), '[]'::json) from ${wantedTagsWithNames}) as "tags",
    (select count(*) from ${wantedTagsWithNames}
      where "new_tags"."slug" is null and ${tags.slug} is null) as "unknownTags"
  from "inserted" as ${posts}
  inner join ${users} on ${users.id} = ${posts.authorId}
  left join ${publications} on ${publications.id} = ${posts.publicationId}`),
);

const asText = (value: string | number | Date | object | null): string | null =>
  value === null
    ? null
    : typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? String(value)
        : value instanceof Date
          ? value.toISOString()
          : JSON.stringify(value);

/**
 * Inserts a story with its tags (in the given order) and answers it as findStoryRowById would: all
 * or nothing, in one statement.
 */
export async function insertStory(row: NewStoryRow, tagList: readonly Tag[]): Promise<StoryRow> {
  const values: Record<string, string | null> = {
    tagNames: textArrayParameter(tagList.map((tag) => tag.name)),
    tagSlugs: textArrayParameter(tagList.map((tag) => tag.slug)),
  };
  for (const key of newStoryColumns) values[key] = asText(row[key] ?? null);
  values.languageCode ??= String(posts.languageCode.default);
  const [created] = await createStoryQuery(values);
  const { unknownTags, ...story } = created;
  // A tag that another writer created, under another spelling, while this statement ran: neither
  // its snapshot nor its own insert shows that name. Read the story back, as it is stored.
  if (Number(unknownTags) > 0) {
    const stored = await findStoryRowById(row.id);
    if (stored) return stored;
  }
  return settle(story);
}

/**
 * Applies content changes (and `alsoWrite`, the tags, when given) if the story is still at
 * `expectedVersion`. false: someone saved in between (or the story is gone); nothing was written.
 */
export async function updatePostIfVersion(
  id: string,
  expectedVersion: number,
  changes: PostChanges,
  alsoWrite?: StoryWritePart,
): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(posts)
      .set({ ...changes, ...bumped() })
      .where(and(eq(posts.id, id), eq(posts.version, expectedVersion)))
      .returning({ id: posts.id });
    if (!updated) return false;
    if (alsoWrite) await alsoWrite(tx);
    return true;
  });
}

/** Moves a story from one of `from` to the state in `changes`; false when it was no longer in `from`. */
export async function transitionPost(
  id: string,
  from: readonly PostStatus[],
  changes: PostChanges & { status: PostStatus },
): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(posts)
    .set({ ...changes, ...bumped() })
    .where(and(eq(posts.id, id), inArray(posts.status, [...from])))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/**
 * The scheduler's one effect (docs/decisions/003-jobs.md): every due scheduled story — or just
 * `postId`, if due — becomes published at its scheduled time. Idempotent: run again, it matches
 * nothing. Returns the ids it published.
 */
export async function publishDuePosts(postId?: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .update(posts)
    .set({
      status: 'published',
      publishedAt: sql`${posts.scheduledTime}`,
      scheduledTime: null,
      ...bumped(),
    })
    .where(
      and(
        postId === undefined ? undefined : eq(posts.id, postId),
        eq(posts.status, 'scheduled'),
        sql`${posts.scheduledTime} <= now()`,
      ),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

/** Deletes a story; its tags, list entries, pins, newsletter entries and stats go with it (cascade). */
export async function deletePostRow(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}
