// npm run restore -- ARCHIVE   → brings an archive of `npm run backup` back into the empty DATA_DIR
//                                (embedded PGlite) or the empty database of DATABASE_URL, uploads
//                                included; refuses a target that is not empty, and an archive from
//                                a newer Lamplight — docs/decisions/035-backup-and-restore.md.

const USAGE = 'Usage: npm run restore -- ARCHIVE';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return 2;
  }
  try {
    // Imported here, so a bad environment is reported as one line like any other failure.
    const { restoreConfiguredSite } = await import('./modules/backups/backups-restore.service');
    const restored = await restoreConfiguredSite(args[0], (message) => console.error(`[restore] ${message}`));
    for (const notice of restored.notices) console.error(`[restore] notice: ${oneLine(notice)}`);
    const { manifest } = restored;
    const uploads =
      manifest.uploads.storage === 'local'
        ? `${manifest.uploads.files} upload${manifest.uploads.files === 1 ? '' : 's'}`
        : `uploads stay in the bucket ${manifest.uploads.bucket}`;
    const pending = restored.pendingMigrations.length
      ? `; the site applies ${restored.pendingMigrations.length} newer migration(s) when it starts`
      : '';
    console.log(
      `restored ${restored.archive} (made ${manifest.createdAt}) into ${restored.target}: ` +
        `${Object.keys(manifest.rowCounts).length} tables, ${uploads}${pending}`,
    );
    return 0;
  } catch (error) {
    console.error(`[restore] failed: ${oneLine((error as Error).message ?? String(error))}`);
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));

export {}; // a module: top-level await above
