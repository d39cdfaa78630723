/**
 * The moving watermark over paid lessons (issue 24): who it names, what it says, how often it
 * moves and where it goes next. The player (src/views/learning/player/Watermark.ts) draws it.
 */
import { chinaStamp } from '../shared/chinaTime';
import { maskMobile } from '../shared/format';

/** The student's masked mobile (138****8000); a student with no mobile is named by their id (学员 10086). */
export function watermarkMark(user: { id: number; mobile: string | null }): string {
  return user.mobile ? maskMobile(user.mobile) : `学员 ${user.id}`;
}

/** Milliseconds between two moves: long enough to read it, short enough that no corner of a recording stays clean. */
export const WATERMARK_MOVE_MS = 5_000;

/** Milliseconds between two checks that it is still there and visible (besides the checks on every change of the stage). */
export const WATERMARK_CHECK_MS = 1_000;

/** What the watermark says at `at`: the mark and the time stamp in China time (138****8000 11-26 17:05). */
export function watermarkText(mark: string, at: number): string {
  return `${mark} ${chinaStamp(at)}`;
}

/** The picture is cut into a grid of zones, GRID × GRID; the watermark sits in one of them. */
export const WATERMARK_GRID = 3;
export const WATERMARK_ZONES = WATERMARK_GRID * WATERMARK_GRID;

/** Inside its zone the watermark keeps this share of the zone's width (and height) away from each side: two zones' places never touch. */
const ZONE_MARGIN = 0.15;

/**
 * Where the watermark is: its zone (0 … WATERMARK_ZONES − 1, row by row from the top left) and its
 * place as shares (0 … 1) of the room the picture leaves it: x of (picture width − mark width), y
 * of (picture height − mark height). Shares keep it whole inside the picture at every size.
 */
export interface WatermarkPlace {
  zone: number;
  x: number;
  y: number;
}

/** A whole number below `n` from `random` (0 ≤ random() < 1; a 1 is taken as just under 1). */
function pick(n: number, random: () => number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(random() * n)));
}

/** A share of one zone's span: the zone's cell, less its margins, with `random`'s jitter. */
function within(cell: number, random: () => number): number {
  const jitter = Math.min(1, Math.max(0, random()));
  return (cell + ZONE_MARGIN + jitter * (1 - 2 * ZONE_MARGIN)) / WATERMARK_GRID;
}

/**
 * The next place of the watermark: a zone other than `current` (any zone when it has none yet),
 * jittered inside it. A different zone, not a random place that might be the same: it always moves.
 */
export function nextWatermarkPlace(current: number | null, random: () => number): WatermarkPlace {
  let zone: number;
  if (current === null || current < 0 || current >= WATERMARK_ZONES) zone = pick(WATERMARK_ZONES, random);
  else {
    const other = pick(WATERMARK_ZONES - 1, random);
    zone = other >= current ? other + 1 : other;
  }
  const column = zone % WATERMARK_GRID;
  const row = Math.floor(zone / WATERMARK_GRID);
  return { zone, x: within(column, random), y: within(row, random) };
}
