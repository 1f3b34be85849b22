import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { collections, lists, publications, subtopics, users } from '../../src/server/db/schema';
import { SINGLE_LINE_MESSAGE } from '../../src/server/lib/plain-text';
import { resetMailTransport, setMailTransport, smtpTransport } from '../../src/server/lib/mail';
import { sendConfirmationMails } from '../../src/server/modules/newsletters/subscriptions.service';
import { createPublication, createUser } from '../factories';
import { call } from '../helpers/api-client';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { useTestDatabase } from '../helpers/test-db';

// Issue 19, item 1: a writer renamed their publication "Crlf Gazette\r\nBcc: victim@example.com",
// turned the newsletter on, and every confirmation mail to its topic then carried the attacker's Bcc.
// Every single-line field of the API refuses line breaks (and other control characters) at the schema,
// so no stored name holds one; and a name with every other awkward character reaches the mail intact,
// as encoded words, read back by a real parser (mailparser).

const INJECTION = 'Crlf Gazette\r\nBcc: victim@example.com\r\nX-Injected: yes';
const BREAKS = [
  INJECTION,
  'Gazette\r\n\r\nThe attacker writes the body',
  'a\nb',
  'a\rb',
  'a\u2028b',
  'a\u0085b',
  'a\tb',
];

let db: Db;
let sink: SmtpSink;

beforeAll(async () => {
  db = (await useTestDatabase()).db;
  sink = await startSmtpSink();
  await setMailTransport(smtpTransport(sink.url, 1));
});
afterAll(async () => {
  await resetMailTransport();
  await sink.close();
});

const expectRefused = (res: { status: number; json: any }, field: string) => {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.error.code).toBe('validation_failed');
  expect(res.json.error.detail).toContain(field);
  expect(res.json.error.detail).toMatch(
    /Line breaks and control characters are not allowed|Control characters are not allowed/,
  );
};

describe('single-line fields refuse line breaks, and nothing is stored', () => {
  it('a publication name, on create and on rename', async () => {
    const publication = await createPublication(db);
    for (const name of BREAKS) {
      expectRefused(
        await call('PATCH', `/api/publications/${publication.id}`, {
          as: publication.owner.id,
          body: { name },
        }),
        'name',
      );
      expectRefused(
        await call('POST', '/api/publications/create', {
          as: publication.owner.id,
          body: { name, description: 'About', subdomain: `crlf-${Math.random().toString(36).slice(2, 8)}` },
        }),
        'name',
      );
    }
    const [row] = await db.select().from(publications).where(eq(publications.id, publication.id));
    expect(row!.name).toBe(publication.name);
  });

  it("a collection's name and description, a list's name, a user's name", async () => {
    const publication = await createPublication(db);
    const owner = publication.owner.id;
    for (const text of BREAKS) {
      expectRefused(
        await call('POST', '/api/collections/create', {
          as: owner,
          body: { publicationId: publication.id, name: text },
        }),
        'name',
      );
      expectRefused(
        await call('PATCH', `/api/collections/${publication.collection.id}`, {
          as: owner,
          body: { description: text },
        }),
        'description',
      );
      expectRefused(
        await call('POST', '/api/lists/create', { as: owner, body: { listName: text } }),
        'listName',
      );
      expectRefused(await call('PATCH', `/api/users/${owner}`, { as: owner, body: { name: text } }), 'name');
    }
    const [collection] = await db
      .select()
      .from(collections)
      .where(eq(collections.id, publication.collection.id));
    expect(collection!.description ?? '').not.toMatch(/[\r\n]/);
    expect(await db.select().from(lists).where(eq(lists.ownerId, owner))).toEqual([]);
    const [user] = await db.select().from(users).where(eq(users.id, owner));
    expect(user!.name).toBe(publication.owner.name);
  });

  it("a subtopic's name and description (site staff)", async () => {
    const editor = await createUser(db, { roles: ['editor'] });
    for (const text of BREAKS) {
      expectRefused(
        await call('POST', '/api/subtopics/create?slug=faith', {
          as: editor.id,
          body: { subtopicName: text },
        }),
        'subtopicName',
      );
      expectRefused(
        await call('POST', '/api/subtopics/create?slug=faith', {
          as: editor.id,
          body: { subtopicName: 'Psalms', description: text },
        }),
        'description',
      );
    }
    expect(await db.select().from(subtopics)).toEqual([]);
  });

  it('the refusal names the rule, in DESIGN §8 shape', async () => {
    const publication = await createPublication(db);
    const res = await call('PATCH', `/api/publications/${publication.id}`, {
      as: publication.owner.id,
      body: { name: INJECTION },
    });
    expect(res.json.error).toEqual({
      code: 'validation_failed',
      message: 'Invalid input',
      detail: `name: ${SINGLE_LINE_MESSAGE}`,
    });
  });
});

describe("a publication's name in its confirmation mail", () => {
  it('reaches the reader intact, encoded, with exactly the headers the mail should have', async () => {
    // Everything but a line break: quotes, specials, an encoded-word look-alike, Chinese, an emoji.
    const name = `"Grace" ; <Gazette> =?UTF-8?B?QmNjOiB2aWN0aW0=?= 信心 🙏 ${'long '.repeat(6)}end`;
    const publication = await createPublication(db, { hasNewsletters: false, newsletterDescription: null });
    const renamed = await call('PATCH', `/api/publications/${publication.id}`, {
      as: publication.owner.id,
      body: { name },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    const on = await call('PUT', `/api/publications/${publication.id}/newsletters/settings`, {
      as: publication.owner.id,
      body: { hasNewsletters: true },
    });
    expect(on.status).toBe(200);
    const address = `reader-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const subscribed = await call('PUT', '/api/subscribe', {
      body: { email: address, topic: `publication-${publication.subdomain}` },
      headers: { 'x-lamplight-socket-address': '198.51.100.77' },
    });
    expect(subscribed.status).toBe(200);
    expect(await sendConfirmationMails()).toBeGreaterThanOrEqual(1);
    const [mail] = await sink.waitFor((m) => m.to.includes(address));
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.headerLines.map((header) => header.key)).toEqual([
      'from',
      'to',
      'subject',
      'date',
      'message-id',
      'mime-version',
      'list-unsubscribe',
      'list-unsubscribe-post',
      'content-type',
    ]);
    expect(parsed.subject).toBe(`Confirm your subscription to ${name}`);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value.map((a) => a.address)).toEqual([
      address,
    ]);
    expect(mail!.to).toEqual([address]);
  });
});
