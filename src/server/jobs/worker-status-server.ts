import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Runtime } from '../runtime-registry';

// A worker started alone (`npm run worker`) has no web server, yet its jobs are what the job
// metrics count (outcomes, durations) and what an orchestrator restarts when stuck. With
// WORKER_STATUS_PORT set it answers GET /metrics (the same scrapers as the web process's:
// METRICS_ALLOW, METRICS_TOKEN), /healthz and /readyz on that port, and nothing else (404). Off by
// default: a port is a choice the deployment makes (docs/deploy.md, decision 036).

export type WorkerStatusServer = { port: number; close(): Promise<void> };

type Answer = { status: number; headers: Record<string, string>; body: string };

export function startWorkerStatusServer(
  runtime: Pick<Runtime, 'health' | 'metrics' | 'log'>,
  options: { port: number; host: string; draining: () => boolean },
): Promise<WorkerStatusServer> {
  const answerWith = (res: http.ServerResponse, answer: Promise<Answer>) =>
    answer.then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      (error: unknown) => {
        runtime.log('worker').error({ err: error }, 'could not answer a status request');
        res.destroy();
      },
    );

  const server = http.createServer((req, res) => {
    req.resume(); // a body, if any, is read and dropped
    const probe = runtime.health.match(req);
    if (probe)
      return void answerWith(res, runtime.health.answer(probe, req, { draining: options.draining() }));
    if (runtime.metrics.accepts(req)) return void answerWith(res, runtime.metrics.answer(req));
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not found\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
