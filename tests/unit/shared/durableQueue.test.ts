/**
 * The durable queue on IndexedDB (fake-indexeddb) and in memory: keyed, ordered, versioned; and the
 * move of each flow's first layout (the answer journal's and the learning outbox's version 1) into it,
 * also when a tab of the earlier version still holds the database open.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { LearnedRecordPayload } from '../../../src/domain/learning/contract';
import { forgetLearningOutbox, openLearningOutbox } from '../../../src/services/learning/learningOutbox';
import { openAnswerJournal } from '../../../src/services/questionBank/answerJournal';
import { isRefusedError, memoryQueue, openDurableQueue, type DurableQueue, type QueueSpec } from '../../../src/services/shared/durableQueue';
import { ApiError } from '../../../src/services/shared/http/ApiError';

interface Item {
  id: string;
  list: number;
  version: number;
}
const spec = (keepAcknowledged: boolean): QueueSpec<Item> => ({
  name: 'test-queue',
  key: (item) => item.id,
  group: (item) => item.list,
  newer: (a, b) => a.version > b.version,
  keepAcknowledged,
});

const queues: [string, (keepAcknowledged: boolean) => Promise<DurableQueue<Item>>][] = [
  ['IndexedDB', (keep) => openDurableQueue(spec(keep), new IDBFactory())],
  ['memory', (keep) => Promise.resolve(memoryQueue(spec(keep)))],
];

describe.each(queues)('durable queue (%s)', (_name, open) => {
  it('gives back what waits in the order it was last put; a second put of an entry changes nothing', async () => {
    const queue = await open(false);
    await queue.put({ id: 'b', list: 1, version: 1 });
    await queue.put({ id: 'a', list: 1, version: 1 });
    await queue.put({ id: 'c', list: 2, version: 1 });
    await queue.put({ id: 'b', list: 1, version: 1 });
    expect((await queue.pending()).map((item) => item.id)).toEqual(['b', 'a', 'c']);
    // A newer version goes to the end.
    await queue.put({ id: 'b', list: 1, version: 2 });
    expect((await queue.pending(1)).map((item) => `${item.id}${item.version}`)).toEqual(['a1', 'b2']);
  });

  it('lets what the server took leave, but not a newer version written meanwhile', async () => {
    const queue = await open(false);
    await queue.put({ id: 'a', list: 1, version: 1 });
    await queue.put({ id: 'b', list: 1, version: 1 });
    await queue.put({ id: 'b', list: 1, version: 2 });
    await queue.ack([
      { id: 'a', list: 1, version: 1 },
      { id: 'b', list: 1, version: 1 },
    ]);
    expect(await queue.pending()).toEqual([{ id: 'b', list: 1, version: 2 }]);
    await queue.remove('b');
    expect(await queue.entries()).toEqual([]);
  });

  it('keeps what the server took, acked, where asked to, and forgets a group with its note', async () => {
    const queue = await open(true);
    await queue.put({ id: 'a', list: 1, version: 1 });
    await queue.put({ id: 'z', list: 2, version: 1 });
    await queue.ack([{ id: 'a', list: 1, version: 1 }]);
    await queue.setNote(1, 'here');
    expect(await queue.entries(1)).toEqual([{ value: { id: 'a', list: 1, version: 1 }, acked: true }]);
    expect(await queue.pending(1)).toEqual([]);
    expect(await queue.readNote(1)).toBe('here');
    await queue.forget(1);
    expect(await queue.entries(1)).toEqual([]);
    expect(await queue.readNote(1)).toBeNull();
    expect(await queue.pending(2)).toHaveLength(1);
  });
});

describe('the refusal rule', () => {
  it('gives up only on what the server refused for good', () => {
    expect(isRefusedError(new ApiError('答案格式不正确', 400, 400))).toBe(true);
    expect(isRefusedError(new ApiError('考试进行中', 423, 423))).toBe(true);
    for (const status of [0, 401, 408, 429, 500]) expect(isRefusedError(new ApiError('x', status, null)), String(status)).toBe(false);
    expect(isRefusedError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('the first layouts move into the queue', () => {
  afterEach(async () => {
    forgetLearningOutbox();
    await deleteDB('xuetu-exam');
    await deleteDB('xuetu-learning');
  });

  /** The answer journal as version 1 left it. */
  async function journalVersion1() {
    const db = await openDB('xuetu-exam', 1, {
      upgrade(v1) {
        v1.createObjectStore('answers', { keyPath: ['recordId', 'questionId'] }).createIndex('byRecord', 'recordId');
        v1.createObjectStore('positions', { keyPath: 'recordId' });
      },
    });
    await db.put('answers', { recordId: 9, questionId: 2, answer: ['D'], flagged: true, version: 101, synced: false });
    await db.put('answers', { recordId: 9, questionId: 1, answer: ['A'], flagged: false, version: 100, synced: true });
    await db.put('positions', { recordId: 9, index: 4 });
    return db;
  }

  it("keeps the journal's answers, their synced marks and the position", async () => {
    (await journalVersion1()).close();
    const journal = await openAnswerJournal(indexedDB);
    expect(journal.durable).toBe(true);
    expect(await journal.read(9)).toEqual([
      { questionId: 1, answer: ['A'], flagged: false, version: 100, synced: true },
      { questionId: 2, answer: ['D'], flagged: true, version: 101, synced: false },
    ]);
    expect(await journal.readPosition(9)).toBe(4);
    const db = await openDB('xuetu-exam');
    expect([...db.objectStoreNames].sort()).toEqual(['entries', 'notes']);
    db.close();
  });

  it("keeps the outbox's records in the order they were kept", async () => {
    const record = (recordId: string): LearnedRecordPayload => ({
      courseId: 7,
      coursewareId: 70,
      coursewareName: '第1讲',
      coursewareType: 'VIDEO',
      learnedTime: 15,
      progressBar: 30,
      stageId: null,
      recordId,
      watchTicket: 'ticket-ticket-ticket',
    });
    const db = await openDB('xuetu-learning', 1, {
      upgrade(v1) {
        v1.createObjectStore('records', { keyPath: 'recordId' }).createIndex('byKeptAt', 'keptAt');
      },
    });
    await db.put('records', { ...record('later'), keptAt: 2000 });
    await db.put('records', { ...record('earlier'), keptAt: 1000 });
    db.close();
    const outbox = await openLearningOutbox(indexedDB);
    expect(await outbox.all()).toEqual([record('earlier'), record('later')]);
  });

  it('runs in memory while a tab of the earlier version holds the database, and moves it over once that tab is gone', async () => {
    const earlierTab = await journalVersion1();
    const meanwhile = await openAnswerJournal(indexedDB);
    expect(meanwhile.durable).toBe(false);
    earlierTab.close();
    // The page after: the database was upgraded as soon as the earlier tab let go.
    const next = await openAnswerJournal(indexedDB);
    expect(next.durable).toBe(true);
    expect((await next.read(9)).map((answer) => answer.questionId)).toEqual([1, 2]);
  });
});
