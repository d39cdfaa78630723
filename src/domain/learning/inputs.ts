/** The input check of every learning call the server answers (server side: see shared/input.ts). */
import { type CallInput, Fields, Id, Int, Nullable, OneOf, Optional, Text } from '../shared/input';
import type { LearningCallName, LearningExtraCallName } from './calls';
import { MY_COURSE_TABS } from './contract';
import { LIVE_MESSAGE_MAX_LENGTH, MAX_LEARNED_TIME_PER_RECORD, MY_COURSE_PAGE_DEFAULT_SIZE, MY_COURSE_PAGE_MAX_SIZE } from './limits';
import { COURSEWARE_TYPES } from './rules';

const courseId = Id({ label: '课程ID' });
const coursewareId = Id({ label: '课件ID' });
const clientId = (label: string) => Text({ min: 8, max: 64, pattern: '^[A-Za-z0-9-]+$', label });

export const LEARNING_INPUTS = {
  myCourseList: {
    querystring: Fields({
      tab: OneOf(MY_COURSE_TABS, { default: 'sys' }),
      current: Int({ min: 1, default: 1 }),
      size: Int({ min: 1, max: MY_COURSE_PAGE_MAX_SIZE, default: MY_COURSE_PAGE_DEFAULT_SIZE }),
    }),
  },
  ccConfig: { querystring: Fields({ courseId, coursewareId }) },
  studyPercentage: { params: Fields({ id: courseId }) },
  coursewareInfo: { body: Fields({ courseId, coursewareId }) },
  sendLiveMsg: {
    body: Fields({
      coursewareId,
      content: Text({ max: LIVE_MESSAGE_MAX_LENGTH, label: '发言内容' }),
      clientMsgId: clientId('消息ID'),
    }),
  },
  lastLearnedRecord: { body: Fields({ courseId: Optional(Nullable(courseId)) }) },
  addLearnedRecord: {
    body: Fields({
      courseId,
      coursewareId,
      coursewareName: Text({ max: 120, label: '课件名称' }),
      coursewareType: OneOf(COURSEWARE_TYPES, { label: '课件类型' }),
      learnedTime: Optional(Int({ min: 0, max: MAX_LEARNED_TIME_PER_RECORD, label: '学习时长' })),
      progressBar: Int({ min: 0, label: '播放进度' }),
      stageId: Optional(Nullable(Id({ label: '阶段ID' }))),
      recordId: clientId('记录ID'),
      watchTicket: Text({ min: 16, max: 200, pattern: '^[A-Za-z0-9._-]+$', label: '学习凭证' }),
    }),
  },
  liveMessageStream: { params: Fields({ id: coursewareId }) },
} as const satisfies { [N in LearningCallName | LearningExtraCallName]?: CallInput };
