/** The pure parts of the Lighthouse bench (scripts/bench/lighthouse.ts): pages, medians, targets. */
import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_TARGETS, lighthousePages, median, runFromReport, summarizeRuns, type LighthouseRun } from '../../../scripts/bench/lighthouse';

const run = (performance: number, cls: number, lcpMs = 2000): LighthouseRun => ({ performance, cls, lcpMs, fcpMs: 1500, tbtMs: 50, speedIndexMs: 1800 });

describe('lighthouse bench', () => {
  it('measures home, the pro-course list and the given course detail page under the SPA base', () => {
    expect(lighthousePages(7)).toEqual([
      { name: 'home', path: '/new/' },
      { name: 'pro-course list', path: '/new/course/pro-course' },
      { name: 'course detail', path: '/new/course/detail/7' },
    ]);
  });

  it('takes the median of odd and even counts, NaN of nothing', () => {
    expect(median([81, 99, 81])).toBe(81);
    expect(median([3, 1, 2, 4])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('summarizes each figure by its own median and judges the targets on the medians', () => {
    const page = { name: 'home', path: '/new/' };
    const good = summarizeRuns(page, [run(96, 0, 2500), run(99, 0.01, 2100), run(98, 0.3, 2200)]);
    expect(good).toMatchObject({ performance: 98, cls: 0.01, lcpMs: 2200, meetsTargets: true });
    expect(good.runs).toHaveLength(3);
    expect(summarizeRuns(page, [run(96, 0), run(95, 0), run(99, 0)]).meetsTargets).toBe(false);
    expect(summarizeRuns(page, [run(99, LIGHTHOUSE_TARGETS.cls + 0.01), run(99, 0.05), run(99, 0)]).meetsTargets).toBe(false);
  });

  it('reads the score (0-100) and the metrics from a Lighthouse result', () => {
    const lhr = {
      categories: { performance: { score: 0.975 } },
      audits: {
        'cumulative-layout-shift': { numericValue: 0.0123 },
        'largest-contentful-paint': { numericValue: 2212.4 },
        'first-contentful-paint': { numericValue: 1672 },
        'total-blocking-time': { numericValue: 53 },
        'speed-index': { numericValue: 1857 },
      },
    };
    expect(runFromReport(lhr)).toEqual({ performance: 98, cls: 0.0123, lcpMs: 2212.4, fcpMs: 1672, tbtMs: 53, speedIndexMs: 1857 });
    expect(runFromReport({ categories: { performance: { score: null } }, audits: {} })).toMatchObject({ performance: NaN, cls: NaN });
  });
});
