/** The offline shell's rule of where a new version waits (src/domain/shared/offline.ts). */
import { describe, expect, it } from 'vitest';
import { HOLDING_PREFIXES, holdsUpdate } from '../../../src/domain/shared/offline';
import { PATTERNS } from '../../../src/paths';

describe('holdsUpdate', () => {
  it('holds a new version on the pages where a record is being answered or marked', () => {
    for (const path of [
      '/question-bank/learn-center/3',
      '/question-bank/learn-center/3/41',
      '/question-bank/learn-center-record/review',
      '/question-bank/learn-center-mark/41',
    ]) {
      expect(holdsUpdate(path), path).toBe(true);
    }
  });

  it('holds it by the prefixes of the answering, practice and marking routes', () => {
    expect(HOLDING_PREFIXES.map((prefix) => prefix.slice(0, -1))).toEqual(
      [PATTERNS.answer, PATTERNS.practiceRecord, PATTERNS.paperMark].map((pattern) => pattern.slice(0, pattern.indexOf('/:'))),
    );
  });

  it('offers it everywhere else, the paper page and the reports included', () => {
    for (const path of [
      '/',
      '/question-bank/home',
      '/question-bank/learn-center-paper/3',
      '/question-bank/learn-center-analyze/3/41',
      '/order-pay/7',
      '/uc/my-order',
    ]) {
      expect(holdsUpdate(path), path).toBe(false);
    }
  });
});
