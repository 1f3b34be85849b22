import { afterAll } from 'vitest';

// The `together` project's setup file (vitest.config.ts): its files share their worker's modules
// (isolate: false), so what one file left in the process would be the next one's starting point.
// After each file: the runtime stopped (its database closed) and the mail transport forgotten — a
// file that pointed it at its own SMTP sink has closed that sink. Imported when the file ends, not
// here: importing the app reads the environment, which is the file's to set first.
afterAll(async () => {
  const [{ stopRuntime }, { resetMailTransport }] = await Promise.all([
    import('../../src/server/runtime'),
    import('../../src/server/lib/mail'),
  ]);
  await stopRuntime();
  await resetMailTransport();
});
