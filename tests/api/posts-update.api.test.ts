import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { addPublicationMember, createPost, createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;
const patch = (id: string, as: string | undefined, body: Record<string, unknown>) =>
  call('PATCH', `/api/posts/${id}`, { as, body });
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('posts API: PATCH /api/posts/{id}', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('saves content, keeps publishedAt, bumps the version and replaces the tags', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author, tags: ['Faith', 'Hope'] });
    const res = await patch(post.id, author.id, {
      version: post.version,
      title: 'A New Title',
      bodyJson: doc('Fresh words for a new day.'),
      tags: [{ name: 'Love' }, { name: 'Faith' }],
      featureImageUrl: '/uploads/cover.webp',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: 'A New Title',
      slug: 'a-new-title',
      bodyHtml: '<p>Fresh words for a new day.</p>',
      featureImageUrl: '/uploads/cover.webp',
      tags: [
        { name: 'Love', slug: 'love' },
        { name: 'Faith', slug: 'faith' },
      ],
      publishedAt: post.publishedAt!.getTime(),
      version: post.version + 1,
      status: 'published',
    });
  });

  it('a stale version answers 409 and overwrites nothing', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author, status: 'draft', title: 'Original' });
    const first = await patch(post.id, author.id, { version: post.version, title: 'First save' });
    expect(first.status).toBe(200);
    const stale = await patch(post.id, author.id, {
      version: post.version,
      title: 'Stale save',
      bodyJson: doc('lost'),
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('conflict');
    const now = (await call('GET', `/api/posts/${post.id}`, { as: author.id })).json;
    expect(now.title).toBe('First save');
    expect(now.version).toBe(post.version + 1);
    expect(now.bodyHtml).not.toContain('lost');
  });

  it('republish sets publishedAt to now; only on a published story (409 otherwise)', async () => {
    const author = await createUser(db);
    const old = new Date(Date.now() - 86_400_000);
    const post = await createPost(db, { author, publishedAt: old });
    const before = Date.now();
    const res = await patch(post.id, author.id, { version: post.version, republish: true });
    expect(res.status).toBe(200);
    expect(res.json.publishedAt).toBeGreaterThanOrEqual(before);
    const draft = await createPost(db, { author, status: 'draft' });
    expect((await patch(draft.id, author.id, { version: draft.version, republish: true })).status).toBe(409);
  });

  it('a publication_author saves their published story but may not republish it (403)', async () => {
    const writer = await createUser(db);
    const publication = await createPublication(db);
    await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
    const post = await createPost(db, { author: writer, publication });
    const saved = await patch(post.id, writer.id, { version: post.version, title: 'Edited' });
    expect(saved.status).toBe(200);
    const republish = await patch(post.id, writer.id, { version: saved.json.version, republish: true });
    expect(republish.status).toBe(403);
  });

  it('the excerpt: the author gives it while creating the story; once it has one, site editors and admins', async () => {
    const author = await createUser(db);
    const editor = await createUser(db, { roles: ['editor'] });
    // A draft autosaved before its excerpt was typed has none: the author's Next dialog gives it one.
    const draft = await createPost(db, { author, status: 'draft', excerpt: '' });
    const given = await patch(draft.id, author.id, {
      version: draft.version,
      excerpt: 'Written by the author.',
    });
    expect(given.status).toBe(200);
    expect(given.json.excerpt).toBe('Written by the author.');
    expect(given.json.can).toMatchObject({ canEdit: true, canEditExcerpt: false, canGiveExcerpt: false });
    // Once given, it is the site staff's to change (SPEC §5, docs/decisions/002) — also on a draft.
    const changed = await patch(draft.id, author.id, {
      version: given.json.version,
      excerpt: 'Second thoughts',
    });
    expect(changed.status).toBe(403);
    expect(changed.json.error.message).toBe('Only site editors and admins can change the excerpt of a story');
    const published = await createPost(db, { author, excerpt: 'Original excerpt' });
    expect(
      (await patch(published.id, author.id, { version: published.version, excerpt: 'Changed' })).status,
    ).toBe(403);
    // What the author's story-settings and story-update dialogs send: the whole story, the excerpt as
    // stored (they have no excerpt field for an existing story). That is no change, so it saves.
    const same = await patch(published.id, author.id, {
      version: published.version,
      title: 'T2',
      excerpt: 'Original excerpt',
      bodyJson: doc('Same words.'),
      tags: [{ name: 'Faith' }],
      publicationId: null,
      collectionId: null,
    });
    expect(same.status).toBe(200);
    const staff = await patch(published.id, editor.id, {
      version: same.json.version,
      excerpt: 'Sharpened by the site editor.',
      title: 'T2',
    });
    expect(staff.status).toBe(200);
    expect(staff.json).toMatchObject({ excerpt: 'Sharpened by the site editor.', title: 'T2' });
    expect(staff.json.can).toMatchObject({ canEdit: false, canEditExcerpt: true });
    const staffTitle = await patch(published.id, editor.id, {
      version: staff.json.version,
      title: 'Editor title',
    });
    expect(staffTitle.status).toBe(403);
    // Site staff reach any story's excerpt, a draft's too (issue 13, docs/decisions/025).
    expect((await patch(draft.id, editor.id, { version: given.json.version, excerpt: 'x' })).status).toBe(
      200,
    );
  });

  it('refuses a stranger (403 on a public story, 404 on a draft) and anonymous callers (401)', async () => {
    const author = await createUser(db);
    const stranger = await createUser(db);
    const published = await createPost(db, { author, title: 'Mine' });
    const draft = await createPost(db, { author, status: 'draft' });
    expect(
      (await patch(published.id, stranger.id, { version: published.version, title: 'Hacked' })).status,
    ).toBe(403);
    expect((await patch(published.id, stranger.id, { version: published.version })).status).toBe(403);
    expect((await patch(draft.id, stranger.id, { version: draft.version, title: 'Hacked' })).status).toBe(
      404,
    );
    expect(
      (await patch(published.id, undefined, { version: published.version, title: 'Hacked' })).status,
    ).toBe(401);
    expect((await call('GET', `/api/posts/${published.id}`)).json.title).toBe('Mine');
  });

  it('a contributor submits a rejected story again; moving a draft into a publication sends it to review', async () => {
    const writer = await createUser(db);
    const publication = await createPublication(db);
    await addPublicationMember(db, { publication, user: writer, role: 'publication_author' });
    const rejected = await createPost(db, {
      author: writer,
      publication,
      status: 'rejected',
      rejectionReason: 'No',
    });
    const resubmitted = await patch(rejected.id, writer.id, {
      version: rejected.version,
      submitForReview: true,
    });
    expect(resubmitted.json).toMatchObject({ status: 'pending', rejectionReason: null });
    const draft = await createPost(db, { author: writer, status: 'draft' });
    const moved = await patch(draft.id, writer.id, {
      version: draft.version,
      publicationId: publication.id,
      collectionId: publication.collection.id,
    });
    expect(moved.json).toMatchObject({ status: 'pending', publicationId: publication.id });
    const published = await createPost(db, { author: writer });
    const refused = await patch(published.id, writer.id, {
      version: published.version,
      publicationId: publication.id,
      collectionId: publication.collection.id,
    });
    expect(refused.status).toBe(409);
  });

  it('a published story keeps a title (400 when blanked)', async () => {
    const author = await createUser(db);
    const post = await createPost(db, { author });
    expect((await patch(post.id, author.id, { version: post.version, title: '   ' })).status).toBe(400);
    expect((await patch(post.id, author.id, { title: 'no version' })).status).toBe(400);
  });
});
