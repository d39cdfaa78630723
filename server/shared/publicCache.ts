/**
 * An in-process cache of public reads (course lists and details, catalogues, the class tree, ads,
 * site params…): the same answer for every visitor, so nothing per user ever goes in — but the
 * session lookup every signed-in request makes, keyed by the token's own hash (session.ts).
 *
 * Fresh in EVERY process: each space names the tables its answers come from, and the change feed
 * (server/db/changeFeed.ts) reports every committed change to them, whichever process or tool
 * made it; the spaces reading a changed table are emptied. Bounded: at most `maxEntries` answers
 * per space (least recently used go first) and each lives `ttlMs` at most, a safety net only.
 *
 * A read that raced a change must not be kept: a load remembers its space's generation when it
 * starts and its answer is stored only if no change came in meanwhile. While the feed is not live
 * (before it listens, after its connection dropped) nothing is stored and every read goes to the
 * database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../db/client';
import { openChangeFeed, type ChangeFeed } from '../db/changeFeed';

export interface CacheSpace {
  readonly name: string;
  /** The tables its answers are read from (names as in SQL). */
  readonly tables: readonly string[];
  readonly maxEntries: number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface SpaceState {
  entries: Map<string, Entry>;
  /** In-flight loads by key, so concurrent misses share one query. */
  loading: Map<string, Promise<unknown>>;
  generation: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  invalidations: number;
  entries: number;
}

export const DEFAULT_CACHE_TTL_MS = 5 * 60_000;

export class PublicCache {
  private readonly spaces = new Map<string, SpaceState>();
  private readonly byTable = new Map<string, Set<string>>();
  private hits = 0;
  private misses = 0;
  private invalidations = 0;

  constructor(
    private readonly isLive: () => boolean,
    private readonly ttlMs: number = DEFAULT_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private state(space: CacheSpace): SpaceState {
    let state = this.spaces.get(space.name);
    if (!state) {
      state = { entries: new Map(), loading: new Map(), generation: 0 };
      this.spaces.set(space.name, state);
      for (const table of space.tables) {
        const names = this.byTable.get(table) ?? new Set<string>();
        names.add(space.name);
        this.byTable.set(table, names);
      }
    }
    return state;
  }

  /**
   * The answer for `key`, from memory when it is there and fresh, else from `load` (kept when safe).
   * `stillHolds`: for an answer that depends on the time as well as the tables (a camp's open cohort),
   * whether a kept answer is still right; one that is not is loaded again, and a loaded answer
   * that does not hold (a session lookup that found nothing) is not kept.
   */
  async get<T>(space: CacheSpace, key: string, load: () => Promise<T>, stillHolds?: (value: T) => boolean): Promise<T> {
    const state = this.state(space);
    const entry = state.entries.get(key);
    if (entry && entry.expiresAt > this.now() && (!stillHolds || stillHolds(entry.value as T))) {
      this.hits++;
      // Re-inserting moves the key to the end: the map's order is least to most recently used.
      state.entries.delete(key);
      state.entries.set(key, entry);
      return entry.value as T;
    }
    if (entry) state.entries.delete(key);
    this.misses++;
    const pending = state.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = state.generation;
    const live = this.isLive();
    const loading = load().then(
      (value) => {
        if (state.loading.get(key) === loading) state.loading.delete(key);
        if (live && this.isLive() && state.generation === generation && (!stillHolds || stillHolds(value))) this.store(space, state, key, value);
        return value;
      },
      (err: unknown) => {
        if (state.loading.get(key) === loading) state.loading.delete(key);
        throw err;
      },
    );
    state.loading.set(key, loading);
    return loading;
  }

  private store(space: CacheSpace, state: SpaceState, key: string, value: unknown): void {
    state.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (state.entries.size > space.maxEntries) {
      const oldest = state.entries.keys().next().value as string;
      state.entries.delete(oldest);
    }
  }

  private reset(state: SpaceState): void {
    state.entries.clear();
    // Loads under way read before the change: they may finish, but not be kept, nor shared further.
    state.loading.clear();
    state.generation++;
  }

  /** A committed change to `table`: empties the spaces that read it. */
  tableChanged(table: string): void {
    this.invalidations++;
    for (const name of this.byTable.get(table) ?? []) {
      const state = this.spaces.get(name);
      if (state) this.reset(state);
    }
  }

  /** Forgets everything (notifications may have been missed). */
  clear(): void {
    this.invalidations++;
    for (const state of this.spaces.values()) this.reset(state);
  }

  stats(): CacheStats {
    let entries = 0;
    for (const state of this.spaces.values()) entries += state.entries.size;
    return { hits: this.hits, misses: this.misses, invalidations: this.invalidations, entries };
  }
}

export interface PublicCacheHandle {
  cache: PublicCache;
  feed: ChangeFeed;
}

/** The cache of one server over `db`, with the feed that keeps it fresh (start it when the server starts, close it with the server). */
export function createPublicCache(db: Db, kind: DbKind, log?: FastifyBaseLogger, ttlMs?: number): PublicCacheHandle {
  let feed: ChangeFeed | null = null;
  const cache = new PublicCache(() => feed?.live ?? false, ttlMs);
  feed = openChangeFeed(db, kind, { onChange: (table) => cache.tableChanged(table), onGap: () => cache.clear() }, log);
  return { cache, feed };
}

/** Cache keys built from validated inputs: stable field order, so equal queries share an entry. */
export function cacheKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(cacheKey).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${cacheKey(record[k])}`)
    .join(',')}}`;
}
