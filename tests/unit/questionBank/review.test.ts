/** 今日复习's grade rule and the chapter mastery rule (src/domain/questionBank/review.ts). */
import { describe, expect, it } from 'vitest';
import { chapterMastery, MASTERY_FULL_STABILITY_DAYS, masteryPercent, REVIEW_SLOW_ANSWER_SECONDS, reviewGrade } from '../../../src/domain/questionBank/review';

describe('reviewGrade', () => {
  it('grades a wrong or blank answer Again, and 少选 Hard', () => {
    expect(reviewGrade('WRONG', 5)).toBe('AGAIN');
    expect(reviewGrade('UNANSWERED', null)).toBe('AGAIN');
    expect(reviewGrade('PARTIAL', 5)).toBe('HARD');
  });

  it('grades a right answer Good, or Hard once it took longer than the slow limit', () => {
    expect(reviewGrade('CORRECT', 5)).toBe('GOOD');
    expect(reviewGrade('CORRECT', REVIEW_SLOW_ANSWER_SECONDS)).toBe('GOOD');
    expect(reviewGrade('CORRECT', REVIEW_SLOW_ANSWER_SECONDS + 1)).toBe('HARD');
    // Not measured: not slow.
    expect(reviewGrade('CORRECT', null)).toBe('GOOD');
  });

  it('grades nothing for a written answer the student marks themself', () => {
    expect(reviewGrade('SUBJECTIVE', 30)).toBeNull();
  });
});

describe('chapterMastery', () => {
  it('counts unseen and never-right questions 0 and a right one without a card 1', () => {
    expect(chapterMastery([], 4)).toBe(0);
    expect(chapterMastery([{ everRight: false, stability: 50 }], 4)).toBe(0);
    expect(chapterMastery([{ everRight: true, stability: null }], 4)).toBe(0.25);
  });

  it('weights a right question with a card by its stability, up to the full-mastery days', () => {
    const half = { everRight: true, stability: MASTERY_FULL_STABILITY_DAYS / 2 };
    const beyond = { everRight: true, stability: MASTERY_FULL_STABILITY_DAYS * 3 };
    expect(chapterMastery([half], 1)).toBe(0.5);
    expect(chapterMastery([beyond], 1)).toBe(1);
    expect(chapterMastery([half, beyond, { everRight: false, stability: null }], 4)).toBe(0.375);
  });

  it('is 0 for a chapter without questions and never above 1', () => {
    expect(chapterMastery([{ everRight: true, stability: null }], 0)).toBe(0);
    expect(
      chapterMastery(
        [
          { everRight: true, stability: null },
          { everRight: true, stability: null },
        ],
        1,
      ),
    ).toBe(1);
  });

  it('shows as a whole percent rounded down', () => {
    expect(masteryPercent(0.996)).toBe(99);
    expect(masteryPercent(1)).toBe(100);
    expect(masteryPercent(0.375)).toBe(37);
    expect(masteryPercent(-0.2)).toBe(0);
  });
});
