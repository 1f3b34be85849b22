// The process runtime's lifecycle (src/server/runtime.ts, docs/decisions/017-runtime-and-csp.md): one per
// process, found through getRuntime() and getDatabase(); stopRuntime() stops its jobs and closes its
// database.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { enqueueFollowUp } from '../../src/server/jobs/runner';
import { getDatabase, getRuntime, startRuntime, stopRuntime } from '../../src/server/runtime';
import { collectingLogger, waitFor } from './fixtures/helpers';
import { createProbeTables, insertProbe, probeJob, readProbe } from './fixtures/probe';

describe('the runtime', () => {
  afterEach(() => stopRuntime());

  it('is started once per process and reachable through getRuntime()', async () => {
    await expect(getRuntime()).rejects.toThrow(/not started/);
    await expect(getDatabase()).rejects.toThrow(/not started/);
    const database = await openDatabase({ kind: 'pglite' });
    const runtime = await startRuntime({ database });
    expect(await getRuntime()).toBe(runtime);
    expect(await getDatabase()).toBe(database);
    expect(runtime.jobs).toBeNull();
    // A second start answers the running one (its first options hold).
    expect(await startRuntime({ jobs: 'web' })).toBe(runtime);
    expect(runtime.api.accepts({ url: '/api/nope', headers: {} })).toBe(true);
    expect((await runtime.api.app.request('/api/nope')).status).toBe(404);
  });

  it('runs its jobs; stopping stops them and closes the database', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await createProbeTables(database.db);
    const job = probeJob();
    const runtime = await startRuntime({
      database,
      jobs: { jobs: [job], work: true, pollingIntervalSeconds: 0.5, logger: collectingLogger() },
    });
    const id = randomUUID();
    await insertProbe(database.db, id);
    // What request code does: enqueue through the running runtime.
    await enqueueFollowUp(job, { id }, {}, 'nothing');
    await waitFor('the job to run', async () => (await readProbe(database.db, id))?.status === 'done');

    await stopRuntime();
    await expect(getRuntime()).rejects.toThrow(/not started/);
    await expect(runtime.jobs!.enqueue(job, { id: randomUUID() })).rejects.toThrow();
    await expect(database.db.execute('select 1')).rejects.toThrow();
    await stopRuntime(); // nothing left to stop: fine
  });

  it('follow-up jobs are skipped when the process runs none', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    await startRuntime({ database });
    await expect(enqueueFollowUp(probeJob(), { id: 'x' }, {}, 'nothing')).resolves.toBeUndefined();
  });
});
