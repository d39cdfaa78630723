/**
 * Shared by the model tests of the learning and question-bank pages: msw handlers that hold a call
 * until a path step answers it, and the student's courses as /uc/my-course lists them.
 */
import { act } from '@testing-library/react';
import { expect } from 'vitest';
import type { MyCourseItem, MyCourseList } from '../../src/domain/learning/contract';
import { eventually, gate, type Gate } from '../support/loginKit';
import { ok } from '../support/msw';

/** Calls held at gates: `held(call)` is an msw resolver; `respond(call, …)` answers the one waiting. */
export function heldCalls<Call extends string>() {
  let pending: Partial<Record<Call, Gate<Response>>> = {};
  /** Every gate not yet opened (a call the flow no longer waits for too). */
  let open: Gate<Response>[] = [];
  /** How many requests of each call were made since the last reset. */
  const counts: Partial<Record<Call, number>> = {};
  return {
    held(call: Call) {
      return () => {
        const g = gate<Response>();
        pending[call] = g;
        open.push(g);
        counts[call] = (counts[call] ?? 0) + 1;
        return g.promise;
      };
    },
    pending: (call: Call): Gate<Response> | undefined => pending[call],
    count: (call: Call): number => counts[call] ?? 0,
    async respond(call: Call, response: () => Response): Promise<void> {
      await eventually(() => expect(pending[call], `a ${call} call is waiting`).toBeDefined());
      const g = pending[call]!;
      delete pending[call];
      open = open.filter((o) => o !== g);
      await act(async () => {
        g.open(response());
      });
    },
    reset(): void {
      pending = {};
      open = [];
      for (const key of Object.keys(counts)) delete counts[key as Call];
    },
    /** Calls still held get an empty answer, so nothing fails later in another test. */
    release(): void {
      for (const g of open) g.open(ok(null));
      open = [];
      pending = {};
    },
  };
}

const DAY = 86_400_000;
/** A fixed date, so the validity shown is the same on every run. */
export const VALID_UNTIL = new Date(2030, 5, 30).getTime();

export function myCourse(courseId: number, over: Partial<MyCourseItem> = {}): MyCourseItem {
  return {
    courseId,
    courseType: 'SYS',
    title: `《建设工程经济》精讲班 ${courseId}`,
    cover: `/new/demo/covers/${courseId}.svg`,
    validUntil: VALID_UNTIL,
    expired: false,
    lessonCount: 3,
    totalDuration: 1200,
    studyPercentage: 5,
    learnedTotalTime: 60,
    lastRecord: {
      courseId,
      coursewareId: 70,
      coursewareName: '第1讲 资金时间价值',
      coursewareType: 'VIDEO',
      catalogueId: 700,
      stageId: null,
      progressBar: 120,
      learnedAt: VALID_UNTIL - 400 * DAY,
    },
    packCourses: [],
    camp: null,
    ...over,
  };
}

export function courseList(records: MyCourseItem[], over: Partial<MyCourseList> = {}): MyCourseList {
  return { records, total: records.length, current: 1, size: 10, ...over };
}
