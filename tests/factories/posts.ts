import type { Db } from '@/server/db/client';
import { posts, postTags, tags, type NewPostRow, type PostRow } from '@/server/db/schema';
import { newStoryId } from '@/server/lib/ids';
import { slugify } from '@/lib/slug';
import { tagSlug } from '@/lib/slug';
import { bodyFromText } from '@/server/seed/story-body';
import { createUser, uniqueSuffix } from './users';

type Ref = { id: string };

export type CreatePostInput = Partial<
  Omit<NewPostRow, 'authorId' | 'publicationId' | 'collectionId' | 'bodyJson' | 'bodyHtml' | 'bodyText'>
> & {
  /** Made with createUser when absent. */
  author?: Ref;
  /** A row from createPublication brings its collection along unless `collection` says otherwise. */
  publication?: Ref & { collection?: Ref };
  collection?: Ref | null;
  /** Plain text; blank lines separate paragraphs. */
  body?: string;
  /** Tag names, at most 5. */
  tags?: string[];
};

const DEFAULT_BODY = [
  'In the quiet of the morning we remember the faithfulness of God.',
  'Take a moment today to rest in the promises written in His Word.',
].join('\n\n');

/**
 * Inserts a story, published by default (publishedAt now). A scheduled story gets a scheduledTime a
 * day ahead unless given. Tags are created as needed and linked in order.
 */
export async function createPost(db: Db, input: CreatePostInput = {}): Promise<PostRow & { tags: string[] }> {
  const {
    author: givenAuthor,
    publication,
    collection,
    body = DEFAULT_BODY,
    tags: tagNames = [],
    ...overrides
  } = input;
  const author = givenAuthor ?? (await createUser(db));
  const status = overrides.status ?? 'published';
  const now = new Date();
  const title = overrides.title ?? `A story of grace ${uniqueSuffix().slice(0, 4)}`;
  const content = bodyFromText(body);
  const collectionRef = collection === undefined ? publication?.collection : collection;
  const [row] = await db
    .insert(posts)
    .values({
      id: newStoryId(),
      excerpt: 'A short reflection on faith and everyday life.',
      slug: slugify(title),
      publishedAt: status === 'published' ? now : null,
      scheduledTime: status === 'scheduled' ? new Date(now.getTime() + 86_400_000) : null,
      tagsText: tagNames.join(' '),
      wordCount: content.wordCount,
      readingMinutes: content.readingMinutes,
      ...overrides,
      title,
      status,
      bodyJson: content.bodyJson,
      bodyHtml: content.bodyHtml,
      bodyText: content.bodyText,
      authorId: author.id,
      publicationId: publication?.id ?? null,
      collectionId: collectionRef?.id ?? null,
    })
    .returning();
  await tagPost(db, row.id, tagNames);
  return { ...row, tags: tagNames };
}

/** Creates missing tags and links them to the story in the given order. */
export async function tagPost(db: Db, postId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const rows = names.map((name) => ({ slug: tagSlug(name), name }));
  await db.insert(tags).values(rows).onConflictDoNothing();
  await db
    .insert(postTags)
    .values(rows.map((t, position) => ({ postId, tagSlug: t.slug, position })))
    .onConflictDoNothing();
}

/** A valid body for POST /api/posts/new/{draft,publish,schedule} (the editor's JSON form). */
export function storyPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Walking in the light ${uniqueSuffix().slice(0, 4)}`,
    excerpt: 'A short reflection on faith and everyday life.',
    bodyJson: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Morning' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Rest in the promises written in His Word.' }] },
      ],
    },
    tags: [{ name: 'Faith' }, { name: 'Hope' }],
    ...overrides,
  };
}
