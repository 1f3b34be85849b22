// npm run lighthouse — Lighthouse (performance only) on the home page, anonymous and signed in,
// against issue 21's targets: performance ≥ 95 and CLS ≤ 0.05 for both, else exit 1.
// Desktop preset by default; `npm run lighthouse -- --mobile` uses Lighthouse's default (mobile).
//
// Like bench/run.ts: the production server through scripts/start.mjs (which builds when the sources
// changed) in its own build folder (NEXT_DIST_DIR, default .next-lighthouse, so `npm start`'s .next
// is left alone), on its own port (LIGHTHOUSE_PORT, 3298) and on a fresh PGlite folder, which the
// server seeds with the demo content. Full reports go to data/lighthouse/<visitor>.json.
// Chromium: CHROMIUM_PATH (as for the browser tests), default Debian's /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { encode } from 'next-auth/jwt';
import puppeteer from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3298);
const ORIGIN = `http://localhost:${PORT}`;
const OUT_DIR = path.join(ROOT, 'data', 'lighthouse');
const DATA_DIR = path.join(OUT_DIR, 'db');
// Fixed so the script can mint a session cookie the server accepts.
const SECRET = 'lighthouse-secret-lighthouse-secret-0123456789';
const MOBILE = process.argv.includes('--mobile');
const TARGETS = { performance: 95, cls: 0.05 };
// Debian's Chromium with the flags this machine needs, as the browser tests start it.
const CHROMIUM = JSON.parse(readFileSync(path.join(ROOT, 'tests/e2e/chromium.json'), 'utf8'));
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM.args];

function startServer() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  console.log('[lighthouse] starting the production server (builds first if the sources changed)…');
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // Its own process group, so stopping it also stops the next server start.mjs spawns.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-lighthouse',
      PORT: String(PORT),
      DATA_DIR,
      NEXTAUTH_URL: ORIGIN,
      NEXTAUTH_SECRET: SECRET,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  // Give PGlite a moment to close its files; then make sure nothing is left behind.
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

// A first build takes minutes on this machine, hence the long wait.
async function waitUntilReady(server, timeoutMs = 900_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/api/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

/** A real next-auth session cookie for one of the demo writers, checked against the server. */
async function signedInCookie() {
  const { authors } = await (await fetch(`${ORIGIN}/api/users/all_authors`)).json();
  const writer = authors?.[0];
  if (!writer) throw new Error('no demo writer found in /api/users/all_authors');
  const token = { uid: writer.id, sub: writer.id, name: writer.name, email: writer.email ?? null };
  const session = { name: 'next-auth.session-token', value: await encode({ token, secret: SECRET }) };
  const cookie = `${session.name}=${session.value}`;
  const answer = await (await fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie } })).json();
  if (answer?.user?.id !== writer.id) throw new Error('the minted session cookie was not accepted');
  return { session, cookie, name: writer.name };
}

/**
 * Lighthouse on the home page in a fresh Chromium, as `visitor`. A signed-in reader's session is in
 * the browser's cookie jar, as after a real sign-in: Lighthouse's extraHeaders would send it with the
 * page but not with the page's own fetches (/api/auth/session answered as for a guest, and the page
 * drew a guest's layout), and its storage reset would clear the jar, so that reset is off — the
 * profile is new for every run anyway.
 */
async function measure(visitor, writer) {
  // The home page is served from a cache after its first render: measure that, not the first render.
  await (await fetch(`${ORIGIN}/`, { headers: writer ? { cookie: writer.cookie } : {} })).text();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? CHROMIUM.executablePath,
    chromeFlags: CHROME_FLAGS,
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (writer) {
      await browser.setCookie({
        ...writer.session,
        domain: 'localhost',
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
    }
    const result = await lighthouse(
      `${ORIGIN}/`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      MOBILE ? undefined : desktopConfig,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${visitor}`);
    writeFileSync(path.join(OUT_DIR, `${visitor}.json`), result.report);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${visitor}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      visitor,
      performance: Math.round(lhr.categories.performance.score * 100),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      lhr,
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

/** What cost the score: the performance category's non-metric audits that did not pass. */
function printCosts({ visitor, lhr }) {
  console.log(`\n${visitor}: audits that did not pass (details in data/lighthouse/${visitor}.json)`);
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.group === 'metrics' || audit.score === null || audit.score >= 0.9) continue;
    console.log(`  ${audit.id}: ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''}`);
  }
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const server = startServer();
  const stop = () => stopServer(server).then(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await waitUntilReady(server);
    const writer = await signedInCookie();
    console.log(`[lighthouse] server ready; signed in as ${writer.name}`);
    const rows = [await measure('anonymous'), await measure('signed-in', writer)];
    const misses = rows.filter((row) => row.performance < TARGETS.performance || row.cls > TARGETS.cls);
    console.log(`\nLighthouse ${MOBILE ? 'mobile' : 'desktop'}, ${ORIGIN}/`);
    console.table(
      rows.map((row) => ({
        visitor: row.visitor,
        performance: row.performance,
        CLS: Number(row.cls.toFixed(3)),
        'LCP ms': Math.round(row.lcp),
        'TBT ms': Math.round(row.tbt),
      })),
    );
    console.log(`targets: performance ≥ ${TARGETS.performance}, CLS ≤ ${TARGETS.cls}`);
    misses.forEach(printCosts);
    if (misses.length > 0) process.exitCode = 1;
  } finally {
    await stopServer(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
