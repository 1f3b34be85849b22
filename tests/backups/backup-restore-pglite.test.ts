// Issue 22 item 4 on embedded PGlite: `npm run backup` (while a process holds the folder, as a running
// site does, and with none) then `npm run restore` into a fresh folder gives the same stories, users,
// publications, lists, subscriptions and uploads — row counts and checksums of every table compared —
// and the site starts on it; archives from a newer Lamplight, forged ones and the wrong target are
// refused. PostgreSQL: backup-restore-postgres.test.ts. docs/decisions/035-backup-and-restore.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { killChild, waitFor, type Child } from '../jobs/fixtures/helpers';
import {
  archiveFromTheFuture,
  archiveIn,
  archiveWithManifest,
  expectSameApp,
  pgliteDigests,
  populate,
  removeScratchDirs,
  runCli,
  scratchDir,
  startSite,
  stopSite,
  uploadSums,
  writeUploads,
} from './fixtures';

afterAll(removeScratchDirs);

describe('backup and restore on embedded PGlite', () => {
  let root: string;
  let source: string;
  let backups: string;
  let site: Child | undefined;

  beforeAll(async () => {
    root = scratchDir('pglite');
    source = path.join(root, 'source');
    backups = path.join(root, 'backups');
    // A migrated folder from the run's template, filled with the kinds of rows.
    // (`npm run test:pg` makes no PGlite template: then a fresh folder, migrated here.)
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(source, 'db'),
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
    try {
      await migrateDatabase(database);
      await populate(database.db);
    } finally {
      await database.close();
    }
    writeUploads(source);
  });

  afterAll(async () => {
    await killChild(site);
  });

  it('backs up while the site holds the folder, and restores into a fresh folder the site starts on', async () => {
    const sums = uploadSums(source);
    site = await startSite({ DATA_DIR: source });

    const backup = await runCli('backup', [backups], { DATA_DIR: source });
    const archive = archiveIn(backup, backups);
    // The folder is locked by the site: the site wrote the archive, as asked.
    expect(backup.stderr).toMatch(/open in process \d+: asking it/);
    expect(site.output()).toContain('backup written for npm run backup');
    expect(site.output()).toContain(archive);
    await stopSite(site);
    site = undefined;

    const target = path.join(root, 'restored');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.stderr).not.toMatch(/failed/);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^restored .* into .*restored\/db: \d+ tables, 3 uploads\n$/);

    expectSameApp(await pgliteDigests(path.join(target, 'db')), await pgliteDigests(path.join(source, 'db')));
    expect(uploadSums(target)).toEqual(sums);

    // The site starts on it (opens, migrates, runs its workers) — here with BACKUP_DIR set, so its
    // nightly job (registered only then) catches up on the missed night at once and applies the
    // retention to the nightly archives, never to a manual one.
    const nightly = path.join(root, 'nightly');
    mkdirSync(nightly);
    const old = ['2020-01-01T030000Z', '2020-01-02T030000Z', '2020-01-03T030000Z'];
    for (const stamp of old) writeFileSync(path.join(nightly, `lamplight-nightly-${stamp}.tar.gz`), '');
    writeFileSync(path.join(nightly, 'lamplight-backup-2019-12-31T120000Z.tar.gz'), '');
    const restoredSite = await startSite({ DATA_DIR: target, BACKUP_DIR: nightly, BACKUP_RETENTION: '2' });
    // The new archive in, the two oldest nightly ones out.
    const written = await waitFor(
      'the nightly archive and the retention',
      () => {
        const names = readdirSync(nightly);
        const fresh = names.find((name) => name.startsWith('lamplight-nightly-2') && !name.includes('2020'));
        return names.length === 3 && fresh;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    await stopSite(restoredSite);
    expect(restoredSite.output()).toContain('nightly backup written');
    expect(readdirSync(nightly).sort()).toEqual(
      [
        written,
        'lamplight-backup-2019-12-31T120000Z.tar.gz',
        'lamplight-nightly-2020-01-03T030000Z.tar.gz',
      ].sort(),
    );

    // A second restore into the now filled folder is refused, in one line.
    const again = await runCli('restore', [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n').at(-1)).toMatch(
      /^\[restore\] failed: The embedded database folder .*restored\/db is not empty/,
    );
    expect(again.stdout).toBe('');
  }, 600_000);

  it('backs up a folder no process holds by opening it itself', async () => {
    const backup = await runCli('backup', [backups], { DATA_DIR: source });
    const archive = archiveIn(backup, backups);
    expect(backup.stderr).toMatch(/no process holds/);

    const target = path.join(root, 'restored-offline');
    const restore = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restore.code).toBe(0);
    expectSameApp(await pgliteDigests(path.join(target, 'db')), await pgliteDigests(path.join(source, 'db')));
    expect(uploadSums(target)).toEqual(uploadSums(source));
  }, 300_000);

  it('refuses an archive from a newer Lamplight, one whose rows differ from its manifest, and a PostgreSQL target for a PGlite archive', async () => {
    const archive = archiveIn(await runCli('backup', [backups], { DATA_DIR: source }), backups);
    const future = await archiveFromTheFuture(archive, root);
    const target = path.join(root, 'untouched');
    const refused = await runCli('restore', [future], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^\[restore\] failed: .* comes from a newer Lamplight: its database has migration 9999_from_the_future, and this code knows migrations up to \d{4}_\w+\./,
    );
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    const wrongKind = await runCli('restore', [archive], {
      DATA_DIR: target,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toMatch(
      /holds an embedded \(PGlite\) database: restore it with DATABASE_URL unset/,
    );

    // The rows' checksums are checked too: an archive whose posts differ from what its manifest
    // recorded (here, a forged digest) is refused and the target folder left empty.
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { encoding: 'utf8' }),
    ) as { rowDigests: Record<string, string> };
    expect(manifest.rowDigests['public.posts']).toMatch(/^[0-9a-f]{32}$/);
    const forged = await archiveWithManifest(archive, root, 'forged', (edited) => {
      edited.rowDigests['public.posts'] = '0'.repeat(32);
    });
    const mismatch = await runCli('restore', [forged], { DATA_DIR: target });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr.trim().split('\n').at(-1)).toMatch(
      /the restored database does not match the archive: the rows of public\.posts differ from those backed up$/,
    );
    // Left as it was found, for another try: folders, and no file in them.
    const left = existsSync(target) ? readdirSync(target, { recursive: true, withFileTypes: true }) : [];
    expect(left.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);

    const missing = await runCli('restore', [path.join(root, 'nothing.tar.gz')], { DATA_DIR: target });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^\[restore\] failed: No archive at /);
  }, 300_000);
});
