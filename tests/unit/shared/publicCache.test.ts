/** The public cache's rules: hits, per-table invalidation, races with a change, the feed's gaps, bounds. */
import { describe, expect, it } from 'vitest';
import { cacheKey, PublicCache, type CacheSpace } from '../../../server/shared/publicCache';

const COURSES: CacheSpace = { name: 'courses', tables: ['courses', 'teachers'], maxEntries: 3 };
const ADS: CacheSpace = { name: 'ads', tables: ['ad_items'], maxEntries: 10 };

function setup(opts: { live?: boolean; ttlMs?: number } = {}) {
  const state = { live: opts.live ?? true, now: 1_000 };
  const cache = new PublicCache(
    () => state.live,
    opts.ttlMs ?? 60_000,
    () => state.now,
  );
  let loads = 0;
  const load = (value: string) => async (): Promise<string> => {
    loads++;
    return value;
  };
  return { cache, state, load, loads: () => loads };
}

describe('PublicCache', () => {
  it('loads once and serves the same answer after', async () => {
    const { cache, load, loads } = setup();
    expect(await cache.get(COURSES, 'a', load('v1'))).toBe('v1');
    expect(await cache.get(COURSES, 'a', load('v2'))).toBe('v1');
    expect(loads()).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('shares one load between concurrent misses', async () => {
    const { cache } = setup();
    let release!: (value: string) => void;
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get(COURSES, 'a', slow), cache.get(COURSES, 'a', slow)]);
    release('v');
    expect(await both).toEqual(['v', 'v']);
    expect(calls).toBe(1);
  });

  it('loads again a kept answer that no longer holds (it depends on the time too), and keeps the new one', async () => {
    const { cache, load, loads } = setup();
    let clock = 10;
    const holds = (value: string) => value !== 'until 20' || clock < 20;
    expect(await cache.get(COURSES, 'a', load('until 20'), holds)).toBe('until 20');
    expect(await cache.get(COURSES, 'a', load('later'), holds)).toBe('until 20');
    clock = 20;
    expect(await cache.get(COURSES, 'a', load('later'), holds)).toBe('later');
    expect(await cache.get(COURSES, 'a', load('again'), holds)).toBe('later');
    expect(loads()).toBe(2);
  });

  it('empties only the spaces reading a changed table', async () => {
    const { cache, load } = setup();
    await cache.get(COURSES, 'a', load('c1'));
    await cache.get(ADS, 'a', load('ad1'));
    cache.tableChanged('teachers');
    expect(await cache.get(COURSES, 'a', load('c2'))).toBe('c2');
    expect(await cache.get(ADS, 'a', load('ad2'))).toBe('ad1');
    cache.tableChanged('unrelated');
    expect(await cache.get(COURSES, 'a', load('c3'))).toBe('c2');
  });

  it('does not keep a read that a change overtook', async () => {
    const { cache, load } = setup();
    let release!: (value: string) => void;
    const pending = cache.get(COURSES, 'a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.tableChanged('courses');
    // A request after the change does not join the stale load.
    const fresh = cache.get(COURSES, 'a', load('fresh'));
    release('stale');
    expect(await pending).toBe('stale');
    expect(await fresh).toBe('fresh');
    expect(await cache.get(COURSES, 'a', load('later'))).toBe('fresh');
  });

  it('keeps nothing while the feed is not live, nor what was read across a gap', async () => {
    const { cache, state, load } = setup({ live: false });
    await cache.get(COURSES, 'a', load('v1'));
    expect(await cache.get(COURSES, 'a', load('v2'))).toBe('v2');
    state.live = true;
    let release!: (value: string) => void;
    const pending = cache.get(COURSES, 'a', () => new Promise<string>((resolve) => (release = resolve)));
    state.live = false;
    cache.clear();
    state.live = true;
    release('read across the gap');
    await pending;
    expect(await cache.get(COURSES, 'a', load('v3'))).toBe('v3');
    expect(await cache.get(COURSES, 'a', load('v4'))).toBe('v3');
  });

  it('bounds each space by entries (least recently used first) and by age', async () => {
    const { cache, state, load } = setup({ ttlMs: 1000 });
    for (const key of ['a', 'b', 'c']) await cache.get(COURSES, key, load(key));
    await cache.get(COURSES, 'a', load('a2'));
    await cache.get(COURSES, 'd', load('d'));
    expect(await cache.get(COURSES, 'b', load('b2'))).toBe('b2');
    expect(await cache.get(COURSES, 'a', load('a3'))).toBe('a');
    expect(cache.stats().entries).toBe(3);
    state.now += 1001;
    expect(await cache.get(COURSES, 'a', load('a4'))).toBe('a4');
  });

  it('does not keep a failed load', async () => {
    const { cache, load } = setup();
    await expect(cache.get(COURSES, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(COURSES, 'a', load('ok'))).toBe('ok');
  });
});

describe('cacheKey', () => {
  it('ignores field order and undefined fields, keeps null and arrays', () => {
    expect(cacheKey({ b: 1, a: [2, { d: null, c: 'x' }], u: undefined })).toBe(cacheKey({ a: [2, { c: 'x', d: null }], b: 1 }));
    expect(cacheKey({ a: null })).not.toBe(cacheKey({}));
    expect(cacheKey({ a: [1, 2] })).not.toBe(cacheKey({ a: [2, 1] }));
  });
});
