/** Shared answers of the course player's tests: a recordable video courseware of course 7 and its catalogue. */
import type { CourseStudyProgress, CoursewareInfo, LearnedRecordResult, PlayerConfig } from '../../../src/domain/learning/contract';

export const COURSE_ID = 7;
export const WARE_ID = 70;

export function info(over: Partial<CoursewareInfo> = {}): CoursewareInfo {
  return {
    courseId: COURSE_ID,
    courseType: 'SYS',
    coursewareId: WARE_ID,
    coursewareName: '第1讲 资金时间价值',
    type: 'VIDEO',
    duration: 600,
    catalogueId: 700,
    stageId: null,
    freeAudition: false,
    owned: true,
    recordable: true,
    studyPercentageInfo: { learnedTotalTime: 60, studyPercentage: 10, progressBar: 120 },
    paperId: null,
    live: null,
    watchTicket: 'ticket-ticket-ticket-0001',
    prevCoursewareId: null,
    nextCoursewareId: 71,
    ...over,
  };
}

export const CONFIG: PlayerConfig = {
  coursewareId: WARE_ID,
  kind: 'hls',
  url: '/media/70/index.m3u8?uid=1&exp=9999999999&sig=x',
  expiresAt: 9_999_999_999_000,
  duration: 600,
  poster: null,
  seekLimit: null,
  watermark: null,
};

export const OUTLINE: CourseStudyProgress = {
  courseId: COURSE_ID,
  studyPercentage: 5,
  learnedTotalTime: 60,
  totalDuration: 1200,
  coursewares: [
    {
      coursewareId: WARE_ID,
      courseId: COURSE_ID,
      coursewareName: '第1讲 资金时间价值',
      type: 'VIDEO',
      duration: 600,
      chapter: '第1章 工程经济',
      section: '第1节 资金时间价值',
      stageId: null,
      paperId: null,
      freeAudition: false,
      studyPercentageInfo: { learnedTotalTime: 60, studyPercentage: 10, progressBar: 120 },
    },
    {
      coursewareId: 71,
      courseId: COURSE_ID,
      coursewareName: '第2讲 等值计算',
      type: 'VIDEO',
      duration: 600,
      chapter: '第1章 工程经济',
      section: '第1节 资金时间价值',
      stageId: null,
      paperId: null,
      freeAudition: false,
      studyPercentageInfo: { learnedTotalTime: 0, studyPercentage: 0, progressBar: 0 },
    },
    {
      coursewareId: 72,
      courseId: COURSE_ID,
      coursewareName: '章节测验',
      type: 'PAPER',
      duration: 0,
      chapter: '第1章 工程经济',
      section: '第1节 资金时间价值',
      stageId: null,
      paperId: 9,
      freeAudition: false,
      studyPercentageInfo: { learnedTotalTime: 0, studyPercentage: 0, progressBar: 0 },
    },
  ],
};

export const RESULT: LearnedRecordResult = {
  coursewareId: WARE_ID,
  counted: true,
  studyPercentageInfo: { learnedTotalTime: 65, studyPercentage: 10, progressBar: 15 },
};
