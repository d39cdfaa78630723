/** Question bank shapes shared by the client and the server. */

export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE', 'FILL', 'SHORT_ANSWER', 'CASE'] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE: '单项选择题',
  MULTIPLE: '多项选择题',
  INDEFINITE: '不定项选择题',
  JUDGE: '判断题',
  FILL: '填空题',
  SHORT_ANSWER: '简答题',
  CASE: '案例分析题',
};
