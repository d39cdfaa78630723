/**
 * End-to-end tests against the real server serving the built SPA (dist/). This config does not
 * build: `npm test` (scripts/test-all.sh) builds first; by hand run
 *
 *   npx vite build --mode prod --manifest
 *   VITE_MOBILE_ORIGIN=https://m.xuetu.test VITE_CHAT_SCRIPT=https://chat.xuetu.test/widget.js \
 *     npx vite build --mode prod --manifest --outDir .tmp/dist-variant --emptyOutDir
 *   npx playwright test
 *
 * The second build is the variant (VARIANT_PORT): a mobile site and a chat script configured, for
 * tests/e2e/mobileRedirect.spec.ts and customerService.spec.ts; E2E_VARIANT_DIST points elsewhere.
 *
 * Browser: Debian's chromium at /usr/bin/chromium (`bash scripts/ensure-browser.sh`);
 * `npx playwright install` is not used. Server: a fresh PGlite data dir per run, on
 * 127.0.0.1:E2E_PORT (default 18931; an unusual port, and an existing server there is an error,
 * never reused, so the tests cannot hit some other app).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT || 18931);
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** A second server with the real slider captcha (CAPTCHA_MODE=slider) for the one test that drags it. */
export const SLIDER_PORT = PORT + 1;
/** A third server with the variant build (VITE_MOBILE_ORIGIN and VITE_CHAT_SCRIPT set) whose CSP lets the chat host in. */
export const VARIANT_PORT = PORT + 2;
/** What the variant build was built with. */
export const VARIANT = { mobileOrigin: 'https://m.xuetu.test', chatScript: 'https://chat.xuetu.test/widget.js', chatHost: 'https://chat.xuetu.test' } as const;
const VARIANT_DIST = process.env.E2E_VARIANT_DIST || '.tmp/dist-variant';
/** A fourth server: Vite in development (the actor panel and the inspector exist only there), proxying the API to PORT. */
export const DEV_PORT = PORT + 3;

// The config is loaded by the runner and again by each worker: the runner makes the data dir
// (removed when it exits) and the workers inherit its path through the environment.
function dataDir(envName: string): string {
  if (process.env[envName]) return process.env[envName];
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-e2e-'));
  process.env[envName] = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const DATA_DIR = dataDir('E2E_DATA_DIR');
const SLIDER_DATA_DIR = dataDir('E2E_SLIDER_DATA_DIR');
const VARIANT_DATA_DIR = dataDir('E2E_VARIANT_DATA_DIR');

const inheritedEnv = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0,
  // Two in CI as by hand: every test signs up its own student and comes from its own address (fixtures.ts).
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: CI ? [['list']] : [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: `${ORIGIN}/new/`,
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
    // The offline shell's worker (issue 23) would answer the page's asset requests itself, out of
    // page.route's reach: blocked everywhere but in the offline spec, which allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, grepInvert: /@moves-clock/ },
    // Tests that move the server's clock run once all the others are done (two workers run side by side).
    { name: 'clock', use: { browserName: 'chromium' }, grep: /@moves-clock/, dependencies: ['chromium'] },
  ],
  webServer: [
    {
      command: 'npx tsx server/main.ts',
      url: `${ORIGIN}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...inheritedEnv,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        NODE_ENV: 'test',
        CAPTCHA_MODE: 'test',
        LOG_LEVEL: 'warn',
        // Each test is its own client address (X-Forwarded-For from tests/e2e/fixtures.ts), so the
        // per-IP limits (logins, SMS) count per test as they count per person, not for the whole run.
        TRUST_PROXY: '127.0.0.1',
      },
    },
    {
      command: 'npx tsx server/main.ts',
      url: `http://127.0.0.1:${SLIDER_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...inheritedEnv,
        PORT: String(SLIDER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: SLIDER_DATA_DIR,
        NODE_ENV: 'test',
        CAPTCHA_MODE: 'slider',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
    },
    {
      command: 'npx tsx server/main.ts',
      url: `http://127.0.0.1:${VARIANT_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...inheritedEnv,
        PORT: String(VARIANT_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: VARIANT_DATA_DIR,
        // After inheritedEnv: a DIST_DIR given for the first two servers must not reach this one.
        DIST_DIR: VARIANT_DIST,
        CSP_SCRIPT_HOSTS: VARIANT.chatHost,
        NODE_ENV: 'test',
        CAPTCHA_MODE: 'test',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
    },
    {
      // Development mode, for tests/e2e/devtools.spec.ts; its proxy (vite.config.ts) sends the API to PORT.
      command: `npx vite --port ${DEV_PORT} --strictPort --host 127.0.0.1 --clearScreen false --logLevel warn`,
      url: `http://127.0.0.1:${DEV_PORT}/new/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...inheritedEnv, PORT: String(PORT), VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  ],
});
