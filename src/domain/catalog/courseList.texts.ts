/** Screen texts of the course lists (/course/pro-course, /course/free-course) and the resources page (/course/resource). */
import type { CourseListKind } from './courseListQuery';
import type { ResourceTab } from './resourcesQuery';

export const COURSE_LIST_TEXTS = {
  title: { PRO: '精品课程', FREE: '免费公开课' } satisfies Record<CourseListKind, string>,
  lead: {
    PRO: '系统课、课程包、训练营与加购课：按考试项目和科目挑选适合你的课程。',
    FREE: '名师公开课，免费学习，先听一听再决定。',
  } satisfies Record<CourseListKind, string>,
  filters: '筛选课程',
  category: '分类',
  project: '考试项目',
  subject: '科目',
  type: '课程类型',
  sort: '排序',
  all: '全部',
  total: (count: number) => `共 ${count} 门课程`,
  loading: '课程加载中…',
  empty: '这里还没有课程',
  emptyFiltered: '这里还没有符合条件的课程，换个条件看看吧',
  resetFilters: '清除筛选',
  pageEmpty: '这一页没有课程了',
  firstPage: '回到第一页',
} as const;

export const PAGER_TEXTS = {
  label: '分页',
  previous: '上一页',
  next: '下一页',
  page: (page: number) => `第 ${page} 页`,
} as const;

export const RESOURCES_TEXTS = {
  title: '资料下载',
  lead: '各考试项目的备考资料与电子书：资料登录后免费下载，电子书在线阅读。',
  sections: '资料类型',
  tab: { file: '免费资料', ebook: '电子书' } satisfies Record<ResourceTab, string>,
  project: '考试项目',
  all: '全部',
  loading: '资料加载中…',
  emptyFiles: '这里还没有资料',
  emptyEbooks: '这里还没有电子书',
  showAll: '查看全部项目',
  pageEmpty: '这一页没有内容了',
  firstPage: '回到第一页',
  loginHint: '登录后即可免费下载资料',
  download: '下载',
  downloading: '获取中…',
  downloadOf: (title: string) => `下载 ${title}`,
  downloadStarted: (fileName: string) => `已开始下载 ${fileName}`,
  /** Shown under a resource the visitor may not download (the server's 403): where to get it. */
  buyCourses: '查看相关课程',
  downloads: (count: number) => `${count} 次下载`,
  read: '在线阅读',
  readOf: (title: string) => `在线阅读 ${title}（新窗口打开）`,
  author: (author: string) => `${author} 编著`,
  pages: (count: number) => `${count} 页`,
  views: (count: number) => `${count} 次阅读`,
} as const;
