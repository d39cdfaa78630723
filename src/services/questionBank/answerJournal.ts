/**
 * The device's journal of exam answers: the durable queue (src/services/shared/durableQueue.ts) of
 * each record's answers, keyed by record and question and versioned by the answer's version. Every
 * answer is written here the moment it is given, before it goes to the server, so a reload, a
 * crashed tab, a killed browser or a network outage loses nothing. An entry stays `synced: false`
 * until the server has stored that version, and is kept after that too (the device's copy of the
 * sheet), with the question the student was on, until the hand-in forgets the record. Without
 * IndexedDB the journal lives in memory: the exam still works, it only cannot survive a reload.
 */
import type { AnswerEntry } from '../../domain/questionBank/contract';
import type { LocalAnswer } from '../../domain/questionBank/answerSheet';
import { memoryQueue, openDurableQueue, type DurableQueue, type QueueSpec } from '../shared/durableQueue';

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

interface JournalEntry extends AnswerEntry {
  recordId: number;
}

const JOURNAL: QueueSpec<JournalEntry> = {
  name: 'xuetu-exam',
  key: (entry) => [entry.recordId, entry.questionId],
  group: (entry) => entry.recordId,
  // The same rule as the server's (keepsIncoming): a slower write or acknowledgement of an older answer never wins.
  newer: (a, b) => a.version > b.version,
  keepAcknowledged: true,
  // Version 1 kept the answers (with `synced`) and the positions in stores of their own.
  legacy: ({ answers = [], positions = [] }) => ({
    entries: (answers as (JournalEntry & { synced: boolean })[])
      .sort((a, b) => a.version - b.version)
      .map(({ recordId, questionId, answer, flagged, version, synced }) => ({ value: { recordId, questionId, answer, flagged, version }, acked: synced })),
    notes: (positions as { recordId: number; index: number }[]).map(({ recordId, index }) => [recordId, index]),
  }),
};

class QueueJournal implements AnswerJournal {
  constructor(private readonly queue: DurableQueue<JournalEntry>) {}

  get durable(): boolean {
    return this.queue.durable;
  }

  write(recordId: number, { questionId, answer, flagged, version }: AnswerEntry): Promise<void> {
    return this.queue.put({ recordId, questionId, answer, flagged, version });
  }

  markSynced(recordId: number, entries: readonly AnswerEntry[]): Promise<void> {
    return this.queue.ack(entries.map(({ questionId, answer, flagged, version }) => ({ recordId, questionId, answer, flagged, version })));
  }

  async read(recordId: number): Promise<LocalAnswer[]> {
    return (await this.queue.entries(recordId)).map(({ value: { questionId, answer, flagged, version }, acked }) => ({
      questionId,
      answer,
      flagged,
      version,
      synced: acked,
    }));
  }

  savePosition(recordId: number, index: number): Promise<void> {
    return this.queue.setNote(recordId, index);
  }

  async readPosition(recordId: number): Promise<number | null> {
    const index = await this.queue.readNote(recordId);
    return typeof index === 'number' ? index : null;
  }

  forget(recordId: number): Promise<void> {
    return this.queue.forget(recordId);
  }
}

/** The same journal in memory: for browsers without IndexedDB. */
export class MemoryJournal extends QueueJournal {
  constructor() {
    super(memoryQueue(JOURNAL));
  }
}

/** The journal of this browser (opened once); tests pass their own factory, or null for none. */
export async function openAnswerJournal(factory?: IDBFactory | null): Promise<AnswerJournal> {
  return new QueueJournal(await openDurableQueue(JOURNAL, factory));
}
