/**
 * /uc/my-course/{sys|free|add}: one page of the student's courses of a tab (the view starts a new
 * flow when the tab or page in the URL changes), as a pageData load: loaded | empty | failed (RETRY).
 */
import { LEARNING_CALLS } from '../../domain/learning/calls';
import type { MyCourseTab } from '../../domain/learning/contract';
import { MY_COURSE_PAGE_DEFAULT_SIZE } from '../../domain/learning/limits';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface MyCourseListInput {
  tab: MyCourseTab;
  page: number;
}

export const myCourseListMachine = createPageDataMachine({
  id: 'myCourseList',
  load: ({ tab, page }: MyCourseListInput) => call(LEARNING_CALLS.myCourseList, { query: { tab, current: page, size: MY_COURSE_PAGE_DEFAULT_SIZE } }),
  outcomes: { empty: (list) => list.records.length === 0 },
});
