/**
 * Learning records waiting for the server (IndexedDB): a record is kept here the moment it is cut,
 * before it is sent, and removed only once the server has answered it, so a reload, a crashed tab
 * or an outage loses no watched second; the next load of the player sends what is left. Where
 * IndexedDB is missing the outbox lives in memory (it only cannot survive a reload).
 */
import type { LearnedRecordPayload } from '../../domain/learning/contract';

export interface LearningOutbox {
  put(record: LearnedRecordPayload): Promise<void>;
  remove(recordId: string): Promise<void>;
  all(): Promise<LearnedRecordPayload[]>;
  readonly durable: boolean;
}

const DB_NAME = 'xuetu-learning';
const STORE = 'records';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

class IndexedDbOutbox implements LearningOutbox {
  readonly durable = true;
  constructor(private readonly db: IDBDatabase) {}

  async put(record: LearnedRecordPayload): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ ...record, keptAt: Date.now() });
    await done(tx);
  }

  async remove(recordId: string): Promise<void> {
    const tx = this.db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(recordId);
    await done(tx);
  }

  async all(): Promise<LearnedRecordPayload[]> {
    const tx = this.db.transaction(STORE, 'readonly');
    const rows = (await request(tx.objectStore(STORE).index('byKeptAt').getAll())) as (LearnedRecordPayload & { keptAt?: number })[];
    return rows.map(({ keptAt: _keptAt, ...record }) => record);
  }
}

export class MemoryOutbox implements LearningOutbox {
  readonly durable = false;
  private readonly records = new Map<string, LearnedRecordPayload>();
  put(record: LearnedRecordPayload): Promise<void> {
    this.records.set(record.recordId, record);
    return Promise.resolve();
  }
  remove(recordId: string): Promise<void> {
    this.records.delete(recordId);
    return Promise.resolve();
  }
  all(): Promise<LearnedRecordPayload[]> {
    return Promise.resolve([...this.records.values()]);
  }
}

let opened: Promise<LearningOutbox> | null = null;

/** The outbox of this browser (opened once per page). */
export function openLearningOutbox(factory: IDBFactory | null = globalThis.indexedDB ?? null): Promise<LearningOutbox> {
  opened ??= (async () => {
    if (!factory) return new MemoryOutbox();
    try {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'recordId' }).createIndex('byKeptAt', 'keptAt');
      return new IndexedDbOutbox(await request(open));
    } catch {
      return new MemoryOutbox();
    }
  })();
  return opened;
}

/** Tests start from a fresh outbox, or one of their own. */
export function forgetLearningOutbox(replacement: LearningOutbox | null = null): void {
  opened = replacement ? Promise.resolve(replacement) : null;
}
