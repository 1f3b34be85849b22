import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { DEMO_STAFF_PASSWORD, E2E_SUPPORT_EMAIL } from './tests/e2e/demo-accounts';
import { e2eSmtpPort } from './tests/e2e/smtp-port';

// Debian's Chromium and the flags this machine needs (npm run lighthouse reads the same file).
const chromium = JSON.parse(readFileSync('tests/e2e/chromium.json', 'utf8')) as {
  executablePath: string;
  headlessShellPath: string;
  args: string[];
};
// The tests run headless: in Chromium's headless shell when it is installed (Debian's
// chromium-headless-shell, which .ci/run installs), as Playwright's own downloads do — the same
// engine without the full browser's windowing and compositing, a third less CPU a test here
// (docs/decisions/056-ci-time.md); otherwise in the full browser. CHROMIUM_PATH chooses either.
const browserPath =
  process.env.CHROMIUM_PATH ??
  (existsSync(chromium.headlessShellPath) ? chromium.headlessShellPath : chromium.executablePath);

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// One data folder per port, so two runs never share (and lock) one embedded database.
const dataDir = `./data/e2e-${PORT}`;
// And one build folder per port, so two people's runs never share (or rebuild under) one build. CI
// runs alone in a fresh clone and has just built `.next` (`npm run build`): it uses that one.
const distDir = process.env.NEXT_DIST_DIR ?? (process.env.CI ? '.next' : `.next-e2e-${PORT}`);

// The journeys that wait on the clock — a story, a submission, a newsletter or a reading plan's day
// scheduled for the next minute, then the scheduler's sweep — are tagged '@clock' and form their own
// project, listed first so they start first, two at a time: most of their minutes are spent waiting,
// and while they wait the `desktop` project's two workers keep the machine busy beside them (they
// used to take one of those two workers for up to four minutes each: docs/decisions/056-ci-time.md).
const CLOCK = /@clock/;

// Spec files that change what every visitor sees (the site's staff, its verse of the day, its
// moderation queue and webhooks) or that compare a page's bytes over time: they run after the
// others, one at a time, with nothing beside them (docs/decisions/056-ci-time.md). Every other file
// runs in one of `desktop`'s two workers, beside another file and the clock's journeys: each test is
// its own visitor and its own people.
// One file alone: `npx playwright test <file> --no-deps` (else the other projects run first).
const ALONE = [
  'home.spec.ts',
  'one-html.spec.ts',
  'reports.spec.ts',
  'staff.spec.ts',
  'story-permissions.spec.ts',
  'verse-of-the-day.spec.ts',
  'views.spec.ts',
  'webhooks.spec.ts',
];

/** Every project's browser: Chromium at the desktop width (tests resize for 375 px themselves). */
const DESKTOP_CHROME = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

// Browser tests drive Debian's Chromium (no browser downloads here) against the built app on a
// fresh embedded database seeded with the demo content.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // The run's one SMTP sink, which every worker reads (tests/e2e/mail-sink.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Two for `desktop-clock`, two for `desktop` (each project's own limit below).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath,
      args: chromium.args,
    },
  },
  projects: [
    {
      name: 'desktop-clock',
      testIgnore: ALONE,
      grep: CLOCK,
      fullyParallel: true,
      workers: 2,
      use: DESKTOP_CHROME,
    },
    {
      name: 'desktop',
      testIgnore: ALONE,
      grepInvert: CLOCK,
      workers: 2,
      use: DESKTOP_CHROME,
    },
    {
      name: 'desktop-alone',
      testMatch: ALONE,
      workers: 1,
      dependencies: ['desktop-clock', 'desktop'],
      use: DESKTOP_CHROME,
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `${baseURL}/api/auth/providers`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NEXT_DIST_DIR: distDir,
      // The browser tests stand in for one reverse proxy: each test names its own client address in
      // X-Forwarded-For, so the per-address rate limits count each test apart (tests/e2e/fixtures.ts).
      TRUST_PROXY: '1',
      NEXTAUTH_URL: baseURL,
      NEXTAUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      // The seeded site admin and site editor sign in with this (tests/e2e/demo-accounts.ts).
      SEED_ADMIN_PASSWORD: DEMO_STAFF_PASSWORD,
      // The way to reach the site's team that /contact shows (tests/e2e/contact.spec.ts).
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      NEXT_TELEMETRY_DISABLED: '1',
      // Mail goes to the SMTP sink tests/e2e/newsletters.spec.ts starts; while none listens it waits and retries.
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(PORT)}`,
    },
  },
});
