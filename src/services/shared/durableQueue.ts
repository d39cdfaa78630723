/**
 * The device's one durable queue of what must reach the server: an exam's answers
 * (questionBank/answerJournal.ts) and the learning records (learning/learningOutbox.ts).
 *
 * An entry is kept (IndexedDB, through `idb`) the moment the flow makes it, before anything is sent,
 * and leaves only once the server has answered it, so a reload, a crashed tab, a killed browser or an
 * outage loses nothing, and nothing the server took is sent forever:
 * - keyed: an entry's key names it (an answer: its record and question; a learning record: its
 *   recordId), so putting it again, or the server getting it twice, is harmless;
 * - ordered: entries come back in the order they were last put;
 * - versioned where the flow has versions (`newer`): an older write never replaces a newer entry, and
 *   the server taking an older version leaves the newer one pending;
 * - grouped (`group`): an exam's answers are read and forgotten together, with a note beside them
 *   (the question the student was on).
 *
 * Both flows drive it the same way: their machine writes from an action (never inside `assign`), the
 * actor that starts the flow reads what is pending, an invoked actor sends and then acknowledges;
 * a failure `isRefusedError` is never retried (a learning record is removed; an exam's answer stays
 * unsynced until answered again or its record is opened again), any other is sent again after
 * `retryDelayMs(failures)` (src/domain/shared/retry.ts) or as soon as the browser is back online.
 *
 * Where IndexedDB is missing or will not open (some private modes, a tab of an older version holding
 * the database open) the queue lives in memory: the flow works, it only cannot survive a reload.
 */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { isRefusedForGood } from '../../domain/shared/refusals';
import { ApiError } from './http/ApiError';

export type QueueKey = string | number | (string | number)[];
export type QueueGroup = string | number;

export interface QueuedEntry<T> {
  value: T;
  /** The server took it (kept only with `keepAcknowledged`). */
  acked: boolean;
}

export interface QueueSpec<T> {
  /** The IndexedDB database of this queue. */
  name: string;
  key: (value: T) => QueueKey;
  /** Entries read and forgotten together (an exam's record); all in one group when absent. */
  group?: (value: T) => QueueGroup;
  /** Whether `a` is a later version of `b`'s entry. Without it an entry never changes: a second put of its key is ignored. */
  newer?: (a: T, b: T) => boolean;
  /** Keep what the server took, marked acked, until its group is forgotten (the exam's journal is also the device's copy of the sheet). */
  keepAcknowledged?: boolean;
  /** The rows of the database's first version (each flow's own stores, before this queue), moved over once. */
  legacy?: (stores: Record<string, unknown[]>) => { entries: QueuedEntry<T>[]; notes?: [QueueGroup, unknown][] };
}

export interface DurableQueue<T> {
  /** False when the queue lives in memory only. */
  readonly durable: boolean;
  /** Keeps an entry, not yet sent (unless its key already holds it, or a newer version). */
  put(value: T): Promise<void>;
  /** The server took these: they leave the queue (or stay, acked), unless a newer version replaced them meanwhile. */
  ack(values: readonly T[]): Promise<void>;
  /** Drops an entry, whatever it holds. */
  remove(key: QueueKey): Promise<void>;
  /** What still waits for the server, in order. */
  pending(group?: QueueGroup): Promise<T[]>;
  /** Everything kept, in order, with whether the server took it. */
  entries(group?: QueueGroup): Promise<QueuedEntry<T>[]>;
  /** Forgets a group's entries and its note. */
  forget(group: QueueGroup): Promise<void>;
  setNote(group: QueueGroup, note: unknown): Promise<void>;
  /** The group's note, null when none. */
  readNote(group: QueueGroup): Promise<unknown>;
}

/** The HTTP status of a failed send (0: no answer at all). */
function failureStatus(error: unknown): number {
  return error instanceof ApiError ? error.status || (error.code ?? 0) : 0;
}

/** A send the server refused for good (src/domain/shared/refusals.ts): sending it again cannot help, so it is not retried. */
export function isRefusedError(error: unknown): boolean {
  return isRefusedForGood(failureStatus(error));
}

interface Row<T> {
  key: QueueKey;
  group: QueueGroup;
  /** The order of the last put. */
  seq: number;
  acked: boolean;
  value: T;
}

const rowOf = <T>(spec: QueueSpec<T>, value: T, acked: boolean, seq: number): Row<T> => ({
  key: spec.key(value),
  group: spec.group?.(value) ?? 0,
  seq,
  acked,
  value,
});
const bySeq = (a: Row<unknown>, b: Row<unknown>) => a.seq - b.seq;

/** Where the rows live. `change` decides each key's row in one transaction: a row to write, null to delete, undefined to keep. */
interface Rows<T> {
  readonly durable: boolean;
  change(keys: readonly QueueKey[], decide: (stored: Row<T> | undefined, index: number) => Row<T> | null | undefined): Promise<void>;
  list(group?: QueueGroup): Promise<Row<T>[]>;
  forget(group: QueueGroup): Promise<void>;
  setNote(group: QueueGroup, note: unknown): Promise<void>;
  readNote(group: QueueGroup): Promise<unknown>;
}

class Queue<T> implements DurableQueue<T> {
  constructor(
    private readonly spec: QueueSpec<T>,
    private readonly rows: Rows<T>,
    private lastSeq: number,
  ) {}

  get durable(): boolean {
    return this.rows.durable;
  }

  private nextSeq(): number {
    this.lastSeq = Math.max(Date.now(), this.lastSeq + 1);
    return this.lastSeq;
  }

  private newer(a: T, b: T): boolean {
    return this.spec.newer?.(a, b) ?? false;
  }

  put(value: T): Promise<void> {
    return this.rows.change([this.spec.key(value)], (stored) =>
      stored && !this.newer(value, stored.value) ? undefined : rowOf(this.spec, value, false, this.nextSeq()),
    );
  }

  ack(values: readonly T[]): Promise<void> {
    if (values.length === 0) return Promise.resolve();
    return this.rows.change(
      values.map((value) => this.spec.key(value)),
      (stored, index) => {
        const value = values[index]!;
        if (stored && this.newer(stored.value, value)) return undefined;
        if (!this.spec.keepAcknowledged) return stored ? null : undefined;
        return rowOf(this.spec, value, true, stored?.seq ?? this.nextSeq());
      },
    );
  }

  remove(key: QueueKey): Promise<void> {
    return this.rows.change([key], () => null);
  }

  async pending(group?: QueueGroup): Promise<T[]> {
    return (await this.rows.list(group)).filter((row) => !row.acked).map((row) => row.value);
  }

  async entries(group?: QueueGroup): Promise<QueuedEntry<T>[]> {
    return (await this.rows.list(group)).map(({ value, acked }) => ({ value, acked }));
  }

  forget(group: QueueGroup): Promise<void> {
    return this.rows.forget(group);
  }

  setNote(group: QueueGroup, note: unknown): Promise<void> {
    return this.rows.setNote(group, note);
  }

  readNote(group: QueueGroup): Promise<unknown> {
    return this.rows.readNote(group);
  }
}

class MemoryRows<T> implements Rows<T> {
  readonly durable = false;
  private readonly rows = new Map<string, Row<T>>();
  private readonly notes = new Map<QueueGroup, unknown>();

  change(keys: readonly QueueKey[], decide: (stored: Row<T> | undefined, index: number) => Row<T> | null | undefined): Promise<void> {
    keys.forEach((key, index) => {
      const id = JSON.stringify(key);
      const next = decide(this.rows.get(id), index);
      if (next === null) this.rows.delete(id);
      else if (next) this.rows.set(id, next);
    });
    return Promise.resolve();
  }

  list(group?: QueueGroup): Promise<Row<T>[]> {
    return Promise.resolve([...this.rows.values()].filter((row) => group === undefined || row.group === group).sort(bySeq));
  }

  forget(group: QueueGroup): Promise<void> {
    for (const [id, row] of this.rows) if (row.group === group) this.rows.delete(id);
    this.notes.delete(group);
    return Promise.resolve();
  }

  setNote(group: QueueGroup, note: unknown): Promise<void> {
    this.notes.set(group, note);
    return Promise.resolve();
  }

  readNote(group: QueueGroup): Promise<unknown> {
    return Promise.resolve(this.notes.get(group) ?? null);
  }
}

const ENTRIES = 'entries';
const NOTES = 'notes';
/** Version 1 was each flow's own layout (moved over by `legacy`); 2 is this queue's. */
const DB_VERSION = 2;

interface QueueDb extends DBSchema {
  entries: { key: QueueKey; value: Row<unknown>; indexes: { bySeq: number; byGroup: QueueGroup } };
  notes: { key: QueueGroup; value: { group: QueueGroup; note: unknown } };
}

class IndexedDbRows<T> implements Rows<T> {
  readonly durable = true;

  constructor(private readonly db: IDBPDatabase<QueueDb>) {}

  async change(keys: readonly QueueKey[], decide: (stored: Row<T> | undefined, index: number) => Row<T> | null | undefined): Promise<void> {
    const tx = this.db.transaction(ENTRIES, 'readwrite');
    for (const [index, key] of keys.entries()) {
      const next = decide((await tx.store.get(key)) as Row<T> | undefined, index);
      if (next === null) await tx.store.delete(key);
      else if (next) await tx.store.put(next);
    }
    await tx.done;
  }

  async list(group?: QueueGroup): Promise<Row<T>[]> {
    const rows = group === undefined ? await this.db.getAllFromIndex(ENTRIES, 'bySeq') : await this.db.getAllFromIndex(ENTRIES, 'byGroup', group);
    return (rows as Row<T>[]).sort(bySeq);
  }

  async forget(group: QueueGroup): Promise<void> {
    const tx = this.db.transaction([ENTRIES, NOTES], 'readwrite');
    const entries = tx.objectStore(ENTRIES);
    const keys = await entries.index('byGroup').getAllKeys(group);
    await Promise.all([...keys.map((key) => entries.delete(key)), tx.objectStore(NOTES).delete(group), tx.done]);
  }

  async setNote(group: QueueGroup, note: unknown): Promise<void> {
    await this.db.put(NOTES, { group, note });
  }

  async readNote(group: QueueGroup): Promise<unknown> {
    return (await this.db.get(NOTES, group))?.note ?? null;
  }
}

/** The new stores; on an upgrade from version 1 the flow's earlier rows move over and its stores go (all or nothing). */
async function upgrade<T>(spec: QueueSpec<T>, db: IDBPDatabase, oldVersion: number, tx: IDBPTransaction): Promise<void> {
  if (oldVersion >= 2) return;
  try {
    const legacy = [...db.objectStoreNames];
    const entries = db.createObjectStore(ENTRIES, { keyPath: 'key' });
    entries.createIndex('bySeq', 'seq');
    entries.createIndex('byGroup', 'group');
    const notes = db.createObjectStore(NOTES, { keyPath: 'group' });
    if (legacy.length === 0) return;
    const stores = Object.fromEntries(await Promise.all(legacy.map(async (name) => [name, await tx.objectStore(name).getAll()] as const)));
    const moved = spec.legacy?.(stores) ?? { entries: [] };
    await Promise.all([
      ...moved.entries.map(({ value, acked }, index) => entries.put(rowOf(spec, value, acked, index + 1))),
      ...(moved.notes ?? []).map(([group, note]) => notes.put({ group, note })),
    ]);
    for (const name of legacy) db.deleteObjectStore(name);
  } catch {
    // Version 1 stays as it was: this page runs in memory, the next one tries again.
    tx.abort();
  }
}

async function openDatabase<T>(spec: QueueSpec<T>, factory: IDBFactory): Promise<IDBPDatabase<QueueDb>> {
  const request = factory.open(spec.name, DB_VERSION);
  request.onupgradeneeded = (event) => void upgrade(spec, wrap(request.result), event.oldVersion, wrap(request.transaction!)).catch(() => undefined);
  const opening = wrap(request) as unknown as Promise<IDBPDatabase<QueueDb>>;
  // A tab of an earlier version keeps the database open: this page does without it, rather than wait.
  const blocked = new Promise<never>((_resolve, reject) => {
    request.onblocked = () => {
      void opening.then((late) => late.close()).catch(() => undefined);
      reject(new Error(`${spec.name}: blocked by another tab`));
    };
  });
  const db = await Promise.race([opening, blocked]);
  // A later version opened in another tab: let it upgrade (this page's writes then fail; what its flows hold still goes to the server).
  db.addEventListener('versionchange', () => db.close());
  return db;
}

async function openWith<T>(spec: QueueSpec<T>, factory: IDBFactory | null): Promise<DurableQueue<T>> {
  if (!factory) return memoryQueue(spec);
  try {
    const db = await openDatabase(spec, factory);
    const last = await db.transaction(ENTRIES).store.index('bySeq').openKeyCursor(null, 'prev');
    return new Queue(spec, new IndexedDbRows<T>(db), last?.key ?? 0);
  } catch {
    return memoryQueue(spec);
  }
}

/** The same queue in memory (no IndexedDB). */
export function memoryQueue<T>(spec: QueueSpec<T>): DurableQueue<T> {
  return new Queue(spec, new MemoryRows<T>(), 0);
}

const opened = new Map<string, Promise<DurableQueue<unknown>>>();

/** The queue of this browser, opened once per page; tests pass a factory of their own (a fresh database), or null for none. */
export function openDurableQueue<T>(spec: QueueSpec<T>, factory?: IDBFactory | null): Promise<DurableQueue<T>> {
  if (factory !== undefined) return openWith(spec, factory);
  let queue = opened.get(spec.name) as Promise<DurableQueue<T>> | undefined;
  if (!queue) opened.set(spec.name, (queue = openWith(spec, globalThis.indexedDB ?? null)));
  return queue;
}
