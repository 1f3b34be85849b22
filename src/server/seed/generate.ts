import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { posts, postTags, subdomains, tags, users, type NewPostRow } from '../db/schema';
import { newStoryId, newUuid } from '../lib/ids';
import { slugify } from '../../lib/slug';
import { makeExcerpt, makeStoryBody, makeTitle, pickTags } from './sample-text';
import { VOCABULARY, type Lang } from './sample-vocabulary';
import { tagSlug } from '../../lib/slug';
import { createRng, type Rng } from './story-body';

const DAY = 86_400_000;
const BATCH = 500;
const FIRST_NAMES = [
  'Abigail',
  'Benjamin',
  'Clara',
  'David',
  'Esther',
  'Felix',
  'Hope',
  'Isaac',
  'Joy',
  'Levi',
];
const LAST_NAMES = [
  'Adams',
  'Brooks',
  'Carter',
  'Dawson',
  'Ellis',
  'Foster',
  'Grant',
  'Hughes',
  'Irving',
  'Jensen',
];

export type SeedStoriesOptions = {
  stories: number;
  /** Target words per story (CJK characters count as words). */
  words?: number;
  /** Seed of the random generator: the same seed gives the same texts. */
  seed?: number;
};

export type SeedStoriesResult = { stories: number; writers: number; writersCreated: number };

/**
 * Bulk sample stories for benchmarks and a busy-looking site: N stories of ~`words` words, mostly
 * published over the last two years (8% drafts), 85% English and 15% Chinese, 1–5 tags each,
 * spread over the existing writers (20 new ones are made when fewer than 2 exist).
 */
export async function seedStories(db: Db, options: SeedStoriesOptions): Promise<SeedStoriesResult> {
  const { stories, words = 1200, seed = 1 } = options;
  const rng = createRng(seed);
  let writerIds = await findWriterIds(db);
  let writersCreated = 0;
  if (writerIds.length < 2) {
    writersCreated = await createWriters(db, 20, seed);
    writerIds = await findWriterIds(db);
  }

  // Every tag the generator can choose, made once up front.
  const tagRows = (['en', 'zh'] as Lang[]).flatMap((lang) =>
    VOCABULARY[lang].tags.map((name) => ({ slug: tagSlug(name), name })),
  );
  await db.insert(tags).values(tagRows).onConflictDoNothing();

  const t0 = Date.now();
  // The search indexes are built once after the bulk load: fed row by row (fastupdate off) they cost
  // as much again as the rows themselves, built at the end a few seconds.
  const searchIndexes = stories >= REBUILD_INDEX_FROM ? await dropSearchIndexes(db) : [];
  try {
    await insertStories(db, { stories, words, rng, t0, writerIds });
  } finally {
    for (const definition of searchIndexes) await db.execute(sql.raw(definition));
  }
  // Fresh statistics, or the planner keeps its empty-table guesses (sorts instead of index scans).
  await db.execute(sql`analyze posts, post_search, post_tags, tags, users`);
  return { stories, writers: writerIds.length, writersCreated };
}

/** Below this many stories the indexes are kept and fed as rows arrive. */
const REBUILD_INDEX_FROM = 1000;
/** The search indexes: the story's vector, and search's own narrow copy of published stories (decision 022). */
const SEARCH_INDEXES = ['posts_search_vector_idx', 'post_search_vector_idx', 'post_search_title_vector_idx'];

/** Drops the search indexes and returns the statements that make them again, exactly as migrated. */
async function dropSearchIndexes(db: Db): Promise<string[]> {
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const result = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where schemaname = current_schema()
        and indexname in (${sql.join(
          SEARCH_INDEXES.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const row of result.rows) await db.execute(sql.raw(`drop index ${row.indexname}`));
  return result.rows.map((row) => row.indexdef);
}

type InsertPlan = { stories: number; words: number; rng: Rng; t0: number; writerIds: string[] };

async function insertStories(db: Db, { stories, words, rng, t0, writerIds }: InsertPlan): Promise<void> {
  for (let done = 0; done < stories; done += BATCH) {
    const rows: NewPostRow[] = [];
    const links: { postId: string; tagSlug: string; position: number }[] = [];
    for (let i = done; i < Math.min(stories, done + BATCH); i++) {
      const lang: Lang = rng.chance(0.15) ? 'zh' : 'en';
      const title = makeTitle(rng, lang);
      const tagNames = pickTags(rng, lang, 5);
      const body = makeStoryBody(rng, lang, Math.round(words * (0.8 + rng.next() * 0.4)));
      const published = rng.chance(0.92);
      const publishedAt = published ? new Date(t0 - Math.floor(rng.next() * 730 * DAY)) : null;
      const createdAt = new Date(
        (publishedAt?.getTime() ?? t0 - Math.floor(rng.next() * 30 * DAY)) - rng.int(1, 72) * 3_600_000,
      );
      const id = newStoryId();
      rows.push({
        id,
        authorId: writerIds[i % writerIds.length],
        title,
        excerpt: makeExcerpt(rng, lang),
        ...body,
        tagsText: tagNames.join(' '),
        slug: slugify(title),
        status: published ? 'published' : 'draft',
        publishedAt,
        languageCode: lang,
        countryCode: lang === 'en' ? 'US' : 'CN',
        createdAt,
        updatedAt: publishedAt ?? createdAt,
      });
      tagNames.forEach((name, position) => links.push({ postId: id, tagSlug: tagSlug(name), position }));
    }
    await db.insert(posts).values(rows);
    await db.insert(postTags).values(links);
  }
}

async function findWriterIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), not(sql`'admin' = any(${users.roles})`)))
    .orderBy(users.createdAt, users.id);
  return rows.map((r) => r.id);
}

/** Writers without a password (they cannot sign in): authors for generated stories only. */
async function createWriters(db: Db, count: number, seed: number): Promise<number> {
  const rng = createRng(seed + 7919);
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const tag = newUuid().slice(0, 8);
    return {
      id: newUuid(),
      email: `writer-${tag}@lamplight.local`,
      name,
      description: `Writer ${i + 1} of the generated sample. ${makeExcerpt(rng, 'en')}`,
      subdomain: `writer-${tag}`,
      showOnboarding: false,
    };
  });
  await db.insert(users).values(rows);
  await db.insert(subdomains).values(rows.map((r) => ({ subdomain: r.subdomain, userId: r.id })));
  return count;
}
