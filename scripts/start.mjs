// `npm start`: build once (and again whenever the sources change), then serve on $PORT (3000).
// `npm run build` (= this with --build-only) always builds and records the stamp.
// The server migrates and seeds an empty database itself (src/server/boot.ts).
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compressStaticFiles } from './compress-static.mjs';
import { SERVER_SCRIPT, serverEnv, serverNodeFlags } from './server-process.mjs';

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
// `--prepare-only` (npm run cluster): build only if the sources changed since the last build, then stop.
const prepareOnly = process.argv.includes('--prepare-only');
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
// The server sends the build's scripts and styles as compressed here, once (scripts/server.mjs).
const compressed = compressStaticFiles(distDir);
if (compressed) console.log(`[lamplight] compressed ${compressed} static files (Brotli and gzip)`);
if (buildOnly || prepareOnly) process.exit(0);

const port = process.env.PORT ?? '3000';
// `next start` plus the page caches and the API's fast path (scripts/server.mjs), with the flags
// and environment scripts/server-process.mjs explains.
const server = spawn(process.execPath, [...serverNodeFlags(env), SERVER_SCRIPT], {
  cwd: root,
  env: serverEnv(env, port),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
