#!/usr/bin/env node
/**
 * Sums the test cases of every step of scripts/test-all.sh and prints, last, one line
 * `N passed, M failed`.
 *
 * usage: node scripts/test-summary.mjs <steps.tsv>
 *
 * steps.tsv has one line per step: name <TAB> exit status <TAB> seconds <TAB> kind <TAB> report
 * where kind is `vitest`, `playwright` or `check` and report the JSON report path (or empty).
 * Test cases come from the JSON reports (Vitest's json reporter, Playwright's json reporter).
 * A step that failed without reporting a failing test case (type errors, a build error, a
 * runner that could not start, a skipped step) counts as one failure, so the line never says
 * "0 failed" for a failed run. Exit status: 1 when anything failed, else 0.
 */
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(`test-summary: no steps file ${file ?? ''}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function readJson(path) {
  if (!path || !existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest json reporter (Jest-compatible shape). */
function vitestCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright json reporter. */
function playwrightCounts(report) {
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

const rows = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [name, statusText, seconds, kind, reportPath] = line.split('\t');
  const status = Number(statusText);
  const report = kind === 'vitest' || kind === 'playwright' ? readJson(reportPath) : undefined;
  let c = { passed: 0, failed: 0, skipped: 0 };
  if (report) c = kind === 'vitest' ? vitestCounts(report) : playwrightCounts(report);
  let note = '';
  if (status !== 0 && c.failed === 0) {
    c.failed = 1;
    note = kind === 'check' ? ' (step failed)' : report ? ' (runner failed)' : ' (no test report)';
  }
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  const result = status === 0 ? 'ok' : status === 255 ? 'SKIPPED' : 'FAILED';
  const counts = kind === 'check' ? '' : `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;
  rows.push([name, result, `${seconds}s`, counts + note]);
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log('\n==== summary');
for (const r of rows) console.log(`  ${r[0].padEnd(widths[0])}  ${r[1].padEnd(widths[1])}  ${r[2].padStart(widths[2])}  ${r[3]}`.trimEnd());
if (skipped) console.log(`  (${skipped} test case(s) skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
