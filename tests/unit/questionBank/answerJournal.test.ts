/** The device's answer journal on IndexedDB (fake-indexeddb) and in memory: the same behaviour. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { mergeAnswers } from '../../../src/domain/questionBank/answerSheet';
import { MemoryJournal, openAnswerJournal, type AnswerJournal } from '../../../src/services/questionBank/answerJournal';

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

  it('falls back to memory without IndexedDB', async () => {
    const journal = await openAnswerJournal(null);
    expect(journal.durable).toBe(false);
  });
});
