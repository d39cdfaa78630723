/**
 * The pictures of the gallery: the screen a student sees in each state of each machine.
 *
 * `npm run screens` runs the model-based paths (tests/model) with XT_CAPTURE_SCREENS set. When a
 * path first brings a view into a state, and that state's assertion has passed, the harness keeps
 * the page's DOM and the component styles (tests/model/screenCapture.ts). Chromium then draws each
 * one with the built app's CSS and its images (dist/) at 375 px wide, the phone width of the design
 * card. The pictures are stored as WebP in statecharts/screens/, named by the hash of the DOM they
 * show, so screens that look the same are stored once. statecharts/screens/index.json maps
 * machine → state → picture, and records which suite's screen it is and that screen's hash.
 *
 * Every model run hashes the same screens again, and its coverage table says which pictures are
 * stale: the screen is no longer what the picture shows. This is measured, not guessed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { ScreenCapture } from '../../tests/model/screenCapture';
import { CHROMIUM_PATH } from './render';

export const SCREENS_DIR = 'statecharts/screens';
export const SCREENS_INDEX = `${SCREENS_DIR}/index.json`;

/** One state's picture. */
export interface ScreenEntry {
  /** File name inside statecharts/screens/. */
  file: string;
  width: number;
  height: number;
  /** The suite whose screen it is (the first by name of those reaching the state). */
  suite: string;
  /** Hash of the DOM the picture shows (tests/model/screenCapture.ts). */
  hash: string;
}

/** machine id → state path → its picture. */
export type ScreensIndex = Record<string, Record<string, ScreenEntry>>;

export function readScreensIndex(root: string): ScreensIndex {
  const file = join(root, SCREENS_INDEX);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScreensIndex) : {};
}

/** Of each state's captures, the one of the first suite by name (the model run reports staleness by the same rule). */
export function chooseCaptures(captures: readonly ScreenCapture[]): ScreenCapture[] {
  const chosen = new Map<string, ScreenCapture>();
  for (const c of captures) {
    const key = `${c.machine}\u0000${c.state}`;
    const previous = chosen.get(key);
    if (!previous || c.suite < previous.suite) chosen.set(key, c);
  }
  return [...chosen.values()].sort((a, b) => (a.machine === b.machine ? (a.state < b.state ? -1 : 1) : a.machine < b.machine ? -1 : 1));
}

/** Which pictures of the index are stale against this run's hashes (suite → state → hash), and which states have none. */
export function screenStaleness(
  index: ScreensIndex,
  runs: readonly { machine: string; suite: string; hashes: Record<string, string> }[],
): { current: number; stale: string[]; missing: string[] } {
  const out = { current: 0, stale: [] as string[], missing: [] as string[] };
  const seen = new Map<string, { suite: string; hash: string }>();
  for (const run of runs)
    for (const [state, hash] of Object.entries(run.hashes)) {
      const key = `${run.machine} ${state}`;
      const previous = seen.get(key);
      if (!previous || run.suite < previous.suite) seen.set(key, { suite: run.suite, hash });
    }
  for (const [key, { suite, hash }] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [machine, state] = key.split(' ') as [string, string];
    const entry = index[machine]?.[state];
    if (!entry) out.missing.push(key);
    else if (entry.suite !== suite || entry.hash !== hash) out.stale.push(key);
    else out.current += 1;
  }
  return out;
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

const PLACEHOLDER = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="#e6e6e6"/></svg>';
const WIDTH = 375;
const MAX_HEIGHT = 720;
const QUALITY = 50;
/** The made-up origin the pictures are drawn under: its /new/ files come from dist/, anything else is refused. */
const ORIGIN = 'http://xuetu.screens';

/**
 * Draws the captures with the built CSS in `distDir`, writes the pictures and the index under
 * `root`. With `keep` (a run of some suites only), the index keeps its other states' pictures.
 */
export async function renderScreens(root: string, distDir: string, captures: readonly ScreenCapture[], keep?: ScreensIndex): Promise<ScreensIndex> {
  const assets = join(distDir, 'assets');
  const appCss = readdirSync(assets)
    .filter((f) => f.endsWith('.css'))
    .sort()
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  const { chromium } = await import('playwright-core');
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const outDir = join(root, SCREENS_DIR);
  mkdirSync(outDir, { recursive: true });
  const index: ScreensIndex = Object.fromEntries(Object.entries(keep ?? {}).map(([machine, states]) => [machine, { ...states }]));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: MAX_HEIGHT }, reducedMotion: 'reduce', locale: 'zh-CN' });
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      const file = url.origin === ORIGIN && url.pathname.startsWith('/new/') ? join(distDir, decodeURIComponent(url.pathname.slice('/new/'.length))) : '';
      if (file && extname(file) && existsSync(file)) await route.fulfill({ body: readFileSync(file), contentType: MIME[extname(file)] ?? 'application/octet-stream' });
      // An image the server makes or stores (an upload, a course cover of the test data): a grey
      // block where it would be, rather than the browser's broken-image mark.
      else if (url.origin === ORIGIN && route.request().resourceType() === 'image') await route.fulfill({ body: PLACEHOLDER, contentType: 'image/svg+xml' });
      else await route.abort();
    });
    for (const c of captures) {
      const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><base href="${ORIGIN}/new/"><style>${appCss}</style><style>${c.css}</style></head>${c.html}</html>`;
      await page.setContent(html, { waitUntil: 'load' });
      const height = Math.min(MAX_HEIGHT, Math.max(120, await page.evaluate(() => document.documentElement.scrollHeight)));
      const png = await page.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height }, animations: 'disabled', caret: 'hide' });
      const image = await loadImage(png);
      const canvas = createCanvas(image.width, image.height);
      canvas.getContext('2d').drawImage(image, 0, 0);
      const file = `${c.hash}.webp`;
      writeFileSync(join(outDir, file), await canvas.encode('webp', QUALITY));
      (index[c.machine] ??= {})[c.state] = { file, width: WIDTH, height, suite: c.suite, hash: c.hash };
    }
  } finally {
    await browser.close();
  }
  const used = new Set(Object.values(index).flatMap((states) => Object.values(states).map((e) => e.file)));
  for (const f of readdirSync(outDir)) if (f.endsWith('.webp') && !used.has(f)) rmSync(join(outDir, f));
  writeFileSync(join(root, SCREENS_INDEX), `${JSON.stringify(index, null, 1)}\n`);
  return index;
}
