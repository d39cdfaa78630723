/**
 * npm run bench — bundle sizes per route, server throughput and Lighthouse on key pages.
 *
 *   npm run bench                         build (vite build --mode prod --manifest), then all three
 *   npm run bench -- --no-build           use the existing dist/
 *   npm run bench -- --only bundle        initial JS per route (raw / gzip -9) against budgets
 *   npm run bench -- --only server        req/s and p50/p95 of a few endpoints, 32 in flight, and the catalogue
 *                                         reads as a share of a bare Fastify JSON route (issue 9: at least 50%)
 *   npm run bench -- --only exam          the 200-question paper in Chromium: open time, click → answer shown
 *   npm run bench -- --only review        今日复习 for a student with 5,000 review cards: the due counts and a smart
 *                                         practice's start, p50/p95/p99 on PGlite and a throwaway PostgreSQL 15
 *   npm run bench -- --only lighthouse    Lighthouse mobile performance, TBT, the longest task (simulated 4x CPU
 *                                         throttle) and CLS, median of --runs, on home, the pro-course list, a
 *                                         seeded course's detail page and the question-bank home (issue 23)
 *   npm run bench -- --scale              a school's peak (issue 18): a throwaway PostgreSQL 15 with durable defaults,
 *                                         the compiled server with WORKERS=2, 64 students and 64 in flight: answer
 *                                         saves, learning records, the course list and detail, and a bare route that
 *                                         serializes the same course list; prints the README's table
 *   --seconds N (default 5)  --concurrency N (default 32)  --runs N (Lighthouse runs per page, default 5)
 *
 * Exit code 1 only when a bundle budget is exceeded (or the bundle cannot be built/measured);
 * timings and Lighthouse figures never fail (the machine is shared and noisy), and a server or
 * browser that cannot start is reported without failing. Results also go to .tmp/bench.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOME_ROUTE, HOME_ROUTE_GZIP_BUDGET_KB, KB, LAZY_GZIP_BUDGETS_KB } from './bench/budgets';
import { formatBundleTable, formatTable, measureLazyChunks, measureRoutes, type LazyChunk, type RouteBundle } from './bench/bundle';
import { DEFAULT_LIGHTHOUSE_RUNS, LIGHTHOUSE_TARGETS, LONG_TASK_MIN_MS, measureLighthouse, type LighthousePageResult } from './bench/lighthouse';
import {
  BARE_ENDPOINT,
  CATALOG_SHARE_OF_BARE,
  DETAILS_ENDPOINT,
  ENDPOINTS,
  HOST,
  loadEndpoint,
  PAGE_LIST_ENDPOINT,
  startServer,
  type EndpointResult,
  type RunningServer,
} from './bench/server';
import { ANSWER_PAINT_TARGET_MS, measureExam, type ExamBenchResult } from './bench/exam';
import { prepareSaveEndpoint, SAVE_ENDPOINT_NAME } from './bench/questionBank';
import { prepareRecordEndpoint, RECORD_ENDPOINT_NAME } from './bench/learning';
import { reviewBench } from './bench/review';
import { profileTable, READ_SHARE_TARGET, scaleBench, scaleTable } from './bench/scale';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const TMP = join(ROOT, '.tmp');

const PARTS = ['bundle', 'server', 'lighthouse', 'exam', 'review'] as const;
type Part = (typeof PARTS)[number];

interface Options {
  build: boolean;
  scale: boolean;
  only: Part | undefined;
  seconds: number;
  concurrency: number;
  runs: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { build: true, scale: false, only: undefined, seconds: 5, concurrency: 32, runs: DEFAULT_LIGHTHOUSE_RUNS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--no-build') o.build = false;
    else if (a === '--scale') o.scale = true;
    else if (a === '--only' || a.startsWith('--only=')) {
      const v = value();
      if (!(PARTS as readonly string[]).includes(v)) throw new Error(`--only takes ${PARTS.join(', ')}, not ${v}`);
      o.only = v as Part;
    } else if (a === '--seconds' || a.startsWith('--seconds=')) o.seconds = Math.min(60, Math.max(0.5, Number(value())));
    else if (a === '--concurrency' || a.startsWith('--concurrency=')) o.concurrency = Math.min(256, Math.max(1, Math.floor(Number(value()))));
    else if (a === '--runs' || a.startsWith('--runs=')) o.runs = Math.min(9, Math.max(1, Math.floor(Number(value()))));
    else if (a === '--help' || a === '-h') {
      console.log(`usage: tsx scripts/bench.ts [--no-build] [--scale] [--only ${PARTS.join('|')}] [--seconds N] [--concurrency N] [--runs N]`);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isFinite(o.seconds) || !Number.isFinite(o.concurrency) || !Number.isFinite(o.runs))
    throw new Error('--seconds / --concurrency / --runs must be numbers');
  return o;
}

function build(): void {
  console.log('== build: vite build --mode prod --manifest');
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--mode', 'prod', '--manifest', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status ?? r.signal})`);
}

function bundleBench(): { rows: RouteBundle[]; lazy: LazyChunk[]; failed: boolean } {
  console.log('\n== bundle: initial JS per route (entry + static imports + lazy view + its static imports; 1 KB = 1024 B, gzip -9)');
  const rows = measureRoutes({ distDir: DIST, routesFile: join(ROOT, 'src', 'routes.ts') });
  console.log(formatBundleTable(rows));
  const over = rows.filter((r) => r.overBudget);
  const home = rows.find((r) => r.route === HOME_ROUTE);
  if (home) console.log(`\nhome route '${HOME_ROUTE}': ${home.gzipKB.toFixed(1)} KB gzip (budget ${HOME_ROUTE_GZIP_BUDGET_KB} KB)`);
  for (const r of over) {
    console.log(`OVER BUDGET: ${r.route} ${r.gzipKB.toFixed(1)} KB gzip > ${r.budgetKB} KB (by ${((r.gzipBytes - r.budgetKB! * KB) / KB).toFixed(1)} KB)`);
  }
  console.log('\n== bundle: lazily loaded code beyond the entry chunk and its imports (gzip -9)');
  const lazy = measureLazyChunks({ distDir: DIST, routesFile: join(ROOT, 'src', 'routes.ts'), names: Object.keys(LAZY_GZIP_BUDGETS_KB) });
  console.log(
    formatTable(
      ['route / module', 'files', 'gzip KB', 'budget', ''],
      lazy.map((c) => [
        c.name,
        String(c.files.length),
        c.gzipKB.toFixed(1),
        c.budgetKB === undefined ? '' : `${c.budgetKB}`,
        c.overBudget ? 'OVER BUDGET' : '',
      ]),
      [false, true, true, true, false],
    ),
  );
  return { rows, lazy, failed: over.length > 0 || lazy.some((c) => c.overBudget) };
}

let running: RunningServer | undefined;

async function serverBench(o: Options): Promise<EndpointResult[]> {
  console.log(`\n== server: ${o.concurrency} requests in flight, ${o.seconds} s per endpoint, 127.0.0.1 (NODE_ENV=production, fresh PGlite)`);
  const started = Date.now();
  running = await startServer(ROOT, join(TMP, 'bench-server.log'));
  console.log(`server up on port ${running.port} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const results: EndpointResult[] = [];
  let listBody = '';
  try {
    for (const ep of [...ENDPOINTS, await prepareSaveEndpoint(running.port), await prepareRecordEndpoint(running.port)]) {
      const r = await loadEndpoint(running.port, ep, { seconds: o.seconds, concurrency: o.concurrency });
      results.push(r);
      const errs = Object.entries(r.errors);
      console.log(`  ${r.name}: ${r.reqPerSec} req/s${errs.length ? ` (non-2xx: ${errs.map(([s, n]) => `${s}×${n}`).join(', ')})` : ''}`);
    }
    listBody = await (
      await fetch(`http://${HOST}:${running.port}${PAGE_LIST_ENDPOINT.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).text();
  } finally {
    await running.stop();
    running = undefined;
  }
  // The yardsticks run alone afterwards, so the two servers never share the two cores: the small
  // envelope (issue 9), then the same course list serialized on each request (issue 18, point 6).
  const bodyFile = join(TMP, 'bench-bare-body.json');
  writeFileSync(bodyFile, listBody);
  for (const [env, name] of [
    [{}, BARE_ENDPOINT.name],
    [{ BARE_BODY_FILE: bodyFile }, SAME_BYTES_BARE_NAME],
  ] as const) {
    running = await startServer(ROOT, join(TMP, 'bench-bare.log'), 'scripts/bench/bare.ts', env);
    try {
      const bare = await loadEndpoint(running.port, BARE_ENDPOINT, { seconds: o.seconds, concurrency: o.concurrency });
      results.push({ ...bare, name });
      console.log(`  ${name}: ${bare.reqPerSec} req/s`);
    } finally {
      await running.stop();
      running = undefined;
    }
  }
  console.log(
    `\n${formatTable(
      ['endpoint', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'],
      results.map((r) => [
        r.name,
        String(r.requests),
        String(r.reqPerSec),
        r.p50ms.toFixed(2),
        r.p95ms.toFixed(2),
        r.p99ms.toFixed(2),
        String(Object.values(r.errors).reduce((a, b) => a + b, 0)),
      ]),
      [false, true, true, true, true, true, true],
    )}`,
  );
  return results;
}

export interface CatalogShare {
  endpoint: string;
  reqPerSec: number;
  bareReqPerSec: number;
  share: number;
  meetsTarget: boolean;
}

/** The catalogue reads against the bare route (issue 9 asks for at least CATALOG_SHARE_OF_BARE). */
function catalogShares(results: EndpointResult[]): CatalogShare[] {
  const bare = results.find((r) => r.name === BARE_ENDPOINT.name);
  if (!bare || bare.reqPerSec === 0) return [];
  const shares = [PAGE_LIST_ENDPOINT, DETAILS_ENDPOINT].flatMap((ep) => {
    const r = results.find((x) => x.name === ep.name);
    if (!r) return [];
    const share = r.reqPerSec / bare.reqPerSec;
    return [{ endpoint: ep.name, reqPerSec: r.reqPerSec, bareReqPerSec: bare.reqPerSec, share, meetsTarget: share >= CATALOG_SHARE_OF_BARE }];
  });
  console.log(`\n== catalogue reads against the bare Fastify route (target ≥ ${CATALOG_SHARE_OF_BARE * 100}%)`);
  for (const s of shares) {
    console.log(`  ${s.endpoint}: ${s.reqPerSec} / ${s.bareReqPerSec} req/s = ${(s.share * 100).toFixed(0)}%${s.meetsTarget ? '' : '  BELOW TARGET'}`);
  }
  return shares;
}

const SAME_BYTES_BARE_NAME = `${BARE_ENDPOINT.name} (the same course list)`;

/** Issue 18, point 6: the hot reads in one process against a bare route serializing the same course list on each request. */
function hotReadShares(results: EndpointResult[]): CatalogShare[] {
  const bare = results.find((r) => r.name === SAME_BYTES_BARE_NAME);
  if (!bare || bare.reqPerSec === 0) return [];
  const shares = [PAGE_LIST_ENDPOINT, DETAILS_ENDPOINT].flatMap((ep) => {
    const r = results.find((x) => x.name === ep.name);
    if (!r) return [];
    const share = r.reqPerSec / bare.reqPerSec;
    return [{ endpoint: ep.name, reqPerSec: r.reqPerSec, bareReqPerSec: bare.reqPerSec, share, meetsTarget: share >= READ_SHARE_TARGET }];
  });
  console.log(`\n== hot reads in one process against a bare route serializing the same course list (target ≥ ${READ_SHARE_TARGET * 100}%)`);
  for (const s of shares) {
    console.log(`  ${s.endpoint}: ${s.reqPerSec} / ${s.bareReqPerSec} req/s = ${(s.share * 100).toFixed(0)}%${s.meetsTarget ? '' : '  BELOW TARGET'}`);
  }
  return shares;
}

/** Issue 10: the answer save's throughput and p99 beside the bare route of the same run (reported, not judged). */
function saveBesideBare(results: EndpointResult[]): { save: EndpointResult; bare: EndpointResult } | null {
  const save = results.find((r) => r.name === SAVE_ENDPOINT_NAME);
  const bare = results.find((r) => r.name === BARE_ENDPOINT.name);
  if (!save || !bare) return null;
  console.log(`\n== userRecord/save beside the bare Fastify route`);
  console.log(
    `  save: ${save.reqPerSec} req/s, p99 ${save.p99ms.toFixed(1)} ms; bare: ${bare.reqPerSec} req/s, p99 ${bare.p99ms.toFixed(1)} ms (${((save.reqPerSec / Math.max(1, bare.reqPerSec)) * 100).toFixed(0)}%)`,
  );
  const record = results.find((r) => r.name === RECORD_ENDPOINT_NAME);
  // Issue 11: the learning record beside the same yardstick (reported, not judged).
  if (record) {
    console.log(`\n== userLearnedRecord/add beside the bare Fastify route`);
    console.log(
      `  add: ${record.reqPerSec} req/s, p99 ${record.p99ms.toFixed(1)} ms; bare: ${bare.reqPerSec} req/s, p99 ${bare.p99ms.toFixed(1)} ms (${((record.reqPerSec / Math.max(1, bare.reqPerSec)) * 100).toFixed(0)}%)`,
    );
  }
  return { save, bare };
}

const fmtMs = (ms: number): string => (Number.isFinite(ms) ? String(Math.round(ms)) : '-');
const fmtCls = (cls: number): string => (Number.isFinite(cls) ? cls.toFixed(3) : '-');
/** The long-tasks audit lists nothing under LONG_TASK_MIN_MS (0: none listed), so such a figure reads "< 50". */
const fmtTask = (ms: number): string => (ms < LONG_TASK_MIN_MS ? `< ${LONG_TASK_MIN_MS}` : fmtMs(ms));

async function lighthouseBench(o: Options): Promise<LighthousePageResult[]> {
  console.log(
    `\n== lighthouse: mobile, simulated throttling (4x CPU), median of ${o.runs} run(s) per page, built SPA on the real server (NODE_ENV=production, fresh PGlite); targets performance ≥ ${LIGHTHOUSE_TARGETS.performance}, TBT ≤ ${LIGHTHOUSE_TARGETS.tbtMs} ms, longest task ≤ ${LIGHTHOUSE_TARGETS.longestTaskMs} ms, CLS ≤ ${LIGHTHOUSE_TARGETS.cls}`,
  );
  running = await startServer(ROOT, join(TMP, 'lighthouse-server.log'));
  let results: LighthousePageResult[];
  try {
    results = await measureLighthouse({
      port: running.port,
      runs: o.runs,
      onRun: (page, i, r) =>
        console.log(
          `  ${page.name} run ${i + 1}: performance ${r.performance}, TBT ${fmtMs(r.tbtMs)} ms, longest task ${fmtTask(r.longestTaskMs)} ms, CLS ${fmtCls(r.cls)}, LCP ${fmtMs(r.lcpMs)} ms`,
        ),
    });
  } finally {
    await running.stop();
    running = undefined;
  }
  console.log(
    `\n${formatTable(
      ['page', 'path', 'performance', 'runs', 'TBT ms', 'longest task ms', 'CLS', 'LCP ms', 'FCP ms', 'SI ms', ''],
      results.map((r) => [
        r.name,
        r.path,
        String(r.performance),
        r.runs.map((x) => x.performance).join('/'),
        fmtMs(r.tbtMs),
        fmtTask(r.longestTaskMs),
        fmtCls(r.cls),
        fmtMs(r.lcpMs),
        fmtMs(r.fcpMs),
        fmtMs(r.speedIndexMs),
        r.meetsTargets ? '' : 'BELOW TARGET',
      ]),
      [false, false, true, false, true, true, true, true, true, true, false],
    )}`,
  );
  console.log(`(longest task: the simulated 4x-throttled duration from Lighthouse's long-tasks audit; < ${LONG_TASK_MIN_MS}: none listed)`);
  return results;
}

async function examBench(): Promise<ExamBenchResult> {
  console.log(`\n== exam: the largest free paper in Chromium (built SPA, real server, fresh PGlite); answer shown ≤ ${ANSWER_PAINT_TARGET_MS} ms`);
  running = await startServer(ROOT, join(TMP, 'exam-server.log'));
  try {
    const r = await measureExam(running.port);
    console.log(`  ${r.paperName} (${r.questions} questions): opened in ${r.openMs} ms`);
    console.log(
      `  click → answer shown, ${r.answers} answers: median ${r.answerMedianMs} ms, p95 ${r.answerP95Ms} ms, max ${r.answerMaxMs} ms${r.answerP95Ms <= ANSWER_PAINT_TARGET_MS ? '' : '  ABOVE TARGET'}`,
    );
    return r;
  } finally {
    await running.stop();
    running = undefined;
  }
}

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  mkdirSync(TMP, { recursive: true });
  if (o.scale) {
    const result = await scaleBench(ROOT, TMP, o.seconds);
    writeFileSync(join(TMP, 'bench-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `\n${result.date}, ${availableParallelism()} cores:\n${scaleTable(result)}\n\n${profileTable(result)}\n\nresults: ${join('.tmp', 'bench-scale.json')}`,
    );
    return 0;
  }
  if (o.build) build();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    options: o,
  };
  let failed = false;
  if (o.only === undefined || o.only === 'bundle') {
    const b = bundleBench();
    report.bundle = { budgetsKB: { [HOME_ROUTE]: HOME_ROUTE_GZIP_BUDGET_KB }, routes: b.rows, lazyBudgetsKB: LAZY_GZIP_BUDGETS_KB, lazy: b.lazy };
    failed = b.failed;
  }
  if (o.only === undefined || o.only === 'server') {
    // Timings never fail the bench: a server that cannot be benchmarked is reported, not fatal.
    try {
      const endpoints = await serverBench(o);
      report.server = {
        concurrency: o.concurrency,
        seconds: o.seconds,
        endpoints,
        catalogShares: catalogShares(endpoints),
        hotReadShares: hotReadShares(endpoints),
        saveBesideBare: saveBesideBare(endpoints),
      };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`bench: server bench could not run: ${message}`);
      report.server = { error: message.split('\n')[0] };
    }
  }
  if (o.only === undefined || o.only === 'lighthouse') {
    // Lighthouse figures are timings too: reported, never failing (the machine is shared and noisy).
    try {
      report.lighthouse = { runs: o.runs, targets: LIGHTHOUSE_TARGETS, pages: await lighthouseBench(o) };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`bench: lighthouse could not run: ${message}`);
      report.lighthouse = { error: message.split('\n')[0] };
    }
  }
  if (o.only === undefined || o.only === 'exam') {
    try {
      report.exam = await examBench();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`bench: exam bench could not run: ${message}`);
      report.exam = { error: message.split('\n')[0] };
    }
  }
  if (o.only === undefined || o.only === 'review') {
    try {
      report.review = await reviewBench();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.error(`bench: review bench could not run: ${message}`);
      report.review = { error: message.split('\n')[0] };
    }
  }
  report.budgetExceeded = failed;
  writeFileSync(join(TMP, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults: ${join('.tmp', 'bench.json')}`);
  if (failed) console.error('bench: a bundle budget is exceeded');
  return failed ? 1 : 0;
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void (running ? running.stop() : Promise.resolve()).finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (e: unknown) => {
    console.error(`bench: ${e instanceof Error ? e.message : String(e)}`);
    if (running) await running.stop();
    process.exit(1);
  },
);
