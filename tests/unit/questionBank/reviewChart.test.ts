/** The 学习报告 chart's geometry (issue 22): scales, bars, the accuracy line, the axes' ticks and the totals. */
import { describe, expect, it } from 'vitest';
import type { DailyStat } from '../../../src/domain/questionBank/contract';
import {
  accuracyPercent,
  axisTop,
  labelledDays,
  REVIEW_CHART_FRAME as F,
  reviewChart,
  reviewTotals,
  shortDay,
} from '../../../src/domain/questionBank/reviewChart';
import { reviewDayOf } from '../../../src/domain/questionBank/review';

/** 30 days ending 2027-03-30, all empty unless `over` says otherwise (by index). */
function days(over: Record<number, [answered: number, correct: number]> = {}): DailyStat[] {
  return Array.from({ length: 30 }, (_, i) => {
    const [answered, correct] = over[i] ?? [0, 0];
    return { day: `2027-03-${String(i + 1).padStart(2, '0')}`, answered, correct };
  });
}

const plot = { left: F.left, right: F.width - F.right, top: F.top, bottom: F.height - F.bottom };
const plotHeight = plot.bottom - plot.top;
const slot = (plot.right - plot.left) / 30;

describe('axisTop: a count axis of 4 whole steps of 1, 2, 2.5 or 5 × 10ⁿ', () => {
  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [5, 8],
    [7, 8],
    [9, 20],
    [37, 40],
    [41, 80],
    [100, 100],
    [101, 200],
    [180, 200],
    [230, 400],
    [999, 1000],
  ])('holds %i in %i', (max, top) => {
    expect(axisTop(max)).toBe(top);
    expect(axisTop(max)).toBeGreaterThanOrEqual(max);
    expect(Number.isInteger(axisTop(max) / 4)).toBe(true);
  });
});

describe('accuracyPercent', () => {
  it('is the whole percent of right answers, null without answers', () => {
    expect(accuracyPercent(0, 0)).toBeNull();
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(1, 3)).toBe(33);
    expect(accuracyPercent(5, 5)).toBe(100);
    expect(accuracyPercent(0, 4)).toBe(0);
    // More right than answered (never sent): capped.
    expect(accuracyPercent(6, 5)).toBe(100);
  });
});

describe('reviewChart', () => {
  it('draws one bar per day, oldest first, each in its slot, as tall as its share of the axis top', () => {
    const chart = reviewChart(days({ 0: [10, 5], 14: [40, 30], 29: [20, 20] }));
    expect(chart.bars).toHaveLength(30);
    expect(chart.bars.map((b) => b.day)).toEqual(days().map((d) => d.day));
    // 40 is the most: the axis tops at 40, so that day's bar fills the plot.
    const full = chart.bars[14]!;
    expect(full.height).toBeCloseTo(plotHeight, 1);
    expect(full.y).toBeCloseTo(plot.top, 1);
    expect(chart.bars[0]!.height).toBeCloseTo(plotHeight / 4, 1);
    expect(chart.bars[29]!.height).toBeCloseTo(plotHeight / 2, 1);
    // Every bar stands on the axis; a day without answers has none.
    for (const b of chart.bars) expect(b.y + b.height).toBeCloseTo(plot.bottom, 1);
    expect(chart.bars[1]!.height).toBe(0);
    // Bars are centred in their slots, left to right, inside the plot.
    chart.bars.forEach((b, i) => {
      expect(b.x + b.width / 2).toBeCloseTo(plot.left + (i + 0.5) * slot, 1);
      expect(b.width).toBeLessThan(slot);
    });
    expect(chart.bars[0]!.x).toBeGreaterThanOrEqual(plot.left);
    expect(chart.bars[29]!.x + chart.bars[29]!.width).toBeLessThanOrEqual(plot.right + 0.01);
  });

  it('puts a point of the accuracy line on each day with answers only, at its percent of the plot height', () => {
    const chart = reviewChart(days({ 2: [4, 1], 5: [10, 10], 6: [3, 0] }));
    expect(chart.points.map((p) => [p.day, p.percent])).toEqual([
      ['2027-03-03', 25],
      ['2027-03-06', 100],
      ['2027-03-07', 0],
    ]);
    const [quarter, full, zero] = chart.points;
    expect(quarter!.y).toBeCloseTo(plot.bottom - plotHeight / 4, 1);
    expect(full!.y).toBeCloseTo(plot.top, 1);
    expect(zero!.y).toBeCloseTo(plot.bottom, 1);
    expect(quarter!.x).toBeCloseTo(plot.left + 2.5 * slot, 1);
    // The line runs through the points in order (a day without answers is skipped, not drawn at 0).
    expect(chart.linePath).toBe(`M${quarter!.x} ${quarter!.y} L${full!.x} ${full!.y} L${zero!.x} ${zero!.y}`);
  });

  it('has no line and an axis of 0…4 when nothing was answered', () => {
    const chart = reviewChart(days());
    expect(chart.points).toEqual([]);
    expect(chart.linePath).toBe('');
    expect(chart.bars.every((b) => b.height === 0)).toBe(true);
    expect(chart.counts.map((t) => t.label)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('labels both axes at the same grid heights, counts on the left and percents on the right', () => {
    const chart = reviewChart(days({ 3: [37, 20] }));
    expect(chart.counts.map((t) => t.label)).toEqual(['0', '10', '20', '30', '40']);
    expect(chart.percents.map((t) => t.label)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(chart.counts.map((t) => t.at)).toEqual(chart.percents.map((t) => t.at));
    expect(chart.counts[0]!.at).toBeCloseTo(plot.bottom, 5);
    expect(chart.counts[4]!.at).toBeCloseTo(plot.top, 5);
  });

  it('labels every fifth day of 30 as MM-DD, today (the last) always', () => {
    const chart = reviewChart(days());
    expect(chart.days.map((t) => t.label)).toEqual(['03-05', '03-10', '03-15', '03-20', '03-25', '03-30']);
    expect(chart.days.at(-1)!.at).toBeCloseTo(plot.left + 29.5 * slot, 1);
  });

  it('stays inside its frame for any figures', () => {
    const chart = reviewChart(days({ 0: [1000, 999], 29: [1, 1] }));
    for (const b of chart.bars) {
      expect(b.y).toBeGreaterThanOrEqual(plot.top - 0.01);
      expect(b.x + b.width).toBeLessThanOrEqual(F.width);
    }
    for (const p of chart.points) expect(p.y).toBeGreaterThanOrEqual(plot.top - 0.01);
  });

  it('draws an empty list as an empty chart', () => {
    const chart = reviewChart([]);
    expect(chart.bars).toEqual([]);
    expect(chart.days).toEqual([]);
    expect(chart.linePath).toBe('');
  });
});

describe('labelledDays and shortDay', () => {
  it('picks at most 6 days counted back from the last', () => {
    expect(labelledDays(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(7)).toEqual([0, 2, 4, 6]);
    expect(labelledDays(3)).toEqual([0, 1, 2]);
    expect(labelledDays(0)).toEqual([]);
  });
  it('writes a day as MM-DD', () => {
    expect(shortDay('2027-11-05')).toBe('11-05');
  });
});

describe('reviewTotals', () => {
  it('adds the days up, with the accuracy of all answers', () => {
    expect(reviewTotals(days({ 0: [10, 5], 1: [30, 28] }))).toEqual({ answered: 40, correct: 33, percent: 83 });
    expect(reviewTotals(days())).toEqual({ answered: 0, correct: 0, percent: null });
  });
});

describe('reviewDayOf', () => {
  it('is the day in China (UTC+8) of a moment', () => {
    expect(reviewDayOf(Date.UTC(2027, 2, 30, 15, 59))).toBe('2027-03-30');
    expect(reviewDayOf(Date.UTC(2027, 2, 30, 16, 0))).toBe('2027-03-31');
  });
});
