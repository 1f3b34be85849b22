// npm run backup [-- DIR]   → one archive of the database and the uploads in DIR (default BACKUP_DIR);
//                             prints the archive's path. Works while the site runs, on PGlite too
//                             (the site writes it then) — docs/decisions/035-backup-and-restore.md.

const USAGE = 'Usage: npm run backup [-- DIR]   (DIR defaults to BACKUP_DIR)';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

async function main(args: string[]): Promise<number> {
  if (args.length > 1 || args.some((arg) => arg === '--help' || arg === '-h')) {
    console.error(USAGE);
    return 2;
  }
  try {
    // Imported here, so a bad environment is reported as one line like any other failure.
    const { backupConfiguredSite } = await import('./modules/backups/backups-backup.service');
    const backup = await backupConfiguredSite(args[0], (message) => console.error(`[backup] ${message}`));
    console.log(backup.path);
    return 0;
  } catch (error) {
    console.error(`[backup] failed: ${oneLine((error as Error).message ?? String(error))}`);
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));

export {}; // a module: top-level await above
