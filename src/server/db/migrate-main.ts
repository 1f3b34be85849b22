// `npm run db:migrate`: apply the committed migrations to the configured database, then exit.
import { openConfiguredDatabase } from './index';

try {
  const database = await openConfiguredDatabase(); // opening migrates
  console.log(`[lamplight] migrations applied (${database.kind})`);
  await database.close();
} catch (error) {
  console.error(`[lamplight] ${(error as Error).message}`);
  process.exitCode = 1;
}
