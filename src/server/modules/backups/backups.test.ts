import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { archiveName, ArchiveError, parseArchiveName, readManifest } from './backups.archive';
import { postRestoreSql, splitSettingList } from './backups.post-restore';
import { askDatabaseOwner, requestsDir, serveBackupRequests } from './backups.requests';
import type { BackupManifest } from './backups.schema';
import { lastNightlyDue, pruneNightlyBackups } from './backups-backup.service';
import { checkMigrationLevel } from './backups-restore.service';

// The pure parts of backups (docs/decisions/035-backup-and-restore.md); the commands end to end are
// in tests/backups/.

mkdirSync(path.resolve('data/test'), { recursive: true });
const scratch = mkdtempSync(path.join(path.resolve('data/test'), 'backups-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('archive names', () => {
  it('carry the label and the time to the second, sort by time and parse back', () => {
    const at = new Date('2026-11-23T03:00:07.456Z');
    expect(archiveName('nightly', at)).toBe('lamplight-nightly-2026-11-23T030007Z.tar.gz');
    expect(archiveName('backup', at, 1)).toBe('lamplight-backup-2026-11-23T030007Z-2.tar.gz');
    expect(parseArchiveName('lamplight-nightly-2026-11-23T030007Z.tar.gz')).toEqual({
      label: 'nightly',
      at: new Date('2026-11-23T03:00:07Z'),
    });
    expect(parseArchiveName('lamplight-backup-2026-11-23T030007Z-2.tar.gz')?.label).toBe('backup');
    expect(parseArchiveName('notes.txt')).toBeNull();
    expect(parseArchiveName('.lamplight-nightly-2026-11-23T030007Z.tar.gz.1a2b.partial')).toBeNull();
  });
});

describe('the nightly schedule and retention', () => {
  it('falls due at BACKUP_HOUR UTC, today once it has passed, else yesterday', () => {
    expect(lastNightlyDue(new Date('2026-11-23T02:59:59Z'), 3)).toEqual(new Date('2026-11-22T03:00:00Z'));
    expect(lastNightlyDue(new Date('2026-11-23T03:00:00Z'), 3)).toEqual(new Date('2026-11-23T03:00:00Z'));
    expect(lastNightlyDue(new Date('2026-11-23T23:10:00Z'), 0)).toEqual(new Date('2026-11-23T00:00:00Z'));
  });

  const nights = (dir: string, count: number) => {
    mkdirSync(dir, { recursive: true });
    for (let day = 1; day <= count; day++) {
      writeFileSync(path.join(dir, archiveName('nightly', new Date(Date.UTC(2026, 10, day, 3)))), '');
    }
    writeFileSync(path.join(dir, archiveName('backup', new Date(Date.UTC(2026, 9, 1, 12)))), '');
    writeFileSync(path.join(dir, 'notes.txt'), '');
  };

  it('keeps the newest N nightly archives, never a manual one or another file', async () => {
    const dir = path.join(scratch, 'count');
    nights(dir, 10);
    const removed = await pruneNightlyBackups(dir, { count: 7 });
    expect(removed).toEqual([
      'lamplight-nightly-2026-11-03T030000Z.tar.gz',
      'lamplight-nightly-2026-11-02T030000Z.tar.gz',
      'lamplight-nightly-2026-11-01T030000Z.tar.gz',
    ]);
    const left = readdirSync(dir);
    expect(left).toHaveLength(9);
    expect(left).toContain('lamplight-backup-2026-10-01T120000Z.tar.gz');
    expect(left).toContain('notes.txt');
  });

  it('keeps the nightly archives of the last N days, and the newest one whatever its age', async () => {
    const dir = path.join(scratch, 'days');
    nights(dir, 10);
    const now = new Date('2026-11-10T12:00:00Z');
    expect(await pruneNightlyBackups(dir, { days: 3 }, now)).toHaveLength(7); // keeps the 8th, 9th, 10th
    expect(await pruneNightlyBackups(dir, { days: 1 }, new Date('2027-01-01T00:00:00Z'))).toHaveLength(2);
    expect(readdirSync(dir)).toContain('lamplight-nightly-2026-11-10T030000Z.tar.gz');
  });
});

describe('the migration level of an archive', () => {
  const journal = (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;
  const manifest = (migrations: BackupManifest['migrations']) => ({ migrations }) as BackupManifest;

  it('is fine at this code’s level, and names what the site applies on an older one', () => {
    const newest = journal.at(-1)!;
    expect(
      checkMigrationLevel(
        manifest({ applied: journal.length, latestTag: newest.tag, latestWhen: newest.when }),
        'a.tar.gz',
      ),
    ).toEqual([]);
    const older = journal.at(-3)!;
    expect(
      checkMigrationLevel(
        manifest({ applied: journal.length - 2, latestTag: older.tag, latestWhen: older.when }),
        'a.tar.gz',
      ),
    ).toEqual(journal.slice(-2).map((entry) => entry.tag));
  });

  it('refuses a newer one and an unknown one, saying which', () => {
    const newest = journal.at(-1)!;
    expect(() =>
      checkMigrationLevel(
        manifest({ applied: journal.length + 1, latestTag: '0999_next', latestWhen: newest.when + 1 }),
        'a.tar.gz',
      ),
    ).toThrow(
      `a.tar.gz comes from a newer Lamplight: its database has migration 0999_next, and this code knows migrations up to ${newest.tag}.`,
    );
    expect(() =>
      checkMigrationLevel(
        manifest({ applied: 3, latestTag: null, latestWhen: journal[0].when + 1 }),
        'a.tar.gz',
      ),
    ).toThrow(/a\.tar\.gz has a database migration this Lamplight does not know/);
  });
});

describe('post-restore.sql', () => {
  it('reads stored list settings as PostgreSQL does', () => {
    expect(splitSettingList('"$user", public')).toEqual(['$user', 'public']);
    expect(splitSettingList('"a""b", c,d')).toEqual(['a"b', 'c', 'd']);
    expect(splitSettingList('')).toEqual([]);
  });

  it('restores function costs and database settings, each refusal a notice, never a failure', () => {
    const script = postRestoreSql({
      functionCosts: [{ signature: 'pg_catalog.ts_match_vq(tsvector, tsquery)', cost: 100 }],
      databaseSettings: ['work_mem=8MB', 'search_path="$user", public', "app.note=it's $v$", 'bad name=1'],
    });
    expect(script).toContain('\tALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) COST 100;\n');
    expect(script).toContain(
      "EXECUTE format('ALTER DATABASE %I SET work_mem TO %s', current_database(), $v$'8MB'$v$);",
    );
    expect(script).toContain("current_database(), $v$'$user', 'public'$v$);");
    // A value holding the quote tag gets another one; quotes are doubled.
    expect(script).toContain("current_database(), $v1$'it''s $v$'$v1$);");
    expect(script).toContain('-- skipped, not a setting this script can write: bad name=1');
    expect(script.match(/EXCEPTION WHEN insufficient_privilege THEN/g)).toHaveLength(4);
  });
});

describe('reading a manifest', () => {
  it('refuses what is not a Lamplight archive', async () => {
    const plain = path.join(scratch, 'plain.tar.gz');
    writeFileSync(path.join(scratch, 'other.txt'), 'hello');
    await create({ file: plain, cwd: scratch, gzip: true }, ['other.txt']);
    await expect(readManifest(plain)).rejects.toThrow(
      /is not a Lamplight backup: it does not start with manifest\.json/,
    );

    const text = path.join(scratch, 'text.tar.gz');
    writeFileSync(text, 'not an archive at all');
    await expect(readManifest(text)).rejects.toBeInstanceOf(ArchiveError);

    const newer = path.join(scratch, 'newer');
    mkdirSync(newer);
    writeFileSync(
      path.join(newer, 'manifest.json'),
      JSON.stringify({ format: 'lamplight-backup', version: 2 }),
    );
    const newerFile = path.join(scratch, 'newer.tar.gz');
    await create({ file: newerFile, cwd: newer, gzip: true }, ['manifest.json']);
    await expect(readManifest(newerFile)).rejects.toThrow(
      /format version 2; this Lamplight reads up to version 1/,
    );
  });
});

describe('asking the process that holds the embedded database', () => {
  const dbDir = path.join(scratch, 'db');
  const manifest = { kind: 'pglite' } as BackupManifest;
  /** Serves requests every 50 ms, as the owner's sweep does every 2 s, until `stop()`. */
  const owner = (perform: (dir: string) => Promise<{ path: string; manifest: BackupManifest }>) => {
    let running = true;
    const loop = (async () => {
      while (running) {
        await serveBackupRequests(dbDir, perform);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    return async () => {
      running = false;
      await loop;
    };
  };

  it('hands the request to the owner and answers its archive, or its error', async () => {
    const stop = owner(async (dir) => {
      if (dir.endsWith('full')) throw new Error('No space left on device');
      return { path: path.join(dir, 'lamplight-backup-x.tar.gz'), manifest };
    });
    try {
      const done = await askDatabaseOwner(dbDir, process.pid, '/srv/backups');
      expect(done).toEqual({ path: '/srv/backups/lamplight-backup-x.tar.gz', manifest });
      await expect(askDatabaseOwner(dbDir, process.pid, '/srv/full')).rejects.toThrow(
        'No space left on device',
      );
    } finally {
      await stop();
    }
    expect(readdirSync(requestsDir(dbDir))).toEqual([]);
  });

  it('withdraws a request nobody takes, unless the owner is busy with an earlier one', async () => {
    await expect(askDatabaseOwner(dbDir, process.pid, '/srv/backups', 300)).rejects.toThrow(
      /is open in process \d+, which did not take the backup request within 0 s: it is not a running Lamplight server/,
    );
    expect(readdirSync(requestsDir(dbDir))).toEqual([]);

    // A request the owner took and is still writing: the next one waits its turn.
    const busy = path.join(requestsDir(dbDir), `${'0'.repeat(16)}.working-${process.pid}.json`);
    writeFileSync(busy, '{}');
    const asking = askDatabaseOwner(dbDir, process.pid, '/srv/backups', 100);
    let settled = false;
    asking.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(settled).toBe(false); // well past its 100 ms, still waiting
    const stop = owner(async (dir) => ({ path: path.join(dir, 'late.tar.gz'), manifest }));
    try {
      expect((await asking).path).toBe('/srv/backups/late.tar.gz');
    } finally {
      await stop();
      rmSync(busy);
    }
  });
});
