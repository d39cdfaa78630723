import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { LearnedRecordPayload } from '../../../src/domain/learning/contract';
import { cutLearnedTime, playbackRateOf, resumePosition } from '../../../src/domain/learning/recording';
import { retryDelayMs } from '../../../src/domain/shared/retry';
import { isRefusedForGood } from '../../../src/domain/shared/refusals';
import { forgetLearningOutbox, MemoryOutbox, openLearningOutbox } from '../../../src/services/learning/learningOutbox';

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

describe('the recorder rules', () => {
  it('puts whole seconds in a record and keeps the rest for the next', () => {
    expect(cutLearnedTime(15_999)).toEqual({ seconds: 15, restMs: 999 });
    expect(cutLearnedTime(400)).toEqual({ seconds: 0, restMs: 400 });
    expect(cutLearnedTime(-5)).toEqual({ seconds: 0, restMs: 0 });
  });

  it('drops only what the server refused for good, retries the rest with a growing, capped delay', () => {
    for (const status of [400, 403, 404, 409]) expect(isRefusedForGood(status), String(status)).toBe(true);
    for (const status of [0, 401, 408, 429, 500, 503]) expect(isRefusedForGood(status), String(status)).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  it('resumes at the last position unless at the very start or end; keeps a known rate only', () => {
    expect(resumePosition(120, 600)).toBe(120);
    expect(resumePosition(0, 600)).toBe(0);
    expect(resumePosition(597, 600)).toBe(0);
    expect(playbackRateOf('1.5')).toBe(1.5);
    expect(playbackRateOf('3')).toBe(1);
    expect(playbackRateOf(null)).toBe(1);
  });
});

describe('the learning outbox', () => {
  it('keeps records in IndexedDB across openings until each is removed', async () => {
    forgetLearningOutbox();
    const outbox = await openLearningOutbox();
    expect(outbox.durable).toBe(true);
    await outbox.put(record('a-record-1'));
    await outbox.put(record('a-record-2'));
    await outbox.put(record('a-record-1'));
    forgetLearningOutbox();
    const reopened = await openLearningOutbox();
    expect((await reopened.all()).map((r) => r.recordId).sort()).toEqual(['a-record-1', 'a-record-2']);
    await reopened.remove('a-record-1');
    expect((await reopened.all()).map((r) => r.recordId)).toEqual(['a-record-2']);
    expect((await reopened.all())[0]).toEqual(record('a-record-2'));
  });

  it('lives in memory where there is no IndexedDB', async () => {
    forgetLearningOutbox();
    const outbox = await openLearningOutbox(null);
    forgetLearningOutbox();
    expect(outbox).toBeInstanceOf(MemoryOutbox);
    expect(outbox.durable).toBe(false);
    await outbox.put(record('m-1'));
    await outbox.put(record('m-2'));
    await outbox.remove('m-1');
    expect((await outbox.all()).map((r) => r.recordId)).toEqual(['m-2']);
  });
});
