import { createHash } from 'node:crypto';
import { count, eq, inArray, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { Actor, PublicationRole, StoryResource } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import {
  collections,
  newsletterEntries,
  posts,
  publicationMembers,
  publications,
  subdomains,
  topics,
  type NewsletterEntryRow,
  type PostRow,
  type UserRow,
} from '../../src/server/db/schema';
import { saveUploadOnce } from '../../src/server/modules/images/images.storage';
import {
  addPublicationMember,
  createCollection,
  createNewsletterEntry,
  createPost,
  createPublication,
  createTopic,
  createUser,
} from '../factories';
import { publicationTopicSlug } from '../../src/server/modules/newsletters/newsletters.table';

// The fixtures of the publication access-control test (tests/api/publications-access.api.test.ts):
// one set of people, and "worlds" — a publication in which each of them holds their part, with a
// story in each state the review desk acts on. Reads share one world; every write gets a new one.

export const ACTOR_NAMES = [
  'anonymous',
  'stranger',
  'author',
  'co-author',
  'editor',
  'owner',
  'site editor',
  'site admin',
  'banned editor',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

type Person = { user: UserRow | null; siteRoles: ('admin' | 'editor')[]; banned: boolean };

export type People = Record<ActorName, Person> & {
  /** Not a member anywhere: the one addContributorByUserId adds. */
  newcomer: UserRow;
  /** An author of every world besides the actors: the one removed or given another role. */
  contributor: UserRow;
};

/** Each actor's part in every world (null: none). */
const PUBLICATION_ROLE: Record<ActorName, PublicationRole | null> = {
  anonymous: null,
  stranger: null,
  // The author of the world's stories.
  author: 'author',
  // An author of the publication who did not write them.
  'co-author': 'author',
  editor: 'editor',
  owner: 'owner',
  'site editor': null,
  'site admin': null,
  // A ban outweighs a membership: they stay an editor in the table, and may do nothing.
  'banned editor': 'editor',
};

const STORED_ROLE = {
  owner: 'publication_owner',
  editor: 'publication_editor',
  author: 'publication_author',
} as const;

export async function createPeople(db: Db): Promise<People> {
  const person = async (input: Parameters<typeof createUser>[1] = {}): Promise<Person> => {
    const user = await createUser(db, input);
    return {
      user,
      siteRoles: (input.roles ?? []) as ('admin' | 'editor')[],
      banned: input.status === 'banned',
    };
  };
  return {
    anonymous: { user: null, siteRoles: [], banned: false },
    stranger: await person(),
    author: await person(),
    'co-author': await person(),
    editor: await person(),
    owner: await person(),
    'site editor': await person({ roles: ['editor'] }),
    'site admin': await person({ roles: ['admin'] }),
    'banned editor': await person({ status: 'banned' }),
    newcomer: await createUser(db),
    contributor: await createUser(db),
  };
}

/** The actor as the policy sees it (a banned user keeps their status: the policy decides what it means). */
export function policyActor(people: People, name: ActorName): Actor {
  const { user, siteRoles, banned } = people[name];
  return user ? { id: user.id, roles: siteRoles, status: banned ? 'banned' : 'active' } : null;
}

export const publicationRoleOf = (name: ActorName): PublicationRole | null => PUBLICATION_ROLE[name];

export type World = {
  publication: { id: string; subdomain: string };
  collection: { id: string };
  /** An empty second collection (renamed, deleted). */
  spareCollection: { id: string };
  pending: PostRow;
  scheduled: PostRow;
  published: PostRow;
  /** The newsletter (issue 12): its topic, an unscheduled entry (the scheduled story) and a scheduled one (the pending story's, made directly). */
  entry: NewsletterEntryRow;
  scheduledEntry: NewsletterEntryRow;
};

/** A publication with every actor in their part, two collections and the story states the desk acts on. */
export async function createWorld(db: Db, people: People): Promise<World> {
  const owner = people.owner.user!;
  const publication = await createPublication(db, { owner, collectionName: 'Morning' });
  for (const name of ACTOR_NAMES) {
    const role = PUBLICATION_ROLE[name];
    if (!role || role === 'owner') continue;
    await addPublicationMember(db, { publication, user: people[name].user!, role: STORED_ROLE[role] });
  }
  await addPublicationMember(db, { publication, user: people.contributor, role: 'publication_author' });
  const spareCollection = await createCollection(db, { publication, name: 'Evening' });
  const author = people.author.user!;
  const story = (status: 'pending' | 'scheduled' | 'published') =>
    createPost(db, { author, publication, status, title: `A ${status} story` });
  const pending = await story('pending');
  const scheduled = await story('scheduled');
  await createTopic(db, { slug: publicationTopicSlug(publication.subdomain), publication });
  return {
    publication: { id: publication.id, subdomain: publication.subdomain },
    collection: { id: publication.collection.id },
    spareCollection: { id: spareCollection.id },
    pending,
    scheduled,
    published: await story('published'),
    entry: await createNewsletterEntry(db, { publication, post: scheduled }),
    scheduledEntry: await createNewsletterEntry(db, { publication, post: pending, status: 'scheduled' }),
  };
}

/** The policy's view of a world's story (its author is active: a banned author is another test's matter). */
export const storyResourceOf = (row: PostRow): StoryResource => ({
  authorId: row.authorId,
  status: row.status,
  publicationId: row.publicationId,
  authorStatus: 'active',
  hasExcerpt: row.excerpt.trim() !== '',
});

/**
 * What a refused call must leave as it was: the world's rows, and how many rows each table of
 * publications, memberships, collections, claims and stories holds (a create refused adds none).
 */
export async function snapshot(db: Db, world: World): Promise<string> {
  const pubId = world.publication.id;
  const storyIds = [world.pending.id, world.scheduled.id, world.published.id];
  const totals = await Promise.all(
    [publications, collections, publicationMembers, subdomains, posts, topics, newsletterEntries].map(
      async (table) => (await db.select({ n: count() }).from(table))[0].n,
    ),
  );
  const rows = await Promise.all([
    db.select().from(publications).where(eq(publications.id, pubId)),
    db.select().from(collections).where(eq(collections.publicationId, pubId)).orderBy(collections.id),
    db
      .select()
      .from(publicationMembers)
      .where(eq(publicationMembers.publicationId, pubId))
      .orderBy(publicationMembers.userId),
    db.select().from(subdomains).where(eq(subdomains.publicationId, pubId)),
    db
      .select()
      .from(posts)
      .where(or(eq(posts.publicationId, pubId), inArray(posts.id, storyIds)))
      .orderBy(posts.id),
    db.select().from(topics).where(eq(topics.publicationId, pubId)),
    db
      .select()
      .from(newsletterEntries)
      .where(eq(newsletterEntries.publicationId, pubId))
      .orderBy(newsletterEntries.newsletterId),
  ]);
  return JSON.stringify({ totals, rows });
}

/** A real stored upload to set as a background image (the service checks the file is there). */
export async function storeTestImage(): Promise<string> {
  const name = `${createHash('sha256').update('publications-access-test:v1').digest('hex').slice(0, 32)}.webp`;
  const bytes = await sharp({
    create: { width: 60, height: 20, channels: 3, background: { r: 240, g: 200, b: 120 } },
  })
    .webp()
    .toBuffer();
  await saveUploadOnce(name, bytes);
  return `/uploads/${name}`;
}
