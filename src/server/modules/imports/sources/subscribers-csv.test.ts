import { describe, expect, it } from 'vitest';
import { readSubscribersCsv } from './subscribers-csv';
import { collect, fixture } from './test-helpers';
import type { ImportedSubscriber, SkippedSubscriber } from './import-entries';

const split = (rows: (ImportedSubscriber | SkippedSubscriber)[]) => ({
  subscribers: rows.filter((r): r is ImportedSubscriber => r.kind === 'subscriber'),
  skipped: rows.filter((r): r is SkippedSubscriber => r.kind === 'skip'),
});

describe('subscriber CSV reader', () => {
  it('reads Substack’s list: consent unless email_disabled; bad, repeated and deletion rows skipped', async () => {
    const { subscribers, skipped } = split(
      await collect(readSubscribersCsv(fixture('substack-subscribers.csv'))),
    );
    expect(subscribers.map((s) => [s.email, s.consented])).toEqual([
      ['reader.one@example.com', true],
      ['paying.friend@example.org', true],
      ['quiet.reader@example.net', false],
      ['ömil@example.com', true],
    ]);
    expect(subscribers[0]!.createdAt?.toISOString()).toBe('2022-01-05T10:00:00.000Z');
    expect(subscribers[0]!.name).toBeNull();
    expect(skipped).toEqual([
      { kind: 'skip', row: 5, reason: '“not-an-address” is not a valid email address.' },
      { kind: 'skip', row: 7, reason: 'Reader.One@Example.com appears earlier in the file.' },
      { kind: 'skip', row: 8, reason: 'A Substack deletion request, not an address.' },
    ]);
  });

  it('reads Ghost’s members: subscribed_to_emails is consent; formulas never pass as data', async () => {
    const { subscribers, skipped } = split(await collect(readSubscribersCsv(fixture('ghost-members.csv'))));
    expect(subscribers).toEqual([
      {
        kind: 'subscriber',
        email: 'grace@example.org',
        name: 'Grace Owner',
        createdAt: new Date('2023-01-02T03:04:05.000Z'),
        consented: true,
      },
      {
        kind: 'subscriber',
        email: 'tom@example.org',
        name: 'Writer, Tom',
        createdAt: new Date('2023-02-02T03:04:05.000Z'),
        consented: false,
      },
      // A name that is a spreadsheet formula is dropped, not kept to be exported back.
      {
        kind: 'subscriber',
        email: 'eve@example.org',
        name: null,
        createdAt: new Date('2023-04-02T03:04:05.000Z'),
        consented: true,
      },
      {
        kind: 'subscriber',
        email: '李@例子.中国',
        name: '李明',
        createdAt: new Date('2023-08-02T03:04:05.000Z'),
        consented: true,
      },
    ]);
    expect(skipped).toEqual([
      { kind: 'skip', row: 4, reason: 'The email cell is a spreadsheet formula, not an address.' },
      { kind: 'skip', row: 6, reason: '“bad address@example.org” is not a valid email address.' },
      { kind: 'skip', row: 7, reason: 'Deleted in Ghost.' },
    ]);
  });

  it('refuses a CSV without an email column', async () => {
    const error = await collect(readSubscribersCsv(fixture('../imports/substack-export.zip'))).catch(
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe('validation_failed');
  });
});
