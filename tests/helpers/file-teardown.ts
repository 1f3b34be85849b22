import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../../src/server/lib/env';

// The `together` project's setup file (vitest.config.ts): its files share their worker's modules
// (isolate: false), so what one file left in the process would be the next one's starting point.
// After each file: the configuration put back as it was before the file (tests switch settings such
// as OUTBOUND_ALLOW_PRIVATE on the validated `env`), the runtime stopped (its database closed), and
// the mail transport forgotten — a file that pointed it at its own SMTP sink has closed that sink.
// The app is imported in the hooks, not at the top: a file's own imports come first.
let settings: Env | undefined;

beforeAll(async () => {
  const { env } = await import('../../src/server/lib/env');
  settings = { ...env };
});

afterAll(async () => {
  const [{ env }, { stopRuntime }, { resetMailTransport }] = await Promise.all([
    import('../../src/server/lib/env'),
    import('../../src/server/runtime'),
    import('../../src/server/lib/mail'),
  ]);
  await stopRuntime();
  await resetMailTransport();
  if (settings) Object.assign(env, settings);
});
