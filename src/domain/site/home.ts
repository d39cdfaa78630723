/** What the home page shows: how many courses each list holds at most (its loading skeleton reserves as many cards). */
export const HOME_COURSE_COUNTS = { pro: 8, free: 4 } as const;

/** What the home page says. */
export const HOME_TEXTS = {
  projects: '考试项目',
  proHeading: '精品课程',
  freeHeading: '免费公开课',
  viewAll: '查看全部 ›',
  noProCourses: '暂无精品课程',
  noFreeCourses: '暂无公开课',
  toQuestionBank: '去题库刷题',
  empty: '课程正在筹备中，敬请期待',
  loading: '加载中…',
} as const;
