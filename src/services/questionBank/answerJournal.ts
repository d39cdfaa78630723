/**
 * The device's journal of exam answers: the durable queue (src/services/shared/durableQueue.ts) of
 * each record's answers, keyed by record and question and versioned by the answer's version. Every
 * answer is written here the moment it is given, before it goes to the server, so a reload, a
 * crashed tab, a killed browser or a network outage loses nothing. An entry stays `synced: false`
 * until the server has stored that version, and is kept after that too (the device's copy of the
 * sheet), with the question the student was on, until the hand-in forgets the record. Without
 * IndexedDB the journal lives in memory: the exam still works, it only cannot survive a reload.
 *
 * Beside a record's answers (its group's note) it keeps the question the student was on and the last
 * sheet the server sent with the device time it arrived, and, per source and mode, which record
 * is being answered: so a page reloaded with no network opens the record again from this copy.
 */
import type { AnswerEntry, RecordMode, RecordSheet, RecordSource } from '../../domain/questionBank/contract';
import type { LocalAnswer } from '../../domain/questionBank/answerSheet';
import { memoryQueue, openDurableQueue, type DurableQueue, type QueueSpec } from '../shared/durableQueue';

/** The server's last sheet of a record as this device keeps it. */
export interface StoredSheet {
  sheet: RecordSheet;
  /** Device ms when it arrived: with its serverNow, the offset of the server's clock. */
  receivedAt: number;
}

export interface AnswerJournal {
  /** Keeps an answer as given (not yet on the server). */
  write(recordId: number, entry: AnswerEntry): Promise<void>;
  /** The server stored these versions: their entries are synced unless a newer answer replaced them meanwhile. */
  markSynced(recordId: number, entries: readonly AnswerEntry[]): Promise<void>;
  read(recordId: number): Promise<LocalAnswer[]>;
  /** The question the student was on, to resume there. */
  savePosition(recordId: number, index: number): Promise<void>;
  readPosition(recordId: number): Promise<number | null>;
  /** Keeps the sheet the server just sent, and notes the record as the one being answered of its source and mode. */
  saveSheet(recordId: number, sheet: RecordSheet, receivedAt: number): Promise<void>;
  /** The last sheet kept of the record, null when none. */
  readSheet(recordId: number): Promise<StoredSheet | null>;
  /** The record last opened on this device for a source in a mode (and not forgotten since), null when none. */
  readSourceRecord(source: RecordSource, sourceId: number, mode: RecordMode): Promise<number | null>;
  /** After the hand-in nothing of the record needs keeping (nor the note of its source that names it). */
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

/** A record's note. Before the sheet was kept the note was the position alone (a bare number). */
interface RecordNote {
  index?: number;
  sheet?: RecordSheet;
  receivedAt?: number;
}

function recordNote(note: unknown): RecordNote {
  if (typeof note === 'number') return { index: note };
  if (typeof note !== 'object' || note === null) return {};
  const { index, sheet, receivedAt } = note as Record<string, unknown>;
  return {
    ...(typeof index === 'number' ? { index } : {}),
    ...(typeof sheet === 'object' && sheet !== null && typeof receivedAt === 'number' ? { sheet: sheet as RecordSheet, receivedAt } : {}),
  };
}

/** The group whose note names the record being answered of a source in a mode (records' groups are their numeric ids). */
const sourceGroup = (source: RecordSource, sourceId: number, mode: RecordMode) => `source:${source}:${sourceId}:${mode}`;

/**
 * Notes change by read and write; the changes of one queue (every journal of this page shares it)
 * run one after another, so a move's position and an open's sheet never overwrite each other.
 */
const noteChanges = new WeakMap<object, Promise<void>>();

class QueueJournal implements AnswerJournal {
  constructor(private readonly queue: DurableQueue<JournalEntry>) {}

  private serially(change: () => Promise<void>): Promise<void> {
    const next = (noteChanges.get(this.queue) ?? Promise.resolve()).catch(() => undefined).then(change);
    noteChanges.set(this.queue, next);
    return next;
  }

  /** A note as this page last changed it (the changes under way done first). */
  private async readNoteOf(group: number | string): Promise<unknown> {
    await (noteChanges.get(this.queue) ?? Promise.resolve()).catch(() => undefined);
    return this.queue.readNote(group);
  }

  private updateNote(recordId: number, change: (note: RecordNote) => RecordNote): Promise<void> {
    return this.serially(async () => this.queue.setNote(recordId, change(recordNote(await this.queue.readNote(recordId)))));
  }

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
    return this.updateNote(recordId, (note) => ({ ...note, index }));
  }

  async readPosition(recordId: number): Promise<number | null> {
    return recordNote(await this.readNoteOf(recordId)).index ?? null;
  }

  saveSheet(recordId: number, sheet: RecordSheet, receivedAt: number): Promise<void> {
    const { source, sourceId, mode } = sheet.record;
    return this.serially(async () => {
      await this.queue.setNote(recordId, { ...recordNote(await this.queue.readNote(recordId)), sheet, receivedAt });
      await this.queue.setNote(sourceGroup(source, sourceId, mode), recordId);
    });
  }

  async readSheet(recordId: number): Promise<StoredSheet | null> {
    const { sheet, receivedAt } = recordNote(await this.readNoteOf(recordId));
    return sheet && receivedAt !== undefined ? { sheet, receivedAt } : null;
  }

  async readSourceRecord(source: RecordSource, sourceId: number, mode: RecordMode): Promise<number | null> {
    const recordId = await this.readNoteOf(sourceGroup(source, sourceId, mode));
    return typeof recordId === 'number' ? recordId : null;
  }

  forget(recordId: number): Promise<void> {
    return this.serially(async () => {
      const { sheet } = recordNote(await this.queue.readNote(recordId));
      await this.queue.forget(recordId);
      if (!sheet) return;
      const group = sourceGroup(sheet.record.source, sheet.record.sourceId, sheet.record.mode);
      if ((await this.queue.readNote(group)) === recordId) await this.queue.forget(group);
    });
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
