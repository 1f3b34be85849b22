import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import {
  collections,
  postTags,
  posts,
  publicationMembers,
  publications,
  publicationTopicSlug,
  subdomains,
  tags,
  topics,
  users,
  type PublicationRole,
} from '../db/schema';
import { newUuid } from '../lib/ids';
import { insertDemoGuides } from './demo-guides';
import { ADMIN_EMAIL, DEMO_PUBLICATIONS, DEMO_STAFF, DEMO_WRITERS, SITE_TOPICS } from './demo-content';
import { insertDemoDiscovery } from './demo-discovery';
import { insertDemoPlans } from './demo-plans';
import { storeDemoPublicationImages, type DemoImages } from './demo-images';
import { buildDemoStories } from './demo-stories';
import { tagSlug } from '../../lib/slug';
import { createRng, type Rng } from './story-body';

const DAY = 86_400_000;
const SEED_LOCK = 7_243_001; // pg_advisory_xact_lock key: one seeder at a time across processes

export type DemoCredentials = { adminEmail: string; adminPassword: string };

/**
 * First-run demo content (DESIGN §11). Does nothing and returns null when any user exists.
 * Every demo account (admin, editor@, grace@, … all @lamplight.local) gets the same generated
 * password, returned here for the caller to print once.
 */
export async function seedDemo(db: Db, options: { password?: string } = {}): Promise<DemoCredentials | null> {
  if (await anyUser(db)) return null;
  const adminPassword = options.password ?? generatePassword();
  // Files first, outside the transaction: stable names, so a seeder that then finds it lost the
  // race leaves nothing behind that the winner does not use too.
  const [passwordHash, images] = await Promise.all([hashPassword(adminPassword), storeDemoImages()]);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await anyUser(tx)) return false;
    await insertDemo(tx, passwordHash, images, new Date(), createRng(20_240_611));
    return true;
  });
  return seeded ? { adminEmail: ADMIN_EMAIL, adminPassword } : null;
}

async function storeDemoImages(): Promise<Map<string, DemoImages>> {
  const stored = await Promise.all(
    DEMO_PUBLICATIONS.map(
      async (p) => [p.key, await storeDemoPublicationImages(p.subdomain, p.art)] as const,
    ),
  );
  return new Map(stored);
}

async function anyUser(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (/[A-Za-z]/.test(candidate) && /[0-9]/.test(candidate)) return candidate;
  }
}

async function insertDemo(
  db: Db,
  passwordHash: string,
  images: Map<string, DemoImages>,
  now: Date,
  rng: Rng,
): Promise<void> {
  const t0 = now.getTime();

  // People.
  const userIds = new Map<string, string>();
  const people = [...DEMO_STAFF, ...DEMO_WRITERS];
  await db.insert(users).values(
    people.map((p, i) => {
      const id = newUuid();
      userIds.set(p.key, id);
      const createdAt = new Date(t0 - (120 - i) * DAY);
      return {
        id,
        email: p.email,
        passwordHash,
        name: p.name,
        description: p.description,
        subdomain: p.subdomain,
        roles: p.roles ?? [],
        preferLanguageCode: p.lang,
        showOnboarding: false,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  await db
    .insert(subdomains)
    .values(people.map((p) => ({ subdomain: p.subdomain, userId: userIds.get(p.key)! })));
  const uid = (key: string): string => userIds.get(key)!;

  // Publications, their members, collections and newsletter topics.
  const pubIds = new Map<string, string>();
  const collectionIds = new Map<string, string[]>();
  for (const [i, p] of DEMO_PUBLICATIONS.entries()) {
    const id = newUuid();
    pubIds.set(p.key, id);
    const createdAt = new Date(t0 - (100 - i * 5) * DAY);
    await db.insert(publications).values({
      id,
      name: p.name,
      description: p.description,
      subdomain: p.subdomain,
      languageCode: p.languageCode,
      ...images.get(p.key)!,
      newsletterDescription: p.newsletterDescription,
      hasNewsletters: true,
      ownerId: uid(p.owner),
      createdAt,
      updatedAt: createdAt,
    });
    await db.insert(subdomains).values({ subdomain: p.subdomain, publicationId: id });
    const members: [string, PublicationRole][] = [
      [p.owner, 'publication_owner'],
      ...p.editors.map((k): [string, PublicationRole] => [k, 'publication_editor']),
      ...p.authors.map((k): [string, PublicationRole] => [k, 'publication_author']),
    ];
    await db
      .insert(publicationMembers)
      .values(members.map(([k, role]) => ({ publicationId: id, userId: uid(k), role, createdAt })));
    const cols = p.collections.map(([name, description], j) => ({
      id: newUuid(),
      publicationId: id,
      name,
      description,
      createdAt: new Date(createdAt.getTime() + (j + 1) * 60_000),
    }));
    await db.insert(collections).values(cols);
    collectionIds.set(
      p.key,
      cols.map((c) => c.id),
    );
    await db.insert(topics).values({
      id: newUuid(),
      slug: publicationTopicSlug(p.subdomain),
      name: p.name,
      publicationId: id,
      createdAt,
    });
  }
  // Migration 0004 already made the site topics (fixed data, demo or not); this keeps older databases whole.
  await db
    .insert(topics)
    .values(SITE_TOPICS.map(([slug, name]) => ({ id: newUuid(), slug, name })))
    .onConflictDoNothing({ target: topics.slug });

  const { rows, storyTags } = buildDemoStories(rng, t0, uid, pubIds, collectionIds);
  await db.insert(posts).values(rows);
  await insertDemoGuides(db, uid('admin'), now);
  const allTags = new Map<string, string>();
  for (const names of storyTags.values()) for (const name of names) allTags.set(tagSlug(name), name);
  await db.insert(tags).values([...allTags].map(([slug, name]) => ({ slug, name })));
  await db
    .insert(postTags)
    .values(
      [...storyTags].flatMap(([postId, names]) =>
        names.map((name, position) => ({ postId, tagSlug: tagSlug(name), position })),
      ),
    );

  // A reading plan from Daily Bread's first collection (issue 24; docs/decisions/050-reading-plans.md).
  const bread = DEMO_PUBLICATIONS.find((p) => p.key === 'bread')!;
  await insertDemoPlans(db, {
    publicationId: pubIds.get(bread.key)!,
    collectionId: collectionIds.get(bread.key)![0]!,
    ownerId: uid(bread.owner),
    stories: rows,
    now,
  });

  await insertDemoDiscovery(db, {
    rng,
    t0,
    uid,
    pubIds,
    published: rows.filter((r) => r.status === 'published'),
    storyTags,
  });
}
