/** Question bank messages the server sends and the screens show. */
import { DEADLINE_GRACE_SECONDS } from './limits';

export const QB_TEXTS = {
  paperNotFound: '试卷不存在或已下架',
  sectionNotFound: '章节不存在',
  paperLocked: '该试卷为付费内容，请购买相关课程后作答',
  recordNotFound: '答题记录不存在',
  recordHandedIn: '试卷已交卷，不能再修改答案',
  deadlinePassed: `考试时间已到（超过${DEADLINE_GRACE_SECONDS}秒），试卷已自动交卷`,
  questionNotInRecord: '题目不属于本次作答',
  answerShape: '答案格式不正确',
  emptySource: '暂无可练习的题目',
  notHandedIn: '交卷后才能查看成绩和解析',
  notMarking: '本次作答没有待批阅的主观题',
  markInvalid: '评分须在0分到该题满分之间，且以0.5分为单位',
  marksMissing: '请为每道主观题评分后再提交',
  modeNotAllowed: '该来源只能以练习模式作答',
  questionNotFound: '题目不存在',
  feedbackEmpty: '请填写反馈内容',
  feedbackThanks: '感谢反馈，我们会尽快核实',
  /** A record sealed by an exam being answered (examSeal.ts): practice, hand-in, marks and reports wait for its hand-in. */
  examSealed: '考试进行中，交卷后再练习这些题目',
  /** 今日复习 with nothing due (the home shows the count; a stale page may still ask). */
  reviewNothingDue: '今天没有需要复习的题目',
  smartSizeInvalid: '练习题量只能选择10、20或50题',
  examSealedResults: '考试进行中，交卷后再查看这些题目的成绩和解析',
} as const;
