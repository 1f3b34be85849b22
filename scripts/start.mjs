// `npm start`: build once (and again whenever the sources change), then serve on $PORT (3000).
// `npm run build` (= this with --build-only) always builds and records the stamp.
// The server migrates and seeds an empty database itself (src/server/boot.ts).
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');
const stampFile = path.join(distDir, 'lamplight-source-stamp');

function sourceStamp() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}:${statSync(full).mtimeMs}:${statSync(full).size}\n`);
    }
  };
  walk(path.join(root, 'src'));
  for (const file of ['package-lock.json', 'next.config.ts']) {
    if (existsSync(path.join(root, file))) hash.update(readFileSync(path.join(root, file)));
  }
  // The pages Next prerenders at build time (/daily-newsletter, /signin…) carry the public address in
  // their head (canonical and feed links, src/app/layout.tsx's metadataBase): a server started with
  // another address rebuilds rather than serve links to the old one (src/server/lib/env.ts siteUrl()).
  const { PUBLIC_URL, NEXTAUTH_URL, PORT = '3000' } = process.env;
  hash.update(`public address: ${PUBLIC_URL ?? NEXTAUTH_URL ?? `http://localhost:${PORT}`}\n`);
  return hash.digest('hex');
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const stamp = sourceStamp();
const buildOnly = process.argv.includes('--build-only');
const built =
  !buildOnly &&
  existsSync(path.join(distDir, 'BUILD_ID')) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === stamp;
if (!built) {
  console.log('[lamplight] building the site (first start, or the sources changed)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}
if (buildOnly) process.exit(0);

const port = process.env.PORT ?? '3000';
// `next start` plus the story-page response cache (docs/decisions/006-story-page.md).
// V8 left alone sizes its heap for this machine's RAM and collects lazily, so a busy server's RSS
// climbs far past what it uses, so the old generation is capped. 256 MB was enough before the listing
// and search caches; with them the collector ran all the time near the cap (search p95 42 ms, 55
// stories published a second), where 512 MB measured 28 ms and 76 a second at no higher peak RSS. A
// smaller young generation did cost (a third of the story page's req/s), so that one is left alone
// (docs/decisions/009-api-fast-path-and-memory.md). A --max-old-space-size in NODE_OPTIONS wins.
const heapFlags = (process.env.NODE_OPTIONS ?? '').includes('--max-old-space-size')
  ? []
  : ['--max-old-space-size=512'];
// Native memory (issue 21 item 4, measured in decision 009): glibc's malloc keeps what V8 and
// PGlite's start-up freed, ~40 MiB idle and ~50 at peak; these thresholds make it hand big blocks
// back. glibc reads them when the process starts, hence here. Values in the environment win.
const mallocTuning = {
  MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '65536',
  MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
};
// On the embedded PGlite, V8's optimising compiler compiling its 9 MB WebAssembly costs ~100 MiB of
// native memory at its peak; the baseline compiler (Liftoff) alone does not, but its code is the
// unoptimised tier where PGlite spends most of a query, so it is a choice for a small machine short
// of memory, not the default (decision 009): WASM_LIFTOFF_ONLY=true. Node refuses it in NODE_OPTIONS.
const liftoffOnly = !env.DATABASE_URL && env.WASM_LIFTOFF_ONLY === 'true' ? ['--liftoff-only'] : [];
const server = spawn(
  process.execPath,
  [...heapFlags, ...liftoffOnly, path.join(root, 'scripts/server.mjs')],
  {
    cwd: root,
    env: { ...env, ...mallocTuning, PORT: port },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
