/** What /uc/my-course and a course's study page say. */
import type { MyCourseTab } from './contract';

export const MY_COURSE_TABS_LABELS: Record<MyCourseTab, string> = { sys: '系统课程', free: '公开课', add: '加购课' };

export const MY_COURSE_TEXTS = {
  title: '我的课程',
  tabs: '课程类型',
  typeLabels: { SYS: '系统课', PACK: '课程包', EXP: '训练营', FREE: '公开课', ADD: '加购课' } as Record<string, string>,
  validUntil: (date: string) => `有效期至 ${date}`,
  expired: '已过期',
  progress: (p: number) => `已学 ${p}%`,
  lessons: (n: number) => `共${n}讲`,
  lastLearned: (name: string) => `上次学到：${name}`,
  notStarted: '还没开始学习',
  continue: '继续学习',
  start: '开始学习',
  detail: '学习详情',
  packCourses: '包含课程',
  camp: (cohort: string) => `训练营 · ${cohort}`,
  stages: '阶段安排',
  empty: { sys: '还没有系统课程，去选一门适合你的课程吧', free: '还没有领取公开课', add: '还没有加购课程' } as Record<MyCourseTab, string>,
  browse: '去选课',
  browseFree: '去看公开课',
  pager: '分页',
  prevPage: '上一页',
  nextPage: '下一页',
  pageOf: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  notOwned: '你还没有这门课程，或课程已过期',
  toCourse: '查看课程',
  catalogue: '课程目录',
  backToList: '返回我的课程',
  paperStatus: { NONE: '未作答', DOING: '作答中', MARKING: '待批阅', DONE: '已交卷' } as Record<string, string>,
  paperAction: { NONE: '去做题', DOING: '继续作答', MARKING: '去批阅', DONE: '查看成绩' } as Record<string, string>,
} as const;
