import { getDatabase } from './db';
import { env } from './lib/env';
import { allJobs, allSweeps } from './jobs/all-jobs';
import { startJobs } from './jobs/runner';
import { seedDemo } from './seed/demo';

const holder = globalThis as unknown as { __lamplightBooted?: Promise<void> };

/**
 * Start-up of a web process (DESIGN §11): the database is opened and migrated, an empty one gets
 * the demo content (its admin sign-in printed once), and the job worker starts unless
 * RUN_WORKER=false on PostgreSQL (then `npm run worker` runs it).
 */
export function bootServer(): Promise<void> {
  holder.__lamplightBooted ??= (async () => {
    const database = await getDatabase();
    console.log(
      `[lamplight] database: ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}/db` : 'PostgreSQL'}`,
    );
    if (env.SEED_DEMO === 'true') {
      const seeded = await seedDemo(database.db, { password: env.SEED_ADMIN_PASSWORD });
      if (seeded) {
        console.log('[lamplight] demo content created. Site admin sign-in:');
        console.log(`[lamplight]   e-mail:   ${seeded.adminEmail}`);
        console.log(`[lamplight]   password: ${seeded.adminPassword}`);
      }
    }
    // Every web process can enqueue; it works the queue too unless RUN_WORKER=false. The embedded
    // database belongs to this process alone, so with PGlite the worker always runs here.
    const work = env.RUN_WORKER === 'true' || database.kind === 'pglite';
    await startJobs(database, { jobs: allJobs, sweeps: allSweeps, work });
    console.log(
      `[lamplight] jobs: ${work ? 'worker running in this process' : 'enqueue only (run `npm run worker`)'}`,
    );
  })();
  return holder.__lamplightBooted;
}
