// Several processes on one PostgreSQL database behind nginx (issue 22; docs/deploy.md): the web
// processes (RUN_WORKER=false), the job workers (`npm run worker`) and nginx in front, each a child
// of this process so that it can be signalled alone — `npm run cluster` keeps them running, the
// cluster check (scripts/cluster/check.ts) kills and restarts them under load.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVER_SCRIPT, serverEnv, serverNodeFlags } from '../server-process.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX_TEMPLATE = path.join(root, 'deploy/nginx/lamplight.conf');

/** nginx's config for this cluster: the template with its fields filled. */
export function nginxConfig({ listen, upstreamPorts, prefix }) {
  const servers = upstreamPorts
    .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n    ');
  return readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{UPSTREAM_SERVERS}}', servers);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something already listens on this loopback port (an earlier cluster left running). */
function portTaken(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls a URL until it answers 200, or fails after `timeoutMs`. */
export async function waitUntilOk(url, { timeoutMs = 120_000, exited } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited?.()) throw new Error(`the process behind ${url} exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * One child process the cluster runs: started (and started again) with the same command, its output
 * appended to `<dir>/<name>.log`.
 */
function supervised({ name, command, args, env, logDir, readyUrl, ...more }) {
  const logFile = path.join(logDir, `${name}.log`);
  const proc = {
    ...more,
    name,
    child: undefined,
    exitCode: undefined,
    /** Started and, where it has a readiness address, answering it; false again once stopping. */
    ready: false,
    /** Starts the process; resolves once readyUrl (if any) answers 200. */
    async start() {
      const log = createWriteStream(logFile, { flags: 'a' });
      log.write(`\n--- ${new Date().toISOString()} starting ${name}\n`);
      const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      proc.child = child;
      proc.exitCode = undefined;
      const exited = new Promise((resolve) =>
        child.on('exit', (code, signal) => {
          proc.exitCode = code ?? signal;
          proc.ready = false;
          log.end(`--- ${new Date().toISOString()} ${name} exited (${code ?? signal})\n`);
          resolve(proc.exitCode);
        }),
      );
      proc.exited = exited;
      if (readyUrl) await waitUntilOk(readyUrl, { exited: () => proc.exitCode !== undefined });
      proc.ready = true;
    },
    /** Sends `signal` and waits for the process to exit. */
    async stop(signal = 'SIGTERM') {
      proc.ready = false;
      if (!proc.child || proc.exitCode !== undefined) return proc.exitCode;
      proc.child.kill(signal);
      return proc.exited;
    },
    logFile,
  };
  return proc;
}

/**
 * Starts nginx on `port` in front of `webs` web processes (ports port+1…) and `workers` job workers,
 * all on `databaseUrl`. The site is built first if its sources changed (unless `build` is false). The first web process starts
 * alone (it migrates and, on an empty database, seeds the demo content), the others after it.
 */
export async function startCluster({
  databaseUrl,
  port = 8080,
  webs = 2,
  workers = 2,
  dir = path.join(root, 'data/cluster'),
  env: extraEnv = {},
  build = true,
} = {}) {
  if (!databaseUrl) throw new Error('the cluster runs on a PostgreSQL server: set DATABASE_URL');
  const origin = `http://localhost:${port}`;
  mkdirSync(dir, { recursive: true });
  const env = {
    ...process.env,
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? origin,
    TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
    ...extraEnv,
    DATABASE_URL: databaseUrl,
  };

  const ports = [port, ...Array.from({ length: webs }, (_, i) => port + 1 + i)];
  for (const taken of ports) {
    if (await portTaken(taken)) throw new Error(`port ${taken} is in use: is another cluster running?`);
  }

  // `build: false`: serve the build there is (CI has just made it), whatever the sources say.
  if (build) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--prepare-only'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }

  const webPorts = Array.from({ length: webs }, (_, i) => port + 1 + i);
  const webProcesses = webPorts.map((webPort, i) =>
    supervised({
      name: `web-${i + 1}`,
      command: process.execPath,
      args: [...serverNodeFlags(env), SERVER_SCRIPT],
      env: serverEnv({ ...env, RUN_WORKER: 'false' }, webPort),
      logDir: dir,
      readyUrl: `http://127.0.0.1:${webPort}/readyz`,
      port: webPort,
      origin: `http://127.0.0.1:${webPort}`,
    }),
  );
  const workerProcesses = Array.from({ length: workers }, (_, i) =>
    supervised({
      name: `worker-${i + 1}`,
      command: process.execPath,
      args: ['--import', 'tsx', path.join(root, 'src/server/jobs/worker-main.ts')],
      env: { ...env, SEED_DEMO: 'false' },
      logDir: dir,
    }),
  );

  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(path.join(nginxDir, 'logs'), { recursive: true });
  const configFile = path.join(nginxDir, 'nginx.conf');
  writeFileSync(
    configFile,
    nginxConfig({ listen: `127.0.0.1:${port}`, upstreamPorts: webPorts, prefix: nginxDir }),
  );
  const nginx = supervised({
    name: 'nginx',
    command: process.env.NGINX ?? 'nginx',
    args: ['-p', nginxDir, '-c', configFile],
    env,
    logDir: dir,
    readyUrl: `${origin}/readyz`,
  });

  const all = [...webProcesses, ...workerProcesses, nginx];
  // Should this process end without stopping them (a crash), the children end with it.
  process.on('exit', () => {
    for (const proc of all) if (proc.exitCode === undefined) proc.child?.kill('SIGTERM');
  });
  const stop = async () => {
    await Promise.all(all.map((proc) => proc.stop('SIGTERM')));
  };
  try {
    await webProcesses[0].start();
    await Promise.all([...webProcesses.slice(1), ...workerProcesses].map((proc) => proc.start()));
    await nginx.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, webs: webProcesses, workers: workerProcesses, nginx, dir, stop };
}
