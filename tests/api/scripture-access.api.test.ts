import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, type StoryResource } from '../../src/server/auth/policy';
import type { Db } from '../../src/server/db/client';
import { posts, type PostRow } from '../../src/server/db/schema';
import { readStoryReferences } from '../../src/server/modules/scripture/scripture-refs.service';
import { createPost, createUser } from '../factories';
import {
  ACTOR_NAMES,
  createPeople,
  createWorld,
  policyActor,
  publicationRoleOf,
  storyResourceOf,
  type ActorName,
  type People,
} from '../helpers/access-world';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 24's routes × every kind of actor, the expected answer derived from the policy itself
// (can(actor, 'story.read', story, {publicationRole})), the real API called: the preview is anyone's;
// the stories citing a passage are the published ones each actor may read; GET /api/posts/{id}
// carries the passages of a story to whoever may open it (story.read, or story.editExcerpt for site
// staff, decision 025) and to nobody else.

const PASSAGE = 'Nah.1.7';
const CITES = 'The Lord is good, a stronghold in the day of trouble (Nahum 1:7).';

type Case = { name: string; row: PostRow; resource: StoryResource; inPublication: boolean };

describe('scripture routes: access derived from the policy', () => {
  let db: Db;
  let people: People;
  let cases: Case[];

  beforeAll(async () => {
    db = (await useTestDatabase()).db;
    people = await createPeople(db);
    const world = await createWorld(db, people);
    const author = people.author.user!;
    const bannedWriter = await createUser(db, { status: 'banned' });
    const draft = await createPost(db, { author, status: 'draft', body: CITES });
    const banned = await createPost(db, { author: bannedWriter, body: CITES });
    const worldStories = { pending: world.pending, scheduled: world.scheduled, published: world.published };
    for (const row of Object.values(worldStories)) {
      await db.update(posts).set({ bodyText: CITES }).where(eq(posts.id, row.id));
    }
    cases = [
      ...Object.entries(worldStories).map(([name, row]) => ({
        name: `publication ${name}`,
        row,
        resource: storyResourceOf(row),
        inPublication: true,
      })),
      { name: 'own draft', row: draft, resource: storyResourceOf(draft), inPublication: false },
      {
        name: "banned writer's published",
        row: banned,
        resource: { ...storyResourceOf(banned), authorStatus: 'banned' },
        inPublication: false,
      },
    ];
    for (const { row } of cases) expect(await readStoryReferences(row.id)).toBe('changed');
  });

  const asked = (name: ActorName) => people[name].user?.id;

  it('GET /api/scripture/{osis}: every actor gets the passage', async () => {
    for (const name of ACTOR_NAMES) {
      const res = await call('GET', `/api/scripture/${PASSAGE}?translation=kjv`, { as: asked(name) });
      expect(res.status, name).toBe(200);
      expect(res.json.verses[0].text, name).toContain('The LORD is good');
    }
  });

  it('GET /api/scripture/{osis}/posts: the published stories each actor may read, and no other', async () => {
    const findings: string[] = [];
    for (const name of ACTOR_NAMES) {
      const res = await call('GET', `/api/scripture/${PASSAGE}/posts?limit=50`, { as: asked(name) });
      expect(res.status, name).toBe(200);
      const listed = new Set(res.json.posts.map((post: { id: string }) => post.id));
      for (const story of cases) {
        const role = story.inPublication ? publicationRoleOf(name) : null;
        const expected =
          story.row.status === 'published' &&
          can(policyActor(people, name), 'story.read', story.resource, { publicationRole: role });
        if (listed.has(story.row.id) !== expected) {
          findings.push(`${name} / ${story.name}: expected ${expected ? 'listed' : 'absent'}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('GET /api/posts/{id}: scriptureRefs to whoever may open the story, 404 to the rest', async () => {
    const findings: string[] = [];
    for (const name of ACTOR_NAMES) {
      for (const story of cases) {
        const context = { publicationRole: story.inPublication ? publicationRoleOf(name) : null };
        const actor = policyActor(people, name);
        // The single-story fetch also opens any story to site staff who edit excerpts (decision 025).
        const expected =
          can(actor, 'story.read', story.resource, context) ||
          can(actor, 'story.editExcerpt', story.resource, context);
        const res = await call('GET', `/api/posts/${story.row.id}`, { as: asked(name) });
        const got = res.status === 200 ? JSON.stringify(res.json.scriptureRefs) : String(res.status);
        const want = expected ? JSON.stringify([{ osis: PASSAGE, display: 'Nahum 1:7' }]) : '404';
        if (got !== want) findings.push(`${name} / ${story.name}: expected ${want}, got ${got}`);
      }
    }
    expect(findings).toEqual([]);
  });
});
