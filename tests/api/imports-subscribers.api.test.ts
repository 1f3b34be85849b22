import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { subscriptions } from '../../src/server/db/schema';
import { importsDir } from '../../src/server/modules/imports/imports.upload';
import { sendConfirmationMails } from '../../src/server/modules/newsletters/subscriptions.service';
import {
  addPublicationMember,
  createPublication,
  createSubscription,
  createTopic,
  createUser,
} from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

// Issue 23: a Substack or Ghost member CSV into a publication's newsletter. Consent recorded at the
// source → active; none → the double opt-in mail (the subscribe form's own path), never a newsletter;
// addresses already on the list untouched; every new row marked with its source.

let db: Db;
const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/imports', name));
const leftFiles = () => (existsSync(importsDir()) ? readdirSync(importsDir()) : []);

async function uploadCsv(as: string, bytes: Uint8Array | string, fields: Record<string, string>) {
  const data = new FormData();
  data.set('file', new Blob([bytes as BlobPart]), 'members.csv');
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return call('POST', '/api/imports/subscribers', {
    as,
    rawBody: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
}

async function publicationWithTopic() {
  const publication = await createPublication(db);
  const topic = await createTopic(db, { publication });
  return { publication, topic };
}

const rowsOf = async (topicId: string) =>
  Object.fromEntries(
    (await db.select().from(subscriptions).where(eq(subscriptions.topicId, topicId))).map((row) => [
      row.email,
      row,
    ]),
  );

describe('imports API: subscribers', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('imports a Substack list: consented addresses active, the others asked to confirm, duplicates and junk skipped', async () => {
    const { publication, topic } = await publicationWithTopic();
    const before = leftFiles();
    const res = await uploadCsv(publication.owner.id, fixture('substack-subscribers.csv'), {
      publicationId: publication.id,
    });
    expect(res.status, res.text).toBe(200);
    const rows = await rowsOf(topic.id);
    const active = Object.values(rows).filter((row) => row.status === 'active');
    const pending = Object.values(rows).filter((row) => row.status === 'pending');
    expect(res.json.added).toBe(active.length);
    expect(res.json.confirmationSent).toBe(pending.length);
    expect(res.json.added + res.json.confirmationSent).toBeGreaterThan(0);
    for (const row of Object.values(rows)) expect(row.source).toBe('import:substack');
    // The malformed address is reported, not stored; the address is stored once, lower-cased.
    expect(res.json.skipped.map((skip: { reason: string }) => skip.reason).join(' ')).toMatch(
      /address|e-?mail/i,
    );
    expect(rows['not-an-address']).toBeUndefined();
    expect(Object.keys(rows).filter((email) => email === 'reader.one@example.com')).toHaveLength(1);
    // Pending ones wait for the confirmation mail; none is active without consent.
    for (const row of pending) {
      expect(row.confirmRequestedAt).not.toBeNull();
      expect(row.confirmedAt).toBeNull();
    }
    expect(leftFiles().filter((file) => !before.includes(file))).toEqual([]);
  });

  it('imports a Ghost list: subscribed_to_emails decides, formula cells are not addresses, existing subscriptions untouched', async () => {
    const { publication, topic } = await publicationWithTopic();
    const kept = await createSubscription(db, { topic, email: 'grace@example.org', status: 'unsubscribed' });
    const res = await uploadCsv(publication.owner.id, fixture('ghost-members.csv'), {
      publicationId: publication.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.alreadySubscribed).toBe(1);
    const rows = await rowsOf(topic.id);
    // The one who left stays left: an import never resubscribes anyone.
    expect(rows['grace@example.org']).toMatchObject({ id: kept.id, status: 'unsubscribed', source: null });
    // tom@ did not agree to e-mails in Ghost: pending, confirmation asked; eve@ did: active.
    expect(rows['tom@example.org']).toMatchObject({ status: 'pending', source: 'import:ghost' });
    expect(rows['eve@example.org']).toMatchObject({ status: 'active', source: 'import:ghost' });
    expect(Object.keys(rows).some((email) => email.includes('HYPERLINK') || email.startsWith('='))).toBe(
      false,
    );
    expect(res.json.skipped.length).toBeGreaterThan(0);
  });

  it('sends the double opt-in mail to addresses without consent, and to nobody else', async () => {
    const { publication, topic } = await publicationWithTopic();
    const csv = [
      'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
      'asked@example.com,false,,,true,2022-01-05T10:00:00.000Z,',
      'agreed@example.com,false,,,false,2022-01-06T10:00:00.000Z,',
    ].join('\n');
    const res = await uploadCsv(publication.owner.id, csv, { publicationId: publication.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ added: 1, confirmationSent: 1, alreadySubscribed: 0 });
    expect(await sendConfirmationMails()).toBeGreaterThanOrEqual(1);
    const rows = await rowsOf(topic.id);
    expect(rows['asked@example.com']).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(rows['asked@example.com'].confirmSentAt).not.toBeNull();
    expect(rows['agreed@example.com']).toMatchObject({
      status: 'active',
      confirmRequestedAt: null,
      confirmSentAt: null,
    });
    expect(rows['agreed@example.com'].confirmedAt!.toISOString()).toBe('2022-01-06T10:00:00.000Z');
  });

  it('only the publication’s owner (or a site admin) may import, and only into a newsletter that is on', async () => {
    const { publication } = await publicationWithTopic();
    const editor = await createUser(db);
    await addPublicationMember(db, { publication, user: editor, role: 'publication_editor' });
    const stranger = await createUser(db);
    const admin = await createUser(db, { roles: ['admin'] });
    const csv = fixture('substack-subscribers.csv');
    expect((await uploadCsv(editor.id, csv, { publicationId: publication.id })).status).toBe(403);
    expect((await uploadCsv(stranger.id, csv, { publicationId: publication.id })).status).toBe(403);
    expect((await uploadCsv(admin.id, csv, { publicationId: publication.id })).status).toBe(200);

    const off = await createPublication(db, { hasNewsletters: false });
    await createTopic(db, { publication: off });
    const refused = await uploadCsv(off.owner.id, csv, { publicationId: off.id });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('unprocessable');

    const missing = await uploadCsv(publication.owner.id, csv, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error.detail).toContain('publicationId');
  });
});
