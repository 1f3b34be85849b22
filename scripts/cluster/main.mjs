// `npm run cluster`: nginx on CLUSTER_PORT (8080) in front of CLUSTER_WEBS (2) web processes and
// CLUSTER_WORKERS (2) job workers, on the PostgreSQL database of DATABASE_URL (docs/deploy.md).
// Each process's output goes to data/cluster/<name>.log. Ctrl+C or SIGTERM stops them all, each
// gracefully. A process that exits on its own is reported, not restarted: that is the job of the
// service manager of a real deployment (docs/deploy.md shows systemd units).
import { startCluster } from './cluster.mjs';

const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`[cluster] ${name} must be a whole number of at least 1`);
    process.exit(1);
  }
  return value;
};

if (!process.env.DATABASE_URL) {
  console.error(
    '[cluster] set DATABASE_URL to a PostgreSQL database: the processes share it (docs/deploy.md)',
  );
  process.exit(1);
}

const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL,
  port: number('CLUSTER_PORT', 8080),
  webs: number('CLUSTER_WEBS', 2),
  workers: number('CLUSTER_WORKERS', 2),
}).catch((error) => {
  console.error(`[cluster] could not start: ${error.message} (see data/cluster/*.log)`);
  process.exit(1);
});

console.log(`[cluster] ready on ${cluster.origin}`);
for (const web of cluster.webs) console.log(`[cluster]   ${web.name} on ${web.origin} (log ${web.logFile})`);
for (const worker of cluster.workers) console.log(`[cluster]   ${worker.name} (log ${worker.logFile})`);
for (const proc of [...cluster.webs, ...cluster.workers, cluster.nginx]) {
  proc.exited.then((code) => {
    if (!stopping) console.error(`[cluster] ${proc.name} exited (${code}); see ${proc.logFile}`);
  });
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping…');
    cluster.stop().then(() => process.exit(0));
  });
}
