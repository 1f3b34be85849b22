// npm run seed                  → demo content (DESIGN §11) when the database has no users yet
// npm run seed -- --stories N   → N generated stories (~1,200 words; --words W to change)
import { startRuntime, stopRuntime } from '../runtime';
import { seedDemo } from './demo';
import { seedStories } from './generate';

function numberArg(name: string): number | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const raw = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} needs a whole number, got "${raw ?? ''}"`);
  return value;
}

const stories = numberArg('stories');
const words = numberArg('words');
const { database } = await startRuntime({ seed: false });
try {
  if (stories !== undefined) {
    const started = Date.now();
    const result = await seedStories(database.db, { stories, words });
    const created = result.writersCreated ? ` (${result.writersCreated} new writers created)` : '';
    console.log(
      `Seeded ${result.stories} stories over ${result.writers} writers${created} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    const seeded = await seedDemo(database.db);
    if (seeded) {
      console.log('Demo content created: 7 accounts, 2 publications, 50 stories, topics and curated sets.');
      console.log('Site admin sign-in:');
      console.log(`  e-mail:   ${seeded.adminEmail}`);
      console.log(`  password: ${seeded.adminPassword}`);
      console.log(
        'The other demo accounts (editor@, grace@, daniel@, hannah@, yilin@, joshua@lamplight.local)',
      );
      console.log('use the same password.');
    } else {
      console.log('The database already has users: demo content not added (use --stories N to add stories).');
    }
  }
} finally {
  await stopRuntime();
}
