/** The scoring rules of docs/questionBank.md, one type at a time (tenths of a point). */
import { describe, expect, it } from 'vitest';
import { formatScore, isValidMark, keepsIncoming, normaliseBlank, scoreAnswer } from '../../../src/domain/questionBank/scoring';
import { homeTabOf } from '../../../src/domain/questionBank/tabs';

describe('scoreAnswer', () => {
  it('单选 and 判断: the one key or nothing', () => {
    expect(scoreAnswer('SINGLE', ['B'], ['B'], 20)).toEqual({ scoreTenths: 20, verdict: 'CORRECT' });
    expect(scoreAnswer('SINGLE', ['B'], ['A'], 20)).toEqual({ scoreTenths: 0, verdict: 'WRONG' });
    expect(scoreAnswer('JUDGE', ['A'], ['A', 'B'], 10)).toEqual({ scoreTenths: 0, verdict: 'WRONG' });
    expect(scoreAnswer('SINGLE', ['B'], [], 20)).toEqual({ scoreTenths: 0, verdict: 'UNANSWERED' });
  });

  it('多选 and 不定项: all keys full, fewer keys half (down to 0.5), any wrong option nothing', () => {
    expect(scoreAnswer('MULTIPLE', ['A', 'C', 'D'], ['D', 'A', 'C'], 20)).toEqual({ scoreTenths: 20, verdict: 'CORRECT' });
    expect(scoreAnswer('MULTIPLE', ['A', 'C', 'D'], ['A'], 20)).toEqual({ scoreTenths: 10, verdict: 'PARTIAL' });
    expect(scoreAnswer('MULTIPLE', ['A', 'C', 'D'], ['A', 'B'], 20)).toEqual({ scoreTenths: 0, verdict: 'WRONG' });
    // Half of 3 points is 1.5; half of 1.5 points is 0.75, rounded down to 0.5.
    expect(scoreAnswer('INDEFINITE', ['B', 'E'], ['E'], 30).scoreTenths).toBe(15);
    expect(scoreAnswer('INDEFINITE', ['B', 'E'], ['E'], 15).scoreTenths).toBe(5);
  });

  it('填空: each blank its share, ignoring spaces, full-width forms and case', () => {
    expect(scoreAnswer('FILL', ['现金流量', '10%'], [' 现金流量', '１０％'], 40)).toEqual({ scoreTenths: 40, verdict: 'CORRECT' });
    expect(scoreAnswer('FILL', ['现金流量', '10%'], ['现金流量', '12%'], 40)).toEqual({ scoreTenths: 20, verdict: 'PARTIAL' });
    expect(scoreAnswer('FILL', ['a', 'b', 'c'], ['a', '', ''], 20)).toEqual({ scoreTenths: 5, verdict: 'PARTIAL' });
    expect(scoreAnswer('FILL', ['NPV'], ['irr'], 20)).toEqual({ scoreTenths: 0, verdict: 'WRONG' });
    expect(normaliseBlank('  ＮＰＶ　 值 ')).toBe('npv 值');
    // Numbers match by value: trailing zeros, thousands separators, full-width digits.
    expect(scoreAnswer('FILL', ['13750.00', '12%'], ['13750', '１２％'], 40).verdict).toBe('CORRECT');
    expect(scoreAnswer('FILL', ['1200'], ['1,200.0'], 20).verdict).toBe('CORRECT');
    expect(scoreAnswer('FILL', ['12%'], ['12'], 20).verdict).toBe('WRONG');
    expect(scoreAnswer('FILL', ['0.5'], ['.50'], 20).verdict).toBe('CORRECT');
  });

  it('written answers wait for self-marking', () => {
    expect(scoreAnswer('SHORT_ANSWER', ['要点'], ['我的作答'], 60)).toEqual({ scoreTenths: 0, verdict: 'SUBJECTIVE' });
    expect(scoreAnswer('SHORT_ANSWER', ['要点'], ['  '], 60)).toEqual({ scoreTenths: 0, verdict: 'UNANSWERED' });
  });
});

describe('marks, versions, display', () => {
  it('a self-mark lies within 0…full in steps of 0.5 points', () => {
    expect(isValidMark(45, 60)).toBe(true);
    expect(isValidMark(0, 60)).toBe(true);
    expect(isValidMark(61, 60)).toBe(false);
    expect(isValidMark(43, 60)).toBe(false);
    expect(isValidMark(-5, 60)).toBe(false);
  });

  it('a save keeps the stored answer unless the incoming one is newer', () => {
    expect(keepsIncoming(null, 1)).toBe(true);
    expect(keepsIncoming(100, 101)).toBe(true);
    expect(keepsIncoming(100, 100)).toBe(false);
    expect(keepsIncoming(100, 99)).toBe(false);
  });

  it('shows tenths as points and reads the home tab', () => {
    expect(formatScore(125)).toBe('12.5');
    expect(formatScore(120)).toBe('12');
    expect(homeTabOf('3')).toBe(3);
    expect(homeTabOf('9')).toBe(1);
    expect(homeTabOf(null)).toBe(1);
  });
});
