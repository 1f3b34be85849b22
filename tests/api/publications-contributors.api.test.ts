import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { publicationMembers } from '../../src/server/db/schema';
import { newUuid } from '../../src/server/lib/ids';
import { addPublicationMember, createPublication, createUser, publicationSnapshot } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// SPEC §7 Publications (owners/editors/authors, addContributorByUserId, removeContributor,
// updateContributor, getRoleByUserId), §5 "add author or editor" (36 characters after trimming,
// else 'Wrong user id!'), DESIGN §4: only the owner manages contributors and roles.

let db: Db;

/** A publication with an owner, an editor and an author. */
async function staffedPublication() {
  const publication = await createPublication(db);
  const editor = await createUser(db);
  const author = await createUser(db);
  await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
  await addPublicationMember(db, { publication, user: author, role: 'publication_author' });
  return { publication, owner: publication.owner, editor, author };
}

const memberRow = async (publicationId: string, userId: string) =>
  (
    await db
      .select()
      .from(publicationMembers)
      .where(and(eq(publicationMembers.publicationId, publicationId), eq(publicationMembers.userId, userId)))
  )[0];

describe('publication contributors API', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  describe('GET /api/publications/{id}/owners | editors | authors', () => {
    it('lists each role to anyone, oldest member first; banned users only for site admins', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const laterAuthor = await createUser(db);
      await addPublicationMember(db, { publication, user: laterAuthor });
      const banned = await createUser(db, { status: 'banned' });
      await addPublicationMember(db, { publication, user: banned });
      const card = (user: typeof owner, userRole: string) => ({
        userId: user.id,
        name: user.name,
        image: user.image,
        subdomain: user.subdomain,
        userRole,
        joinedAt: expect.any(Number),
      });
      const owners = await call('GET', `/api/publications/${publication.id}/owners`);
      expect(owners.status).toBe(200);
      expect(owners.json).toEqual({ owners: [card(owner, 'publication_owner')] });
      const editors = await call('GET', `/api/publications/${publication.id}/editors`);
      expect(editors.json).toEqual({ editors: [card(editor, 'publication_editor')] });
      const authors = await call('GET', `/api/publications/${publication.id}/authors`);
      expect(authors.json).toEqual({
        authors: [card(author, 'publication_author'), card(laterAuthor, 'publication_author')],
      });
      const admin = await createUser(db, { roles: ['admin'] });
      const forAdmin = await call('GET', `/api/publications/${publication.id}/authors`, { as: admin.id });
      expect(forAdmin.json.authors.map((m: { userId: string }) => m.userId)).toEqual([
        author.id,
        laterAuthor.id,
        banned.id,
      ]);
    });

    it('answers 404 for an unknown publication and 400 for a malformed id', async () => {
      for (const list of ['owners', 'editors', 'authors']) {
        expect((await call('GET', `/api/publications/${newUuid()}/${list}`)).status).toBe(404);
        expect((await call('GET', `/api/publications/nope/${list}`)).status).toBe(400);
      }
    });
  });

  describe('GET /api/publications/getRoleByUserId', () => {
    it("answers each member's stored role, null for a non-member", async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const stranger = await createUser(db);
      const role = async (userId: string) =>
        (
          await call(
            'GET',
            `/api/publications/getRoleByUserId?userId=${userId}&publicationId=${publication.id}`,
          )
        ).json;
      expect(await role(owner.id)).toEqual({ role: 'publication_owner' });
      expect(await role(editor.id)).toEqual({ role: 'publication_editor' });
      expect(await role(author.id)).toEqual({ role: 'publication_author' });
      expect(await role(stranger.id)).toEqual({ role: null });
    });

    it('answers 404 for an unknown user or publication and 400 for malformed ids', async () => {
      const { publication, owner } = await staffedPublication();
      const ask = (userId: string, publicationId: string) =>
        call('GET', `/api/publications/getRoleByUserId?userId=${userId}&publicationId=${publicationId}`);
      const unknownUser = await ask(newUuid(), publication.id);
      expect(unknownUser.status).toBe(404);
      expect(unknownUser.json.error.message).toBe('User not found');
      expect((await ask(owner.id, newUuid())).status).toBe(404);
      expect((await ask('nope', publication.id)).status).toBe(400);
      expect((await ask(owner.id, 'nope')).status).toBe(400);
      expect((await call('GET', `/api/publications/getRoleByUserId?userId=${owner.id}`)).status).toBe(400);
    });
  });

  describe('POST /api/publications/addContributorByUserId', () => {
    it('the owner adds an author and an editor by user id (trimmed)', async () => {
      const { publication, owner } = await staffedPublication();
      const newcomer = await createUser(db);
      const res = await call('POST', '/api/publications/addContributorByUserId', {
        as: owner.id,
        body: { userId: `  ${newcomer.id} `, publicationId: publication.id, userRole: 'publication_author' },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        member: {
          userId: newcomer.id,
          name: newcomer.name,
          image: newcomer.image,
          subdomain: newcomer.subdomain,
          userRole: 'publication_author',
          joinedAt: expect.any(Number),
        },
      });
      expect(await memberRow(publication.id, newcomer.id)).toMatchObject({ role: 'publication_author' });
      const another = await createUser(db);
      const asEditor = await call('POST', '/api/publications/addContributorByUserId', {
        as: owner.id,
        body: { userId: another.id, publicationId: publication.id, userRole: 'publication_editor' },
      });
      expect(asEditor.status).toBe(201);
      expect(asEditor.json.member.userRole).toBe('publication_editor');
      // The newcomer now sees the publication in their menu.
      const mine = await call('GET', `/api/publications/getPublicationsByUserId?userId=${newcomer.id}`);
      expect(mine.json.publications.map((p: { id: string }) => p.id)).toEqual([publication.id]);
    });

    it('refuses bad ids, unknown or banned users, members, other roles and everyone but the owner', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const other = await createPublication(db);
      const newcomer = await createUser(db);
      const banned = await createUser(db, { status: 'banned' });
      const admin = await createUser(db, { roles: ['admin'] });
      const before = await publicationSnapshot(db, publication.id);
      const body = (overrides: Record<string, unknown>) => ({
        userId: newcomer.id,
        publicationId: publication.id,
        userRole: 'publication_author',
        ...overrides,
      });
      const cases: [string | undefined, Record<string, unknown>, number, string?][] = [
        [owner.id, body({ userId: `${newcomer.id}x` }), 400, 'Wrong user id!'],
        [owner.id, body({ userId: newcomer.id.slice(1) }), 400, 'Wrong user id!'],
        [owner.id, body({ userId: '' }), 400, 'Wrong user id!'],
        [owner.id, body({ userId: 'x'.repeat(36) }), 400],
        [owner.id, body({ userId: newUuid() }), 404, 'User not found'],
        [owner.id, body({ userId: banned.id }), 404, 'User not found'],
        [owner.id, body({ userId: author.id }), 409, 'Already a member of this publication'],
        [owner.id, body({ userId: editor.id, userRole: 'publication_author' }), 409],
        [owner.id, body({ userId: owner.id }), 409, 'Already a member of this publication'],
        [owner.id, body({ userRole: 'publication_owner' }), 400],
        [owner.id, body({ userRole: 'publication-author' }), 400],
        [owner.id, body({ userRole: undefined }), 400],
        [owner.id, body({ publicationId: 'nope' }), 400],
        [owner.id, body({ publicationId: newUuid() }), 404, 'Publication not found'],
        [other.owner.id, body({}), 403],
        [editor.id, body({}), 403],
        [author.id, body({}), 403],
        [admin.id, body({}), 403],
        [undefined, body({}), 401],
      ];
      for (const [as, payload, status, message] of cases) {
        const res = await call('POST', '/api/publications/addContributorByUserId', { as, body: payload });
        expect(res.status, JSON.stringify(payload)).toBe(status);
        // Validation puts the field's message in `detail` (DESIGN §8); the service's own refusals in `message`.
        if (message) expect(`${res.json.error.message} ${res.json.error.detail}`).toContain(message);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });

  describe('DELETE /api/publications/removeContributor', () => {
    it('the owner removes an author and an editor', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      for (const user of [author, editor]) {
        const res = await call('DELETE', `/api/publications/removeContributor?id=${publication.id}`, {
          as: owner.id,
          body: { authorId: user.id },
        });
        expect(res.status).toBe(204);
        expect(await memberRow(publication.id, user.id)).toBeUndefined();
      }
      expect(await memberRow(publication.id, owner.id)).toMatchObject({ role: 'publication_owner' });
    });

    it('refuses the owner themself, non-members and everyone but the owner; nothing changes', async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const other = await createPublication(db);
      const stranger = await createUser(db);
      const before = await publicationSnapshot(db, publication.id);
      const cases: [string | undefined, string, Record<string, unknown>, number][] = [
        [owner.id, publication.id, { authorId: owner.id }, 409],
        [owner.id, publication.id, { authorId: stranger.id }, 404],
        [owner.id, publication.id, { authorId: newUuid() }, 404],
        [owner.id, publication.id, { authorId: 'nope' }, 400],
        [owner.id, publication.id, {}, 400],
        [owner.id, newUuid(), { authorId: author.id }, 404],
        [owner.id, 'nope', { authorId: author.id }, 400],
        [other.owner.id, publication.id, { authorId: author.id }, 403],
        [editor.id, publication.id, { authorId: author.id }, 403],
        [author.id, publication.id, { authorId: author.id }, 403],
        [undefined, publication.id, { authorId: author.id }, 401],
      ];
      for (const [as, id, body, status] of cases) {
        const res = await call('DELETE', `/api/publications/removeContributor?id=${id}`, { as, body });
        expect(res.status, `${as} ${id} ${JSON.stringify(body)}`).toBe(status);
      }
      // The owner of another publication cannot use it on theirs to remove this one's members either.
      const crossed = await call('DELETE', `/api/publications/removeContributor?id=${other.id}`, {
        as: other.owner.id,
        body: { authorId: author.id },
      });
      expect(crossed.status).toBe(404);
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });

  describe('PATCH /api/publications/updateContributor', () => {
    it('the owner makes an author an editor and back; the same role changes nothing', async () => {
      const { publication, owner, author } = await staffedPublication();
      const promote = await call('PATCH', `/api/publications/updateContributor?id=${publication.id}`, {
        as: owner.id,
        body: { userId: author.id, userRole: 'publication_editor' },
      });
      expect(promote.status).toBe(200);
      expect(promote.json.member).toMatchObject({ userId: author.id, userRole: 'publication_editor' });
      expect(await memberRow(publication.id, author.id)).toMatchObject({ role: 'publication_editor' });
      const relation = await call('GET', `/api/publications/${publication.id}?getUserRelation=true`, {
        as: author.id,
      });
      expect(relation.json.userRelation).toEqual(['editor']);

      const same = await call('PATCH', `/api/publications/updateContributor?id=${publication.id}`, {
        as: owner.id,
        body: { userId: author.id, userRole: 'publication_editor' },
      });
      expect(same.status).toBe(200);
      const back = await call('PATCH', `/api/publications/updateContributor?id=${publication.id}`, {
        as: owner.id,
        body: { userId: author.id, userRole: 'publication_author' },
      });
      expect(back.json.member.userRole).toBe('publication_author');
    });

    it("refuses the owner's own role, non-members, other roles and everyone but the owner; nothing changes", async () => {
      const { publication, owner, editor, author } = await staffedPublication();
      const other = await createPublication(db);
      const stranger = await createUser(db);
      const admin = await createUser(db, { roles: ['admin'] });
      const before = await publicationSnapshot(db, publication.id);
      const body = (overrides: Record<string, unknown>) => ({
        userId: author.id,
        userRole: 'publication_editor',
        ...overrides,
      });
      const cases: [string | undefined, string, Record<string, unknown>, number][] = [
        [owner.id, publication.id, body({ userId: owner.id }), 409],
        [owner.id, publication.id, body({ userId: stranger.id }), 404],
        [owner.id, publication.id, body({ userId: newUuid() }), 404],
        [owner.id, publication.id, body({ userRole: 'publication_owner' }), 400],
        [owner.id, publication.id, body({ userRole: 'admin' }), 400],
        [owner.id, publication.id, body({ userRole: 'publication-editor' }), 400],
        [owner.id, publication.id, body({ userId: 'nope' }), 400],
        [owner.id, newUuid(), body({}), 404],
        [other.owner.id, publication.id, body({}), 403],
        [other.owner.id, other.id, body({}), 404],
        [editor.id, publication.id, body({}), 403],
        [author.id, publication.id, body({}), 403],
        [admin.id, publication.id, body({}), 403],
        [undefined, publication.id, body({}), 401],
      ];
      for (const [as, id, payload, status] of cases) {
        const res = await call('PATCH', `/api/publications/updateContributor?id=${id}`, {
          as,
          body: payload,
        });
        expect(res.status, `${as} ${id} ${JSON.stringify(payload)}`).toBe(status);
      }
      expect(await publicationSnapshot(db, publication.id)).toEqual(before);
    });
  });
});
