/** The pure parts of the Lighthouse bench (scripts/bench/lighthouse.ts): pages, medians, targets, the longest task. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIGHTHOUSE_RUNS,
  LIGHTHOUSE_TARGETS,
  lighthousePages,
  longestTaskMs,
  median,
  meetsTargets,
  runFromReport,
  summarizeRuns,
  type LighthouseRun,
} from '../../../scripts/bench/lighthouse';

const run = (performance: number, cls: number, lcpMs = 2000, extra: Partial<LighthouseRun> = {}): LighthouseRun => ({
  performance,
  cls,
  lcpMs,
  fcpMs: 1500,
  tbtMs: 50,
  speedIndexMs: 1800,
  longestTaskMs: 80,
  ...extra,
});

const page = { name: 'home', path: '/new/' };

describe('lighthouse bench', () => {
  it('measures home, the pro-course list, the given course detail page and the question-bank home under the SPA base', () => {
    expect(lighthousePages(7)).toEqual([
      { name: 'home', path: '/new/' },
      { name: 'pro-course list', path: '/new/course/pro-course' },
      { name: 'course detail', path: '/new/course/detail/7' },
      { name: 'question-bank home', path: '/new/question-bank/home' },
    ]);
  });

  it('runs each page 5 times by default and holds issue 23 targets', () => {
    expect(DEFAULT_LIGHTHOUSE_RUNS).toBe(5);
    expect(LIGHTHOUSE_TARGETS).toEqual({ performance: 97, tbtMs: 100, longestTaskMs: 100, cls: 0.02 });
  });

  it('takes the median of odd and even counts, NaN of nothing', () => {
    expect(median([81, 99, 81])).toBe(81);
    expect(median([3, 1, 2, 4])).toBe(2.5);
    expect(median([97, 95, 99, 98, 96])).toBe(97);
    expect(median([])).toBeNaN();
  });

  it('summarizes each figure by its own median and judges the targets on the medians', () => {
    const good = summarizeRuns(page, [run(96, 0, 2500), run(99, 0.01, 2100), run(98, 0.3, 2200)]);
    expect(good).toMatchObject({ performance: 98, cls: 0.01, lcpMs: 2200, meetsTargets: true });
    expect(good.runs).toHaveLength(3);
    expect(summarizeRuns(page, [run(96, 0), run(95, 0), run(99, 0)]).meetsTargets).toBe(false);
    expect(summarizeRuns(page, [run(99, LIGHTHOUSE_TARGETS.cls + 0.01), run(99, 0.05), run(99, 0)]).meetsTargets).toBe(false);
  });

  it('takes the median TBT and longest task of five runs, one slow run not deciding', () => {
    const runs = [
      run(98, 0, 2000, { tbtMs: 40, longestTaskMs: 90 }),
      run(98, 0, 2000, { tbtMs: 400, longestTaskMs: 450 }),
      run(98, 0, 2000, { tbtMs: 60, longestTaskMs: 0 }),
      run(98, 0, 2000, { tbtMs: 20, longestTaskMs: 70 }),
      run(98, 0, 2000, { tbtMs: 90, longestTaskMs: 95 }),
    ];
    expect(summarizeRuns(page, runs)).toMatchObject({ tbtMs: 60, longestTaskMs: 90, meetsTargets: true });
  });

  it('meets the targets only when all four do, at the bounds included', () => {
    const atBounds = { performance: 97, cls: 0.02, tbtMs: 100, longestTaskMs: 100 };
    expect(meetsTargets(atBounds)).toBe(true);
    expect(meetsTargets({ ...atBounds, performance: 96 })).toBe(false);
    expect(meetsTargets({ ...atBounds, cls: 0.021 })).toBe(false);
    expect(meetsTargets({ ...atBounds, tbtMs: 101 })).toBe(false);
    expect(meetsTargets({ ...atBounds, longestTaskMs: 100.5 })).toBe(false);
    expect(meetsTargets({ ...atBounds, longestTaskMs: Number.NaN })).toBe(false);
  });

  it('reads the score (0-100), the metrics and the longest task from a Lighthouse result', () => {
    const lhr = {
      categories: { performance: { score: 0.975 } },
      audits: {
        'cumulative-layout-shift': { numericValue: 0.0123 },
        'largest-contentful-paint': { numericValue: 2212.4 },
        'first-contentful-paint': { numericValue: 1672 },
        'total-blocking-time': { numericValue: 53 },
        'speed-index': { numericValue: 1857 },
        'long-tasks': {
          scoreDisplayMode: 'informative',
          details: {
            type: 'table',
            items: [
              { url: 'http://127.0.0.1/new/assets/index.js', startTime: 1200, duration: 61.5 },
              { url: 'http://127.0.0.1/new/', startTime: 900, duration: 103 },
            ],
          },
        },
      },
    };
    expect(runFromReport(lhr)).toEqual({ performance: 98, cls: 0.0123, lcpMs: 2212.4, fcpMs: 1672, tbtMs: 53, speedIndexMs: 1857, longestTaskMs: 103 });
    expect(runFromReport({ categories: { performance: { score: null } }, audits: {} })).toMatchObject({
      performance: NaN,
      cls: NaN,
      longestTaskMs: NaN,
    });
  });

  it('counts no listed long task as 0, and a missing or errored audit as not measured', () => {
    expect(longestTaskMs({ audits: { 'long-tasks': { scoreDisplayMode: 'notApplicable', details: { type: 'table', items: [] } } } })).toBe(0);
    expect(longestTaskMs({ audits: { 'long-tasks': { scoreDisplayMode: 'notApplicable' } } })).toBe(0);
    expect(longestTaskMs({ audits: { 'long-tasks': { scoreDisplayMode: 'error' } } })).toBeNaN();
    expect(longestTaskMs({ audits: {} })).toBeNaN();
    // Items without a numeric duration are skipped, not read as NaN.
    expect(longestTaskMs({ audits: { 'long-tasks': { details: { items: [{ duration: 'x' }, null, { duration: 77 }] } } } })).toBe(77);
  });
});
