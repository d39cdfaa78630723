/** The offline shell's rule of where a new version waits (src/domain/shared/offline.ts). */
import { describe, expect, it } from 'vitest';
import { holdsUpdate } from '../../../src/domain/shared/offline';

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
