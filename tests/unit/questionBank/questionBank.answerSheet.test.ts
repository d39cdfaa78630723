/** The answer sheet's rules: numbering with case sub-questions, toggling choices, merging the journal, versions, countdown. */
import { describe, expect, it } from 'vitest';
import { mergeAnswers, nextVersion, sheetItems, toggleOption, unansweredLabels } from '../../../src/domain/questionBank/answerSheet';
import { formatCountdown, remainingSeconds } from '../../../src/domain/shared/countdown';
import type { QuestionView } from '../../../src/domain/questionBank/contract';

const view = (id: number, no: number, type: QuestionView['type'], subs: QuestionView[] = []): QuestionView => ({
  id,
  type,
  stem: `题${id}`,
  options: [],
  blanks: 0,
  scoreTenths: 10,
  no,
  subs,
});

describe('the answer sheet', () => {
  const questions = [view(1, 1, 'SINGLE'), view(2, 2, 'CASE', [view(21, 1, 'SINGLE'), view(22, 2, 'SHORT_ANSWER')]), view(3, 3, 'JUDGE')];

  it('numbers a case by its sub-questions', () => {
    expect(sheetItems(questions).map((item) => [item.index, item.label, item.question.id, item.parent?.id ?? null])).toEqual([
      [1, '1', 1, null],
      [2, '2-1', 21, 2],
      [3, '2-2', 22, 2],
      [4, '3', 3, null],
    ]);
  });

  it('lists the unanswered for the hand-in confirmation', () => {
    const answers = { 1: { questionId: 1, answer: ['A'], flagged: false, version: 1 }, 22: { questionId: 22, answer: ['  '], flagged: false, version: 1 } };
    expect(unansweredLabels(sheetItems(questions), answers)).toEqual(['2-1', '2-2', '3']);
  });

  it('toggles choices: single and 判断 take one option, multiple choice keeps a sorted set', () => {
    expect(toggleOption('SINGLE', ['A'], 'C')).toEqual(['C']);
    expect(toggleOption('JUDGE', ['A'], 'A')).toEqual([]);
    expect(toggleOption('MULTIPLE', ['C'], 'A')).toEqual(['A', 'C']);
    expect(toggleOption('INDEFINITE', ['A', 'C'], 'A')).toEqual(['C']);
  });
});

describe('merging the journal with the server', () => {
  it('keeps the newer version of each answer and resends only local answers the server lacks', () => {
    const merged = mergeAnswers(
      [
        { questionId: 1, answer: ['A'], flagged: false, version: 50 },
        { questionId: 2, answer: ['B'], flagged: false, version: 80 },
      ],
      [
        { questionId: 1, answer: ['C'], flagged: true, version: 60, synced: false },
        { questionId: 2, answer: ['D'], flagged: false, version: 70, synced: false },
        { questionId: 3, answer: ['A'], flagged: false, version: 40, synced: true },
      ],
    );
    expect(merged.answers[1]).toEqual({ questionId: 1, answer: ['C'], flagged: true, version: 60 });
    expect(merged.answers[2]!.answer).toEqual(['B']);
    expect(merged.unsent.map((entry) => entry.questionId)).toEqual([1, 3]);
    expect(merged.lastVersion).toBe(80);
  });

  it('versions only grow, whatever the device clock does', () => {
    expect(nextVersion(100, 50)).toBe(101);
    expect(nextVersion(100, 5000.7)).toBe(5000);
  });
});

describe('the countdown', () => {
  it('runs on the server clock and never goes below zero', () => {
    // The device is 2 s behind the server: 60 s to the deadline by the server's clock.
    expect(remainingSeconds(100_000, 2_000, 38_000)).toBe(60);
    expect(remainingSeconds(100_000, 0, 200_000)).toBe(0);
    expect(formatCountdown(3909)).toBe('01:05:09');
    expect(formatCountdown(309)).toBe('05:09');
  });
});
