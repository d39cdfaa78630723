/** The one model of a training camp (src/domain/catalog/camp.ts): cohorts, the next open one, stage dates and states. */
import { describe, expect, it } from 'vitest';
import {
  CAMP_LATE_JOIN_DAYS,
  campEnrolEndsAt,
  campSchedule,
  campStageState,
  chinaDate,
  chinaToday,
  datedCampStages,
  isCohortOpen,
  nextOpenCohort,
} from '../../../src/domain/catalog/camp';
import type { CampStagePlan } from '../../../src/domain/catalog/contract';
import { DAY_MS } from '../../../src/domain/commerce/limits';

/** Monday 1 March 2027, 09:00 Beijing time. */
const START = Date.parse('2027-03-01T01:00:00Z');
const plan: CampStagePlan[] = [
  { id: 1, name: '基础夯实', intro: '', startDay: 0, days: 15 },
  { id: 2, name: '强化提升', intro: '', startDay: 15, days: 20 },
  { id: 3, name: '冲刺模考', intro: '', startDay: 35, days: 10 },
];

describe('cohorts', () => {
  it('takes students until a week after the start; a SKU without a start is always open', () => {
    expect(campEnrolEndsAt(START)).toBe(START + CAMP_LATE_JOIN_DAYS * DAY_MS);
    expect(campEnrolEndsAt(null)).toBeNull();
    expect(isCohortOpen(START, START - DAY_MS)).toBe(true);
    expect(isCohortOpen(START, START + CAMP_LATE_JOIN_DAYS * DAY_MS - 1)).toBe(true);
    expect(isCohortOpen(START, START + CAMP_LATE_JOIN_DAYS * DAY_MS)).toBe(false);
    expect(isCohortOpen(null, START + 1000 * DAY_MS)).toBe(true);
  });

  it('picks the earliest cohort still open, in any order, ignoring SKUs without a start', () => {
    const next = START + 35 * DAY_MS;
    const starts = [next, null, START];
    expect(nextOpenCohort(starts, START - DAY_MS)).toBe(START);
    // Started three days ago: latecomers still join it.
    expect(nextOpenCohort(starts, START + 3 * DAY_MS)).toBe(START);
    expect(nextOpenCohort(starts, START + CAMP_LATE_JOIN_DAYS * DAY_MS)).toBe(next);
    expect(nextOpenCohort(starts, next + CAMP_LATE_JOIN_DAYS * DAY_MS)).toBeNull();
    expect(nextOpenCohort([], START)).toBeNull();
  });
});

describe('stage dates', () => {
  it('follow from the cohort start in China days, both ends included', () => {
    expect(datedCampStages(plan, START).map((s) => [s.name, s.startDate, s.endDate])).toEqual([
      ['基础夯实', '2027-03-01', '2027-03-15'],
      ['强化提升', '2027-03-16', '2027-04-04'],
      ['冲刺模考', '2027-04-05', '2027-04-14'],
    ]);
    // 00:30 on 1 March in Beijing is still 28 February in UTC: the days are China's.
    expect(datedCampStages(plan.slice(0, 1), Date.parse('2027-02-28T16:30:00Z'))[0]).toMatchObject({ startDate: '2027-03-01', endDate: '2027-03-15' });
  });

  it('are null without a cohort, and keep the plan', () => {
    expect(datedCampStages(plan, null)[1]).toEqual({ ...plan[1], startDate: null, endDate: null });
  });

  it('make the schedule a detail page shows: the next open cohort and its stages', () => {
    const next = START + 35 * DAY_MS;
    const early = campSchedule(plan, [START, next], START - DAY_MS);
    expect(early).toMatchObject({ startsAt: START, startDate: '2027-03-01', enrolEndsAt: START + CAMP_LATE_JOIN_DAYS * DAY_MS });
    expect(early.stages[0]!.startDate).toBe('2027-03-01');
    const later = campSchedule(plan, [START, next], START + CAMP_LATE_JOIN_DAYS * DAY_MS);
    expect(later).toMatchObject({ startsAt: next, startDate: '2027-04-05' });
    expect(later.stages.map((s) => s.startDate)).toEqual(['2027-04-05', '2027-04-20', '2027-05-10']);
    expect(campSchedule(plan, [START], START + 30 * DAY_MS)).toEqual({
      startsAt: null,
      startDate: null,
      enrolEndsAt: null,
      stages: datedCampStages(plan, null),
    });
  });
});

describe('stage state', () => {
  it('tells not started, ongoing (both ends included) and ended; without dates it has not started', () => {
    const stage = { startDate: '2027-03-01', endDate: '2027-03-07' };
    expect(campStageState(stage, '2027-02-28')).toBe('NOT_STARTED');
    expect(campStageState(stage, '2027-03-01')).toBe('ONGOING');
    expect(campStageState(stage, '2027-03-07')).toBe('ONGOING');
    expect(campStageState(stage, '2027-03-08')).toBe('ENDED');
    expect(campStageState({ startDate: null, endDate: null }, '2027-03-08')).toBe('NOT_STARTED');
  });

  it('takes today in China time', () => {
    expect(chinaToday(new Date('2027-03-01T15:59:59Z'))).toBe('2027-03-01');
    expect(chinaToday(new Date('2027-03-01T16:00:00Z'))).toBe('2027-03-02');
    expect(chinaDate(Date.parse('2027-03-01T16:00:00Z'))).toBe('2027-03-02');
  });
});
