/** The device's answer journal on IndexedDB (fake-indexeddb) and in memory: the same behaviour. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { wrap, type IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { mergeAnswers } from '../../../src/domain/questionBank/answerSheet';
import type { RecordSheet } from '../../../src/domain/questionBank/contract';
import { MemoryJournal, openAnswerJournal, type AnswerJournal } from '../../../src/services/questionBank/answerJournal';

const sheetOf = (id: number, sourceId = 12, mode: RecordSheet['record']['mode'] = 'EXAM'): RecordSheet => ({
  record: {
    id,
    source: 'PAPER',
    sourceId,
    name: '模拟卷',
    mode,
    state: 'DOING',
    startedAt: 1_000,
    handedInAt: null,
    scoreTenths: null,
    totalScoreTenths: 20,
    questionCount: 1,
    answeredCount: 0,
  },
  deadlineAt: 9_000,
  serverNow: 5_000,
  questions: [{ id: 1, type: 'SINGLE', stem: '题', options: [{ key: 'A', text: '甲' }], blanks: 0, scoreTenths: 20, no: 1, subs: [] }],
  answers: [{ questionId: 1, answer: ['A'], flagged: false, version: 3 }],
  keys: [],
});

const journals: [string, () => Promise<AnswerJournal>][] = [
  ['IndexedDB', () => openAnswerJournal(new IDBFactory())],
  ['memory', () => Promise.resolve(new MemoryJournal())],
];

describe.each(journals)('answer journal (%s)', (_name, open) => {
  it('keeps answers unsynced until the server stored that very version', async () => {
    const journal = await open();
    await journal.write(7, { questionId: 1, answer: ['A'], flagged: false, version: 10 });
    await journal.write(7, { questionId: 2, answer: ['B', 'C'], flagged: true, version: 11 });
    await journal.markSynced(7, [{ questionId: 1, answer: ['A'], flagged: false, version: 10 }]);
    // The student changed question 2 while its save was on the way: the older version's ack does not mark the newer.
    await journal.write(7, { questionId: 2, answer: ['B'], flagged: true, version: 12 });
    await journal.markSynced(7, [{ questionId: 2, answer: ['B', 'C'], flagged: true, version: 11 }]);
    const rows = (await journal.read(7)).sort((a, b) => a.questionId - b.questionId);
    expect(rows).toEqual([
      { questionId: 1, answer: ['A'], flagged: false, version: 10, synced: true },
      { questionId: 2, answer: ['B'], flagged: true, version: 12, synced: false },
    ]);
    expect(await journal.read(8)).toEqual([]);
  });

  it('never lets an older write replace a newer answer', async () => {
    const journal = await open();
    await journal.write(1, { questionId: 5, answer: ['C'], flagged: false, version: 30 });
    await journal.write(1, { questionId: 5, answer: ['A'], flagged: false, version: 20 });
    expect(await journal.read(1)).toEqual([{ questionId: 5, answer: ['C'], flagged: false, version: 30, synced: false }]);
  });

  it('remembers the position and forgets a handed-in record', async () => {
    const journal = await open();
    await journal.write(3, { questionId: 1, answer: ['A'], flagged: false, version: 1 });
    await journal.write(4, { questionId: 1, answer: ['B'], flagged: false, version: 1 });
    await journal.savePosition(3, 42);
    expect(await journal.readPosition(3)).toBe(42);
    await journal.forget(3);
    expect(await journal.read(3)).toEqual([]);
    expect(await journal.readPosition(3)).toBeNull();
    expect(await journal.read(4)).toHaveLength(1);
  });

  it('keeps the last sheet with the time it arrived beside the position, neither replacing the other', async () => {
    const journal = await open();
    expect(await journal.readSheet(5)).toBeNull();
    await journal.savePosition(5, 2);
    await Promise.all([journal.saveSheet(5, sheetOf(5), 4_000), journal.savePosition(5, 3)]);
    expect(await journal.readSheet(5)).toEqual({ sheet: sheetOf(5), receivedAt: 4_000 });
    expect(await journal.readPosition(5)).toBe(3);
    const later = { ...sheetOf(5), serverNow: 6_000 };
    await journal.saveSheet(5, later, 4_500);
    expect(await journal.readSheet(5)).toEqual({ sheet: later, receivedAt: 4_500 });
    expect(await journal.readPosition(5)).toBe(3);
  });

  it('names the record being answered of a source and mode, until that record is forgotten', async () => {
    const journal = await open();
    expect(await journal.readSourceRecord('PAPER', 12, 'EXAM')).toBeNull();
    await journal.saveSheet(5, sheetOf(5), 4_000);
    await journal.saveSheet(6, sheetOf(6, 12, 'PRACTICE'), 4_000);
    expect(await journal.readSourceRecord('PAPER', 12, 'EXAM')).toBe(5);
    expect(await journal.readSourceRecord('PAPER', 12, 'PRACTICE')).toBe(6);
    expect(await journal.readSourceRecord('SECTION', 12, 'EXAM')).toBeNull();

    await journal.forget(5);
    expect(await journal.readSheet(5)).toBeNull();
    expect(await journal.readSourceRecord('PAPER', 12, 'EXAM')).toBeNull();
    expect(await journal.readSourceRecord('PAPER', 12, 'PRACTICE')).toBe(6);

    // A newer record of the source took the note: forgetting the older one leaves it.
    await journal.saveSheet(7, sheetOf(7, 12, 'PRACTICE'), 4_000);
    await journal.forget(6);
    expect(await journal.readSourceRecord('PAPER', 12, 'PRACTICE')).toBe(7);
  });
});

describe('IndexedDB journal', () => {
  it('survives reopening (a reload): the unsent answers come back and merge over the server copy', async () => {
    const factory = new IDBFactory();
    const first = await openAnswerJournal(factory);
    expect(first.durable).toBe(true);
    await first.write(9, { questionId: 1, answer: ['A'], flagged: false, version: 100 });
    await first.write(9, { questionId: 2, answer: ['D'], flagged: false, version: 101 });
    await first.markSynced(9, [{ questionId: 1, answer: ['A'], flagged: false, version: 100 }]);

    const reopened = await openAnswerJournal(factory);
    const merged = mergeAnswers([{ questionId: 1, answer: ['A'], flagged: false, version: 100 }], await reopened.read(9));
    expect(merged.unsent).toEqual([{ questionId: 2, answer: ['D'], flagged: false, version: 101 }]);
    expect(merged.lastVersion).toBe(101);
  });

  it('reads the position a version without sheets kept (a bare number), and keeps it when a sheet comes', async () => {
    const factory = new IDBFactory();
    await (await openAnswerJournal(factory)).savePosition(1, 0);
    // The note as the earlier code wrote it.
    const db = (await wrap(factory.open('xuetu-exam', 2))) as IDBPDatabase;
    await db.put('notes', { group: 9, note: 4 });
    db.close();

    const journal = await openAnswerJournal(factory);
    expect(await journal.readPosition(9)).toBe(4);
    expect(await journal.readSheet(9)).toBeNull();
    await journal.saveSheet(9, sheetOf(9), 4_000);
    expect(await journal.readPosition(9)).toBe(4);
    expect(await journal.readSheet(9)).toEqual({ sheet: sheetOf(9), receivedAt: 4_000 });
  });

  it('falls back to memory without IndexedDB', async () => {
    const journal = await openAnswerJournal(null);
    expect(journal.durable).toBe(false);
  });
});
