// `npm run worker` with WORKER_STATUS_PORT answers a scraper and an orchestrator on that port: its
// job metrics (which only the process running the jobs can count) in Prometheus's text format, the
// health probes, and nothing else.
import { afterAll, describe, it } from 'vitest';
import { parseExposition } from '../helpers/prometheus-text';
import { killChild, runTs } from './fixtures/helpers';
import { pgliteTemplate } from './fixtures/pglite-template';

const STEP_MS = 45_000;
const template = pgliteTemplate('lamplight-status-template-');
afterAll(() => template.remove());

describe('the worker status port', () => {
  it('answers /metrics with the job metrics, /healthz and /readyz, and 404 elsewhere', async ({
    expect,
    onTestFinished,
  }) => {
    const { parent } = await template.copy(onTestFinished, 'lamplight-status-');
    const worker = runTs('src/server/jobs/worker-main.ts', {
      DATA_DIR: parent,
      DATABASE_URL: undefined,
      NODE_ENV: 'test',
      WORKER_STATUS_PORT: '0',
    });
    onTestFinished(() => killChild(worker));
    const [, portText] = await worker.waitForLine(
      /"port":(\d+),"msg":"metrics and health probes on the status port"/,
      STEP_MS,
    );
    const port = Number(portText);
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    const families = parseExposition(await metrics.text()).map((family) => family.name);
    expect(families).toEqual(
      expect.arrayContaining([
        'lamplight_job_queue_size',
        'lamplight_jobs_total',
        'nodejs_eventloop_lag_seconds',
      ]),
    );
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: STEP_MS }).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(404);
    // A forwarded scrape is let in only with the token, as on the web process.
    const forwarded = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(404);
  }, 120_000);
});
