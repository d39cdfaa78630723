/**
 * Learning records waiting for the server: the durable queue (src/services/shared/durableQueue.ts)
 * keyed by each record's recordId (the server counts a recordId once, so a resend is harmless). A
 * record is kept here the moment it is cut, before it is sent, and removed only once the server has
 * answered it, so a reload, a crashed tab or an outage loses no watched second; the next load of the
 * player sends what is left. Without IndexedDB the outbox lives in memory (it only cannot survive a reload).
 */
import type { LearnedRecordPayload } from '../../domain/learning/contract';
import { memoryQueue, openDurableQueue, type DurableQueue, type QueueSpec } from '../shared/durableQueue';

export interface LearningOutbox {
  put(record: LearnedRecordPayload): Promise<void>;
  remove(recordId: string): Promise<void>;
  /** What waits for the server, in the order it was kept. */
  all(): Promise<LearnedRecordPayload[]>;
  readonly durable: boolean;
}

const OUTBOX: QueueSpec<LearnedRecordPayload> = {
  name: 'xuetu-learning',
  key: (record) => record.recordId,
  // Version 1 kept the records in a store of their own, with when each was kept.
  legacy: ({ records = [] }) => ({
    entries: (records as (LearnedRecordPayload & { keptAt?: number })[])
      .sort((a, b) => (a.keptAt ?? 0) - (b.keptAt ?? 0))
      .map(({ keptAt: _keptAt, ...value }) => ({ value, acked: false })),
  }),
};

class QueueOutbox implements LearningOutbox {
  constructor(private readonly queue: DurableQueue<LearnedRecordPayload>) {}

  get durable(): boolean {
    return this.queue.durable;
  }

  put(record: LearnedRecordPayload): Promise<void> {
    return this.queue.put(record);
  }

  remove(recordId: string): Promise<void> {
    return this.queue.remove(recordId);
  }

  all(): Promise<LearnedRecordPayload[]> {
    return this.queue.pending();
  }
}

export class MemoryOutbox extends QueueOutbox {
  constructor() {
    super(memoryQueue(OUTBOX));
  }
}

let opened: Promise<LearningOutbox> | null = null;

/** The outbox of this browser (opened once per page); null for none. */
export function openLearningOutbox(factory?: IDBFactory | null): Promise<LearningOutbox> {
  opened ??= factory === null ? Promise.resolve(new MemoryOutbox()) : openDurableQueue(OUTBOX, factory).then((queue) => new QueueOutbox(queue));
  return opened;
}

/** Tests start from a fresh outbox, or one of their own. */
export function forgetLearningOutbox(replacement: LearningOutbox | null = null): void {
  opened = replacement ? Promise.resolve(replacement) : null;
}
