/** 我的反馈: a page of the student's own feedback (the page number is the input; a new page is PARAMS_CHANGED). */
import { createPageDataMachine } from '../shared/pageData';
import { listFeedback } from '../../services/site/feedback.api';

export const feedbackListMachine = createPageDataMachine({
  id: 'feedbackList',
  load: (page: number) => listFeedback(page),
  outcomes: { empty: (data) => data.total === 0 },
  sameParams: (a, b) => a === b,
});
