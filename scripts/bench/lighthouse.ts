/**
 * Lighthouse (mobile, simulated throttling: its default settings) on pages of the built SPA
 * served by the real server, with Debian's chromium (never a downloaded browser). Each page runs
 * several times on a fresh browser and the median is reported: a single run moves by ±3 points on
 * a shared machine. Used by `npm run bench`; figures are reported, they never fail the bench.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths, SPA_BASE } from '../../src/paths';
import { HOST } from './server';

/** The targets of issue 9 (point 7): performance score at least this, CLS at most this. */
export const LIGHTHOUSE_TARGETS = { performance: 97, cls: 0.02 } as const;
export const DEFAULT_LIGHTHOUSE_RUNS = 3;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** What the field notes found to run headless here; chrome-launcher adds its own quiet defaults. */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] as const;

export interface LighthousePage {
  name: string;
  /** Path on the server, with the SPA base: `/new/course/detail/1`. */
  path: string;
}

/** One Lighthouse run's figures (times in ms). */
export interface LighthouseRun {
  performance: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
}

export interface LighthousePageResult extends LighthouseRun {
  name: string;
  path: string;
  runs: LighthouseRun[];
  meetsTargets: boolean;
}

/** The pages measured: home, the paid-course list and one seeded course's detail page. */
export function lighthousePages(courseId: number | string): LighthousePage[] {
  const app = (path: string): string => (path === '/' ? `${SPA_BASE}/` : `${SPA_BASE}${path}`);
  return [
    { name: 'home', path: app(paths.home()) },
    { name: 'pro-course list', path: app(paths.proCourses()) },
    { name: 'course detail', path: app(paths.courseDetail(courseId)) },
  ];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure's median over the runs (each on its own: a slow run's LCP does not pick the score). */
export function summarizeRuns(page: LighthousePage, runs: readonly LighthouseRun[]): LighthousePageResult {
  const of = (key: keyof LighthouseRun): number => median(runs.map((r) => r[key]));
  const summary: LighthouseRun = {
    performance: of('performance'),
    cls: of('cls'),
    lcpMs: of('lcpMs'),
    fcpMs: of('fcpMs'),
    tbtMs: of('tbtMs'),
    speedIndexMs: of('speedIndexMs'),
  };
  return {
    name: page.name,
    path: page.path,
    ...summary,
    runs: [...runs],
    meetsTargets: summary.performance >= LIGHTHOUSE_TARGETS.performance && summary.cls <= LIGHTHOUSE_TARGETS.cls,
  };
}

/** The figures of one Lighthouse result (its `lhr`): the score 0-100 and the metrics' numeric values. */
export function runFromReport(lhr: {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}): LighthouseRun {
  const metric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories.performance?.score;
  return {
    performance: score === null || score === undefined ? Number.NaN : Math.round(score * 100),
    cls: metric('cumulative-layout-shift'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    speedIndexMs: metric('speed-index'),
  };
}

/** The id of a seeded course (the first of the course list), for the detail page's URL. */
export async function firstCourseId(port: number): Promise<number> {
  const body = JSON.stringify({ current: 1, size: 1 });
  const agent = new Agent({ keepAlive: false });
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: HOST,
          port,
          method: 'POST',
          path: '/products/front/api/course/getPageList',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (data += chunk));
          res.on('end', () => resolve(data));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const id = (JSON.parse(text) as { data?: { records?: Array<{ id?: unknown }> } }).data?.records?.[0]?.id;
    if (typeof id !== 'number') throw new Error(`the course list has no course to open (answer: ${text.slice(0, 200)})`);
    return id;
  } finally {
    agent.destroy();
  }
}

/** One Lighthouse run of `url` on a fresh chromium (its own profile), closed afterwards. */
export async function runLighthouseOnce(url: string): Promise<LighthouseRun> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const userDataDir = mkdtempSync(join(tmpdir(), 'xuetu-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROME_FLAGS], userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    return runFromReport(result.lhr);
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Runs every page `runs` times against the server on `port` and summarizes each. */
export async function measureLighthouse(opts: {
  port: number;
  runs: number;
  onRun?: (page: LighthousePage, index: number, run: LighthouseRun) => void;
}): Promise<LighthousePageResult[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no chromium at ${CHROMIUM_PATH} (Debian package chromium; CHROMIUM_PATH to use another)`);
  const pages = lighthousePages(await firstCourseId(opts.port));
  const results: LighthousePageResult[] = [];
  for (const page of pages) {
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < opts.runs; i++) {
      const run = await runLighthouseOnce(`http://${HOST}:${opts.port}${page.path}`);
      runs.push(run);
      opts.onRun?.(page, i, run);
    }
    results.push(summarizeRuns(page, runs));
  }
  return results;
}
