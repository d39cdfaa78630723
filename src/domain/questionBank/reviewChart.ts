/**
 * The 学习报告 chart (issue 22): the last DAILY_STATS_DAYS days of a subject as bars (questions
 * answered per day) and a line (the day's accuracy in %, only on days with answers), drawn by the
 * page itself in an SVG of its own units (REVIEW_CHART_FRAME, scaled by its viewBox). Pure
 * geometry: the scales, the bars, the line's points and the axes' ticks; the view only draws them.
 */
import type { DailyStat } from './contract';

/** The drawing's size and the margins around its plot (axis labels live in the margins), in SVG units. */
export interface ChartFrame {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Wide enough for 30 bars, small enough that its labels stay readable on a 375 px phone. */
export const REVIEW_CHART_FRAME: ChartFrame = { width: 400, height: 220, top: 12, right: 38, bottom: 26, left: 34 };

/** Steps of the vertical axes: both share the grid lines (0, ¼, ½, ¾ and the top). */
export const CHART_STEPS = 4;
/** At most this many day labels along the bottom (every few days, today always labelled). */
export const CHART_MAX_DAY_LABELS = 6;
/** A bar's share of its day's slot. */
const BAR_SHARE = 0.6;

export interface ChartBar {
  day: string;
  answered: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartPoint {
  day: string;
  /** The day's accuracy, whole percent. */
  percent: number;
  x: number;
  y: number;
}

export interface ChartTick {
  /** x for a day label, y for a value. */
  at: number;
  label: string;
}

export interface ReviewChart {
  frame: ChartFrame;
  /** The plot's edges (inside the margins). */
  plot: { left: number; right: number; top: number; bottom: number };
  /** One per day, oldest first (a day without answers has height 0). */
  bars: ChartBar[];
  /** One per day with answers, oldest first. */
  points: ChartPoint[];
  /** The accuracy line through the points ('' when there are none). */
  linePath: string;
  /** Day labels (MM-DD) along the bottom, at their days' centres. */
  days: ChartTick[];
  /** The left axis (questions answered) from 0 to its top, bottom first. */
  counts: ChartTick[];
  /** The right axis (accuracy) from 0% to 100%, at the same heights as `counts`. */
  percents: ChartTick[];
}

/** Whole percent of `part` in `whole`; null when there is no whole. */
export function accuracyPercent(correct: number, answered: number): number | null {
  return answered > 0 ? Math.round((Math.max(0, Math.min(correct, answered)) * 100) / answered) : null;
}

/**
 * The top of a count axis of `steps` equal steps that holds `max`: each step a whole number of
 * questions (at least 1) of the form 1, 2, 2.5 or 5 × 10ⁿ, the smallest such that steps × step ≥ max.
 */
export function axisTop(max: number, steps = CHART_STEPS): number {
  const raw = Math.max(1, max) / steps;
  if (raw <= 1) return steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => Number.isInteger(s) && s >= raw) ?? 10 * power;
  return step * steps;
}

/** A day as the chart's labels show it: YYYY-MM-DD → MM-DD. */
export function shortDay(day: string): string {
  return day.length >= 10 ? day.slice(5, 10) : day;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Which days carry a label: every `every`-th counted back from the last (today), so today always has one. */
export function labelledDays(count: number, maxLabels = CHART_MAX_DAY_LABELS): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil(count / maxLabels));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/** The chart of `stats` (oldest first) in `frame`. */
export function reviewChart(stats: readonly DailyStat[], frame: ChartFrame = REVIEW_CHART_FRAME): ReviewChart {
  const plot = { left: frame.left, right: frame.width - frame.right, top: frame.top, bottom: frame.height - frame.bottom };
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  const slot = stats.length > 0 ? plotWidth / stats.length : plotWidth;
  const top = axisTop(Math.max(0, ...stats.map((s) => s.answered)));
  const centre = (i: number) => round(plot.left + (i + 0.5) * slot);
  const heightOf = (share: number) => Math.max(0, Math.min(1, share)) * plotHeight;

  const bars = stats.map((s, i): ChartBar => {
    const height = round(heightOf(s.answered / top));
    const width = round(slot * BAR_SHARE);
    return { day: s.day, answered: s.answered, x: round(plot.left + i * slot + (slot - width) / 2), y: round(plot.bottom - height), width, height };
  });
  const points = stats.flatMap((s, i): ChartPoint[] => {
    const percent = accuracyPercent(s.correct, s.answered);
    return percent === null ? [] : [{ day: s.day, percent, x: centre(i), y: round(plot.bottom - heightOf(percent / 100)) }];
  });
  const linePath = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const levels = Array.from({ length: CHART_STEPS + 1 }, (_, k) => k);
  return {
    frame,
    plot,
    bars,
    points,
    linePath,
    days: labelledDays(stats.length).map((i) => ({ at: centre(i), label: shortDay(stats[i]!.day) })),
    counts: levels.map((k) => ({ at: round(plot.bottom - (k / CHART_STEPS) * plotHeight), label: String((top / CHART_STEPS) * k) })),
    percents: levels.map((k) => ({ at: round(plot.bottom - (k / CHART_STEPS) * plotHeight), label: `${(100 / CHART_STEPS) * k}%` })),
  };
}

/** The figures above the chart: questions answered in the days, right answers, and the accuracy (null without answers). */
export function reviewTotals(stats: readonly DailyStat[]): { answered: number; correct: number; percent: number | null } {
  const answered = stats.reduce((sum, s) => sum + s.answered, 0);
  const correct = stats.reduce((sum, s) => sum + s.correct, 0);
  return { answered, correct, percent: accuracyPercent(correct, answered) };
}
