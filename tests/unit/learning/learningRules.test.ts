import { describe, expect, it } from 'vitest';
import { isProgressRecorded, learnedTimeOf, studyPercentageOf } from '../../../src/domain/learning/rules';

describe('learning rules (product-spec §4)', () => {
  const base = { loggedIn: true, owned: true, courseType: 'SYS', coursewareType: 'VIDEO' };

  it('records only a logged-in owner of a SYS or PACK course, on a timed courseware', () => {
    expect(isProgressRecorded(base)).toBe(true);
    expect(isProgressRecorded({ ...base, courseType: 'PACK' })).toBe(true);
    expect(isProgressRecorded({ ...base, coursewareType: 'AUDIO' })).toBe(true);
    expect(isProgressRecorded({ ...base, loggedIn: false })).toBe(false);
    expect(isProgressRecorded({ ...base, owned: false })).toBe(false);
    for (const courseType of ['EXP', 'FREE', 'ADD']) expect(isProgressRecorded({ ...base, courseType })).toBe(false);
    for (const coursewareType of ['PAPER', 'EBOOK']) expect(isProgressRecorded({ ...base, coursewareType })).toBe(false);
  });

  it('takes 5 seconds when the learned time is absent', () => {
    expect(learnedTimeOf(undefined)).toBe(5);
    expect(learnedTimeOf(null)).toBe(5);
    expect(learnedTimeOf(0)).toBe(0);
    expect(learnedTimeOf(12)).toBe(12);
  });

  it('divides learned time by duration, caps at 100 and rounds down', () => {
    expect(studyPercentageOf(0, 600)).toBe(0);
    expect(studyPercentageOf(6, 600)).toBe(1);
    expect(studyPercentageOf(599, 600)).toBe(99);
    expect(studyPercentageOf(600, 600)).toBe(100);
    expect(studyPercentageOf(1800, 600)).toBe(100);
    expect(studyPercentageOf(10, 0)).toBe(0);
  });
});
