// GET /api/me/page-state (decision 031): the reader's own part of a page everyone gets the same HTML
// of — a writer's home's owner controls, a publication page's member links — computed by the policy,
// private to the browser and answered 304 when the browser's copy is current.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
beforeAll(async () => {
  db = (await useTestDatabase()).db;
});

describe('GET /api/me/page-state', () => {
  it('tells a guest nothing is theirs', async () => {
    const writer = await createUser(db);
    const publication = await createPublication(db);
    const res = await call('GET', `/api/me/page-state?writer=${writer.id}&publication=${publication.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      signedIn: false,
      writer: { id: writer.id, canEditProfile: false },
      publication: {
        id: publication.id,
        userRelation: [],
        capabilities: expect.objectContaining({
          canOpenStudio: false,
          canOpenAdmin: false,
          canEditProfile: false,
        }),
      },
      story: null,
      account: null,
      unreadNotifications: null,
      follows: [],
    });
  });

  it("lets the writer edit their own home, and nobody else's", async () => {
    const writer = await createUser(db);
    const reader = await createUser(db);
    const own = await call('GET', `/api/me/page-state?writer=${writer.id}`, { as: writer.id });
    expect(own.json).toEqual({
      signedIn: true,
      writer: { id: writer.id, canEditProfile: true },
      publication: null,
      story: null,
      account: null,
      unreadNotifications: null,
      follows: [],
    });
    const other = await call('GET', `/api/me/page-state?writer=${writer.id}`, { as: reader.id });
    expect(other.json.writer).toEqual({ id: writer.id, canEditProfile: false });
  });

  it("gives a publication's members their relation and links, a reader none", async () => {
    const owner = await createUser(db);
    const publication = await createPublication(db, { owner });
    const editor = await createUser(db);
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    const reader = await createUser(db);
    const asOwner = (await call('GET', `/api/me/page-state?publication=${publication.id}`, { as: owner.id }))
      .json;
    expect(asOwner.publication.userRelation).toEqual(['admin']);
    expect(asOwner.publication.capabilities).toMatchObject({ canOpenStudio: true, canOpenAdmin: true });
    const asEditor = (
      await call('GET', `/api/me/page-state?publication=${publication.id}`, { as: editor.id })
    ).json;
    expect(asEditor.publication.userRelation).toEqual(['editor']);
    expect(asEditor.publication.capabilities).toMatchObject({ canOpenStudio: true });
    const asReader = (
      await call('GET', `/api/me/page-state?publication=${publication.id}`, { as: reader.id })
    ).json;
    expect(asReader.publication.userRelation).toEqual([]);
    expect(asReader.publication.capabilities).toMatchObject({ canOpenStudio: false, canEditProfile: false });
  });

  it('answers null for a publication that is not there, and 400 for ids that cannot be', async () => {
    const reader = await createUser(db);
    const gone = '00000000-0000-4000-8000-000000000000';
    const res = await call('GET', `/api/me/page-state?publication=${gone}`, { as: reader.id });
    expect(res.json).toEqual({
      signedIn: true,
      writer: null,
      publication: null,
      story: null,
      account: null,
      unreadNotifications: null,
      follows: [],
    });
    expect((await call('GET', '/api/me/page-state?publication=daily-bread')).status).toBe(400);
    expect((await call('GET', '/api/me/page-state?writer=me')).status).toBe(400);
  });

  it("gives the header's account menu to a signed-in reader who asks, and nothing to a guest", async () => {
    const owner = await createUser(db, { name: 'Ruth Menu' });
    const publication = await createPublication(db, { owner });
    const reader = await createUser(db);
    const res = await call('GET', '/api/me/page-state?account=1', { as: owner.id });
    expect(res.json.account).toEqual({
      id: owner.id,
      name: 'Ruth Menu',
      image: owner.image,
      subdomain: owner.subdomain,
      publications: [{ id: publication.id, name: publication.name, image: publication.image }],
    });
    // Asked with a page's part, it comes in the same answer.
    const both = await call('GET', `/api/me/page-state?account=1&publication=${publication.id}`, {
      as: reader.id,
    });
    expect(both.json.account).toMatchObject({ id: reader.id, publications: [] });
    expect(both.json.publication.userRelation).toEqual([]);
    expect((await call('GET', '/api/me/page-state?account=1')).json.account).toBeNull();
    expect((await call('GET', '/api/me/page-state', { as: owner.id })).json.account).toBeNull();
    expect((await call('GET', '/api/me/page-state?account=yes', { as: owner.id })).status).toBe(400);
  });

  it("tells what the reader may do with a story: its writer everything, a reader nothing, none of a draft's", async () => {
    const writer = await createUser(db);
    const reader = await createUser(db);
    const published = await createPost(db, { author: writer, status: 'published' });
    const draft = await createPost(db, { author: writer, status: 'draft' });
    const mine = (await call('GET', `/api/me/page-state?story=${published.id}`, { as: writer.id })).json;
    expect(mine.story).toMatchObject({ id: published.id, can: { canEdit: true, canUnpublish: true } });
    const theirs = (await call('GET', `/api/me/page-state?story=${published.id}`, { as: reader.id })).json;
    expect(theirs.story).toMatchObject({ id: published.id, can: { canEdit: false, canUnpublish: false } });
    expect(
      (await call('GET', `/api/me/page-state?story=${draft.id}`, { as: reader.id })).json.story,
    ).toBeNull();
    expect((await call('GET', `/api/me/page-state?story=${draft.id}`)).json.story).toBeNull();
    expect((await call('GET', '/api/me/page-state?story=not-a-story-id')).status).toBe(400);
  });

  it('is private to the browser, and 304 when the copy it holds is current', async () => {
    const writer = await createUser(db);
    const path = `/api/me/page-state?writer=${writer.id}`;
    const first = await call('GET', path, { as: writer.id });
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(first.headers.get('vary')).toMatch(/cookie/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call('GET', path, { as: writer.id, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // A gzipped answer's tag comes back weak (W/"…"): the same copy, so 304 too (RFC 9110 §13.1.2).
    const weak = await call('GET', path, { as: writer.id, headers: { 'if-none-match': `W/${etag}` } });
    expect(weak.status).toBe(304);
    // Another reader's answer differs, and so does its tag: their copy is never current for this one.
    const other = await call('GET', path, {
      as: (await createUser(db)).id,
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });
});
