/** The watermark's domain rules (issue 24): who it names, its text in China time, and that every move goes to another zone. */
import { describe, expect, it } from 'vitest';
import {
  nextWatermarkPlace,
  WATERMARK_CHECK_MS,
  WATERMARK_GRID,
  WATERMARK_MOVE_MS,
  WATERMARK_ZONES,
  watermarkMark,
  watermarkText,
} from '../../../src/domain/learning/watermark';
import { chinaStamp } from '../../../src/domain/shared/chinaTime';

/** A random() that answers the given values in turn, then starts again. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('watermark rules', () => {
  it('names the student by the masked mobile, else by id', () => {
    expect(watermarkMark({ id: 7, mobile: '13800138000' })).toBe('138****8000');
    expect(watermarkMark({ id: 10086, mobile: null })).toBe('学员 10086');
    expect(watermarkMark({ id: 10086, mobile: '' })).toBe('学员 10086');
  });

  it('moves every few seconds and is checked more often than it moves', () => {
    expect(WATERMARK_MOVE_MS).toBeGreaterThanOrEqual(4_000);
    expect(WATERMARK_MOVE_MS).toBeLessThanOrEqual(6_000);
    expect(WATERMARK_CHECK_MS).toBeLessThan(WATERMARK_MOVE_MS);
  });

  it('stamps the time in China time, whatever the device is set to', () => {
    // 2025-11-26 09:05 UTC is 17:05 in Beijing; 20:30 UTC on the 31st of December is already the new year there.
    expect(chinaStamp(Date.UTC(2025, 10, 26, 9, 5, 42))).toBe('11-26 17:05');
    expect(chinaStamp(Date.UTC(2025, 11, 31, 20, 30))).toBe('01-01 04:30');
    expect(watermarkText('138****8000', Date.UTC(2025, 10, 26, 9, 5))).toBe('138****8000 11-26 17:05');
  });

  it('starts in any zone of the grid', () => {
    expect(nextWatermarkPlace(null, () => 0).zone).toBe(0);
    expect(nextWatermarkPlace(null, () => 0.999).zone).toBe(WATERMARK_ZONES - 1);
    // random() never answers 1, but a 1 stays in the grid.
    expect(nextWatermarkPlace(null, () => 1).zone).toBe(WATERMARK_ZONES - 1);
  });

  it('never stays in the zone it is in, and reaches every other zone', () => {
    for (let current = 0; current < WATERMARK_ZONES; current++) {
      const reached = new Set<number>();
      for (let k = 0; k < WATERMARK_ZONES - 1; k++) {
        const r = (k + 0.5) / (WATERMARK_ZONES - 1);
        const next = nextWatermarkPlace(current, sequence(r, 0.5, 0.5)).zone;
        expect(next).not.toBe(current);
        reached.add(next);
      }
      expect(reached.size).toBe(WATERMARK_ZONES - 1);
      // The extremes of random() too.
      expect(nextWatermarkPlace(current, () => 0).zone).not.toBe(current);
      expect(nextWatermarkPlace(current, () => 0.9999).zone).not.toBe(current);
    }
  });

  it("places it inside its zone's cell, jittered, away from the cell's sides", () => {
    for (let zone = 0; zone < WATERMARK_ZONES; zone++) {
      const column = zone % WATERMARK_GRID;
      const row = Math.floor(zone / WATERMARK_GRID);
      for (const jitter of [0, 0.5, 0.9999]) {
        const place = nextWatermarkPlace(null, sequence((zone + 0.5) / WATERMARK_ZONES, jitter, jitter));
        expect(place.zone).toBe(zone);
        expect(place.x).toBeGreaterThan(column / WATERMARK_GRID);
        expect(place.x).toBeLessThan((column + 1) / WATERMARK_GRID);
        expect(place.y).toBeGreaterThan(row / WATERMARK_GRID);
        expect(place.y).toBeLessThan((row + 1) / WATERMARK_GRID);
      }
    }
    const low = nextWatermarkPlace(null, sequence(0, 0, 0));
    const high = nextWatermarkPlace(null, sequence(0, 0.9999, 0.9999));
    expect(high.x - low.x).toBeGreaterThan(0.1);
  });

  it('moves it a visible distance: two zones apart, the places are at least a margin of two cells apart on one axis', () => {
    let closest = Infinity;
    for (let current = 0; current < WATERMARK_ZONES; current++) {
      for (const from of [0, 0.9999])
        for (const to of [0, 0.9999])
          for (let k = 0; k < WATERMARK_ZONES - 1; k++) {
            const here = nextWatermarkPlace(null, sequence((current + 0.5) / WATERMARK_ZONES, from, from));
            const there = nextWatermarkPlace(current, sequence((k + 0.5) / (WATERMARK_ZONES - 1), to, to));
            closest = Math.min(closest, Math.max(Math.abs(there.x - here.x), Math.abs(there.y - here.y)));
          }
    }
    expect(closest).toBeGreaterThanOrEqual(0.1);
  });
});
