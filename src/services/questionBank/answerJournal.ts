/**
 * The device's journal of exam answers (IndexedDB): every answer is written here the moment it is
 * given, before it goes to the server, so a reload, a crashed tab, a killed browser or a network
 * outage loses nothing. An entry stays `synced: false` until the server has stored that version.
 * Where IndexedDB is missing or refuses to open (some private modes) the journal lives in memory:
 * the exam still works, it only cannot survive a reload.
 */
import type { AnswerEntry } from '../../domain/questionBank/contract';
import type { LocalAnswer } from '../../domain/questionBank/answerSheet';

export interface AnswerJournal {
  /** Keeps an answer as given (not yet on the server). */
  write(recordId: number, entry: AnswerEntry): Promise<void>;
  /** The server stored these versions: their entries are synced unless a newer answer replaced them meanwhile. */
  markSynced(recordId: number, entries: readonly AnswerEntry[]): Promise<void>;
  read(recordId: number): Promise<LocalAnswer[]>;
  /** The question the student was on, to resume there. */
  savePosition(recordId: number, index: number): Promise<void>;
  readPosition(recordId: number): Promise<number | null>;
  /** After the hand-in nothing of the record needs keeping. */
  forget(recordId: number): Promise<void>;
  /** False when the journal lives in memory only. */
  readonly durable: boolean;
}

const DB_NAME = 'xuetu-exam';
const DB_VERSION = 1;
const ANSWERS = 'answers';
const POSITIONS = 'positions';

interface StoredAnswer extends LocalAnswer {
  recordId: number;
}

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

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const open = factory.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    const answers = db.createObjectStore(ANSWERS, { keyPath: ['recordId', 'questionId'] });
    answers.createIndex('byRecord', 'recordId');
    db.createObjectStore(POSITIONS, { keyPath: 'recordId' });
  };
  return request(open);
}

const strip = ({ questionId, answer, flagged, version, synced }: StoredAnswer): LocalAnswer => ({ questionId, answer, flagged, version, synced });

class IndexedDbJournal implements AnswerJournal {
  readonly durable = true;

  constructor(private readonly db: IDBDatabase) {}

  async write(recordId: number, entry: AnswerEntry): Promise<void> {
    const tx = this.db.transaction(ANSWERS, 'readwrite');
    const store = tx.objectStore(ANSWERS);
    const current = (await request(store.get([recordId, entry.questionId]))) as StoredAnswer | undefined;
    // A slower write of an older answer never replaces a newer one.
    if (!current || current.version < entry.version) store.put({ ...entry, recordId, synced: false } satisfies StoredAnswer);
    await done(tx);
  }

  async markSynced(recordId: number, entries: readonly AnswerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const tx = this.db.transaction(ANSWERS, 'readwrite');
    const store = tx.objectStore(ANSWERS);
    for (const entry of entries) {
      const current = (await request(store.get([recordId, entry.questionId]))) as StoredAnswer | undefined;
      if (!current || current.version <= entry.version) store.put({ ...entry, recordId, synced: true } satisfies StoredAnswer);
    }
    await done(tx);
  }

  async read(recordId: number): Promise<LocalAnswer[]> {
    const tx = this.db.transaction(ANSWERS, 'readonly');
    const rows = (await request(tx.objectStore(ANSWERS).index('byRecord').getAll(recordId))) as StoredAnswer[];
    return rows.map(strip);
  }

  async savePosition(recordId: number, index: number): Promise<void> {
    const tx = this.db.transaction(POSITIONS, 'readwrite');
    tx.objectStore(POSITIONS).put({ recordId, index });
    await done(tx);
  }

  async readPosition(recordId: number): Promise<number | null> {
    const tx = this.db.transaction(POSITIONS, 'readonly');
    const row = (await request(tx.objectStore(POSITIONS).get(recordId))) as { index: number } | undefined;
    return row?.index ?? null;
  }

  async forget(recordId: number): Promise<void> {
    const tx = this.db.transaction([ANSWERS, POSITIONS], 'readwrite');
    tx.objectStore(ANSWERS).delete(IDBKeyRange.bound([recordId, 0], [recordId, Number.MAX_SAFE_INTEGER]));
    tx.objectStore(POSITIONS).delete(recordId);
    await done(tx);
  }
}

/** The same journal in memory: for browsers without IndexedDB. */
export class MemoryJournal implements AnswerJournal {
  readonly durable = false;
  private readonly answers = new Map<number, Map<number, LocalAnswer>>();
  private readonly positions = new Map<number, number>();

  private of(recordId: number): Map<number, LocalAnswer> {
    let map = this.answers.get(recordId);
    if (!map) this.answers.set(recordId, (map = new Map<number, LocalAnswer>()));
    return map;
  }

  write(recordId: number, entry: AnswerEntry): Promise<void> {
    const map = this.of(recordId);
    const current = map.get(entry.questionId);
    if (!current || current.version < entry.version) map.set(entry.questionId, { ...entry, synced: false });
    return Promise.resolve();
  }

  markSynced(recordId: number, entries: readonly AnswerEntry[]): Promise<void> {
    const map = this.of(recordId);
    for (const entry of entries) {
      const current = map.get(entry.questionId);
      if (!current || current.version <= entry.version) map.set(entry.questionId, { ...entry, synced: true });
    }
    return Promise.resolve();
  }

  read(recordId: number): Promise<LocalAnswer[]> {
    return Promise.resolve([...this.of(recordId).values()]);
  }

  savePosition(recordId: number, index: number): Promise<void> {
    this.positions.set(recordId, index);
    return Promise.resolve();
  }

  readPosition(recordId: number): Promise<number | null> {
    return Promise.resolve(this.positions.get(recordId) ?? null);
  }

  forget(recordId: number): Promise<void> {
    this.answers.delete(recordId);
    this.positions.delete(recordId);
    return Promise.resolve();
  }
}

let shared: Promise<AnswerJournal> | null = null;

/** The journal of this browser (opened once); tests pass their own factory, or null for none. */
export function openAnswerJournal(factory: IDBFactory | null = globalThis.indexedDB ?? null): Promise<AnswerJournal> {
  if (factory !== globalThis.indexedDB) return openWith(factory);
  shared ??= openWith(factory);
  return shared;
}

async function openWith(factory: IDBFactory | null): Promise<AnswerJournal> {
  if (!factory) return new MemoryJournal();
  try {
    return new IndexedDbJournal(await openDatabase(factory));
  } catch {
    return new MemoryJournal();
  }
}
