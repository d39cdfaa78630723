/**
 * The public pages the server renders with their data (issue 23), model-based: the HTML carries the
 * data script, and each page's machine starts from it (`starting` → loaded, empty, not found) instead
 * of asking. Paths from the real homePage, teacherPage, courseList, courseDetail and catalogueTree
 * machines drive the real views; every state check also holds that the page asked nothing for what
 * it shows (msw logs every request, and answers none of the load calls).
 *
 * One data script holds every case, under the keys the machines build from their input: the home
 * page, the teacher page, the PRO list (courses) and the FREE list (none), course 1 (with its
 * chapters), course 2 (the server's 404) and course 3 (no chapters). The home and teacher pages have
 * one key each, so their empty cases are a second document (serverRendered.kit.ts): the modules
 * started afresh over a script holding the empty pages. The other files' suites start without data
 * (vitest gives each file its own modules and DOM). The suites' names sort after those of the
 * machines' own suites ('… on /…'), whose screens stay the gallery's pictures of the shared states.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CatalogueNode, CourseDetails, CourseListItem, TeacherGroup } from '../../src/domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../src/domain/catalog/courseDetail.texts';
import { courseDetailData } from '../../src/domain/catalog/courseDetailData';
import type { CourseListData } from '../../src/domain/catalog/courseListData';
import { COURSE_LIST_TEXTS } from '../../src/domain/catalog/courseList.texts';
import { readCourseListParams } from '../../src/domain/catalog/courseListQuery';
import { COMMERCE_CALLS } from '../../src/domain/commerce/calls';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { Page } from '../../src/domain/shared/envelope';
import { SERVER_PAGE_KEYS } from '../../src/domain/shared/serverPage';
import { HOME_TEXTS } from '../../src/domain/site/home';
import type { HomeData } from '../../src/domain/site/homeData';
import { catalogueTreeMachine } from '../../src/machines/catalog/catalogueTree.machine';
import { courseDetailMachine } from '../../src/machines/catalog/courseDetail.machine';
import { courseListMachine } from '../../src/machines/catalog/courseList.machine';
import { teacherPageMachine } from '../../src/machines/catalog/teacherPage.machine';
import { homePageMachine } from '../../src/machines/site/homePage.machine';
import { qbHomeMachine } from '../../src/machines/questionBank/qbHome.machine';
import type { PaperListItem } from '../../src/domain/questionBank/contract';
import type { QbHomeData } from '../../src/domain/questionBank/homeData';
import { bankProjects, chooseSubject } from '../../src/domain/questionBank/homeSubjects';
import { QB_HOME_TEXTS as QB_TEXTS } from '../../src/domain/questionBank/home.texts';
import { homeTabOf } from '../../src/domain/questionBank/tabs';
import QuestionBankHomeView from '../../src/views/questionBank/home/QuestionBankHomeView';
import { QB_CLASS_TREE } from '../support/qbClassTree';
import { paths } from '../../src/paths';
import type { RouteDef } from '../../src/routeTypes';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CourseDetailView from '../../src/views/catalog/course/CourseDetailView';
import FreeCoursesView from '../../src/views/catalog/FreeCoursesView';
import ProCoursesView from '../../src/views/catalog/ProCoursesView';
import TeacherView from '../../src/views/catalog/teacher/TeacherView';
import HomeView from '../../src/views/site/home/HomeView';
import { eventually } from '../support/loginKit';
import { answer, ok } from '../support/msw';
import { ADVISOR, AUDITIONS, SKUS, SYS_COURSE, TOP, clearLogin } from '../unit/catalog/courseDetail.fixtures';
import { HOME_TREE, listCourse, renderRouted } from './catalogSite.kit';
import { describeModel, settle } from './harness';
import { requestLog, secondDocument, writeServerData } from './serverRendered.kit';

// --- What the server rendered the pages with.

const TREE = HOME_TREE;
const course = listCourse;
const HOME: HomeData = { banners: [], projects: TREE[0]!.children!, proCourses: [course(1, 'PRO'), course(2, 'PRO')], freeCourses: [course(3, 'FREE')] };
const NO_HOME: HomeData = { banners: [], projects: [], proCourses: [], freeCourses: [] };

const GROUPS: TeacherGroup[] = [
  {
    project: { id: 6, name: '一级建造师' },
    teachers: [{ id: 1, name: '王建国', title: '高级工程师', avatar: '/new/demo/teachers/wang.svg', intro: '主讲建设工程经济。' }],
  },
  { project: { id: 12, name: '消防工程师' }, teachers: [] },
];
const NO_TEACHERS: TeacherGroup[] = [{ project: { id: 12, name: '消防工程师' }, teachers: [] }];

/** The lists as opened without filters: the params the view reads from a bare URL. */
const PRO_PARAMS = readCourseListParams('', 'PRO');
const FREE_PARAMS = readCourseListParams('', 'FREE');
const PRO_PAGE: Page<CourseListItem> = { records: [course(1, 'PRO'), course(2, 'PRO')], total: 2, current: 1, size: 12 };
const PRO_LIST: CourseListData = { tree: TREE, shown: PRO_PARAMS, page: PRO_PAGE };
const FREE_LIST: CourseListData = { tree: TREE, shown: FREE_PARAMS, page: { records: [], total: 0, current: 1, size: 12 } };

/** When the server rendered the courses (their SKUs have no cohort dates: open whatever the day). */
const RENDERED_AT = Date.UTC(2026, 2, 1, 2);
/** Course 1 with its SKUs, audition and chapters; course 2 off sale (the server's 404); course 3 with no chapters yet. */
const COURSE_ID = SYS_COURSE.id;
const GONE_ID = 2;
const BARE_ID = 3;
const COURSE = courseDetailData({ details: SYS_COURSE, skus: SKUS.skus, firstAudition: AUDITIONS[0]! }, RENDERED_AT);
const BARE_DETAILS: CourseDetails = { ...SYS_COURSE, id: BARE_ID, title: '2027一级建造师《建设工程法规》精讲班' };
const BARE = courseDetailData({ details: BARE_DETAILS, skus: SKUS.skus, firstAudition: null }, RENDERED_AT);
const NO_CHAPTERS: CatalogueNode[] = [];

/** The question-bank home as a visitor opens it (no subject, the first tab): subject 4 has the bank. */
const QB_PAPER: PaperListItem = {
  id: 11,
  name: '经济模拟卷',
  paperType: 'CHAPTER',
  year: null,
  subjectId: 4,
  durationMinutes: 120,
  totalScoreTenths: 1000,
  passScoreTenths: 600,
  questionCount: 100,
  free: true,
  locked: false,
  attempts: 0,
  bestScoreTenths: null,
  doingRecordId: null,
};
const QB_PROJECTS = bankProjects(QB_CLASS_TREE, new Set([QB_PAPER.subjectId]));
const QB_CHOSEN = chooseSubject(QB_PROJECTS, null)!;
const QB_VISITOR: QbHomeData = {
  projects: QB_PROJECTS,
  project: QB_CHOSEN.project,
  subjectId: QB_CHOSEN.subjectId,
  sections: [{ id: 100, name: '第一章 资金时间价值', questionCount: 12, doneCount: 0, children: [] }],
  subjectPapers: [QB_PAPER],
  tabPapers: [QB_PAPER],
  teachers: [
    {
      project: { id: QB_CHOSEN.project.id, name: QB_CHOSEN.project.name },
      teachers: [{ id: 1, name: '王建国', title: '高级工程师', avatar: '/a.svg', intro: '主讲经济。' }],
    },
  ],
};
const QB_TAB = homeTabOf(null);

// Before any suite generates paths: that starts the machines, which read the script (once).
writeServerData([
  { key: SERVER_PAGE_KEYS.home(), data: HOME },
  { key: SERVER_PAGE_KEYS.teacher(), data: GROUPS },
  { key: SERVER_PAGE_KEYS.courseList('PRO', PRO_PARAMS), data: PRO_LIST },
  { key: SERVER_PAGE_KEYS.courseList('FREE', FREE_PARAMS), data: FREE_LIST },
  { key: SERVER_PAGE_KEYS.courseDetail(COURSE_ID), data: COURSE },
  { key: SERVER_PAGE_KEYS.catalogue(COURSE_ID), data: TOP },
  { key: SERVER_PAGE_KEYS.courseDetail(GONE_ID), data: null },
  { key: SERVER_PAGE_KEYS.courseDetail(BARE_ID), data: BARE },
  { key: SERVER_PAGE_KEYS.catalogue(BARE_ID), data: NO_CHAPTERS },
  { key: SERVER_PAGE_KEYS.qbHome(null, QB_TAB), data: QB_VISITOR },
]);

// --- The network: only what a rendered page still asks for is answered (on a course's page: the
// advisor card, and whether this student owns the course, which no page is rendered with).

const ASK_ADVISOR = `${COMMERCE_CALLS.salesQrcode.method} ${COMMERCE_CALLS.salesQrcode.path}`;
const askOwnership = (courseId: number) =>
  `${LEARNING_CALLS.userProductStatus.method} ${LEARNING_CALLS.userProductStatus.path.replace(':id', String(courseId))}`;
const server = setupServer(
  answer(COMMERCE_CALLS.salesQrcode, ADVISOR),
  // A visitor owns nothing.
  answer(LEARNING_CALLS.userProductStatus, ({ params }) => ok({ courseId: Number(params.id), status: false, validFrom: null, validUntil: null, source: null })),
);
const requests = requestLog(server);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Once the page has settled, these were its only requests, in any order (none for the data it was rendered with). */
async function expectAsked(expected: readonly string[]): Promise<void> {
  await settle();
  expect(requests.list().sort()).toEqual([...expected].sort());
}

const teardown = () => {
  cleanup();
  dismissAllToasts();
};

// --- 首页 and 师资团队.

async function expectHome(): Promise<void> {
  await eventually(() => expect(screen.queryAllByTestId('course-card')).toHaveLength(3));
  expect(screen.queryByTestId('home-skeleton')).toBeNull();
  expect(screen.getByRole('heading', { level: 2, name: HOME_TEXTS.proHeading })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: HOME_TEXTS.freeHeading })).toBeTruthy();
  expect(
    screen
      .queryAllByTestId('course-card')
      .map((c) => c.textContent)
      .join(),
  ).toContain('课程 1');
  expect(screen.getByRole('navigation', { name: HOME_TEXTS.projects }).textContent).toBe('一级建造师');
  await expectAsked([]);
}

describeModel('homePage rendered by the server on /', {
  machine: homePageMachine,
  start: '打开服务器已渲染的首页 /（课程随页面送达）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: { loaded: expectHome },
  exec: {},
  setup: async () => {
    requests.clear();
    renderRouted('/', <HomeView />);
    return teardown;
  },
  coverage: 'states',
});

async function expectTeachers(): Promise<void> {
  await eventually(() => expect(screen.getByRole('heading', { level: 3, name: '王建国' })).toBeTruthy());
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['一级建造师']);
  const filters = screen.getByRole('navigation', { name: '按考试项目筛选' });
  expect([...filters.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['全部', '一级建造师']);
  expect(screen.queryByRole('status')).toBeNull();
  await expectAsked([]);
}

describeModel('teacherPage rendered by the server on /teacher', {
  machine: teacherPageMachine,
  start: '打开服务器已渲染的 /teacher（师资团队，讲师随页面送达）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: { loaded: expectTeachers },
  exec: {},
  setup: async () => {
    requests.clear();
    renderRouted('/teacher', <TeacherView />);
    return teardown;
  },
  coverage: 'states',
});

// --- The course lists: PRO with courses, FREE with none.

describeModel('courseList rendered by the server on /course/pro-course', {
  machine: courseListMachine,
  input: { kind: 'PRO', params: PRO_PARAMS },
  start: '打开服务器已渲染的 /course/pro-course（精品课程，未选筛选，课程随页面送达）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loaded: async () => {
      await eventually(() => expect(screen.getAllByTestId('course-card')).toHaveLength(PRO_PAGE.records.length));
      expect(screen.getByText(COURSE_LIST_TEXTS.total(PRO_PAGE.total))).toBeTruthy();
      // The filters come from the rendered class tree: its project is a link, 全部 is chosen.
      expect(screen.getByRole('link', { name: '一级建造师' })).toBeTruthy();
      expect(screen.getByRole('group', { name: '课程类型' }).querySelector('[aria-current="true"]')?.textContent).toBe('全部');
      expect(screen.queryByTestId('course-list-skeleton')).toBeNull();
      await expectAsked([]);
    },
  },
  exec: {},
  setup: async () => {
    requests.clear();
    renderRouted('/course/pro-course', <ProCoursesView />);
    return teardown;
  },
  coverage: 'states',
});

describeModel('courseList rendered by the server on /course/free-course, with no courses', {
  machine: courseListMachine,
  input: { kind: 'FREE', params: FREE_PARAMS },
  start: '打开服务器已渲染的 /course/free-course（免费公开课，未选筛选，服务器查得没有课程）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(COURSE_LIST_TEXTS.empty));
      expect(screen.getByRole('link', { name: '一级建造师' })).toBeTruthy();
      expect(screen.queryAllByTestId('course-card')).toHaveLength(0);
      expect(screen.queryByTestId('course-list-skeleton')).toBeNull();
      await expectAsked([]);
    },
  },
  exec: {},
  setup: async () => {
    requests.clear();
    renderRouted('/course/free-course', <FreeCoursesView />);
    return teardown;
  },
  coverage: 'states',
});

// --- A course's page: its data, then its catalogue.

const ROUTE_TITLE = '课程详情';
const ROUTE = { path: '/course/detail/:courseId', title: ROUTE_TITLE, auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const renderCourse = (courseId: number) => {
  requests.clear();
  clearLogin();
  renderRouted(paths.courseDetail(courseId), <CourseDetailView params={{ courseId: String(courseId) }} route={ROUTE} />);
  return Promise.resolve(teardown);
};

/**
 * A rendered course's page: its title, SKUs and audition at once; only what the server leaves out
 * is asked for (the advisor card, the student's ownership behind the buy button).
 */
async function expectCourse(details: CourseDetails, audition: boolean): Promise<void> {
  await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(details.title));
  expect(document.title.startsWith(`${ROUTE_TITLE} - ${details.title}`)).toBe(true);
  const radios = screen.getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((r) => Number(r.value))).toEqual(SKUS.skus.map((sku) => sku.id));
  expect(radios.filter((r) => r.checked).map((r) => Number(r.value))).toEqual([SKUS.skus[0]!.id]);
  await eventually(() => expect(screen.getByRole('button', { name: T.buyNow })).toBeTruthy());
  const preview = screen.queryByRole('link', { name: /^免费试听/ });
  if (audition) expect(preview?.getAttribute('href')).toBe(paths.coursePreview(details.id));
  else expect(preview).toBeNull();
  await eventually(() => expect(screen.getByRole('complementary', { name: T.adviceHeading }).textContent).toContain(ADVISOR.name));
  expect(screen.queryByTestId('error-state')).toBeNull();
  await expectAsked([ASK_ADVISOR, askOwnership(details.id)]);
}

describeModel('courseDetail rendered by the server on /course/detail/1', {
  machine: courseDetailMachine,
  input: { courseId: COURSE_ID },
  start: `打开服务器已渲染的 /course/detail/${COURSE_ID}（课程详情页，课程随页面送达）`,
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: { loaded: () => expectCourse(SYS_COURSE, true) },
  exec: {},
  setup: () => renderCourse(COURSE_ID),
  coverage: 'states',
});

describeModel('courseDetail rendered by the server on /course/detail/2, not found', {
  machine: courseDetailMachine,
  input: { courseId: GONE_ID },
  start: `打开服务器已渲染的 /course/detail/${GONE_ID}（已下架的课程：服务器答 404）`,
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    notFound: async () => {
      await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.notFound));
      expect(screen.getByTestId('course-not-found').textContent).toContain(T.notFoundHint);
      expect(screen.getByRole('link', { name: T.toProCourses }).getAttribute('href')).toBe(paths.proCourses());
      expect(document.title.startsWith(`${ROUTE_TITLE} - ${T.notFound}`)).toBe(true);
      expect(screen.queryByRole('status')).toBeNull();
      await expectAsked([]);
    },
  },
  exec: {},
  setup: () => renderCourse(GONE_ID),
  coverage: 'states',
});

const catalogue = () => screen.getByRole('region', { name: T.catalogueHeading });

describeModel('catalogueTree rendered by the server on /course/detail/1', {
  machine: catalogueTreeMachine,
  input: { courseId: COURSE_ID },
  start: `打开服务器已渲染的 /course/detail/${COURSE_ID}（课程详情页），看“课程目录”（章节随页面送达）`,
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    ready: async () => {
      await eventually(() => expect(within(catalogue()).getAllByTestId('catalogue-node')).toHaveLength(TOP.length));
      for (const chapter of TOP)
        expect(
          within(catalogue())
            .getByRole('button', { name: new RegExp(chapter.name) })
            .getAttribute('aria-expanded'),
        ).toBe('false');
      expect(within(catalogue()).queryByRole('status')).toBeNull();
      await expectCourse(SYS_COURSE, true);
    },
  },
  exec: {},
  setup: () => renderCourse(COURSE_ID),
  coverage: 'states',
});

describeModel('catalogueTree rendered by the server on /course/detail/3, with no chapters', {
  machine: catalogueTreeMachine,
  input: { courseId: BARE_ID },
  start: `打开服务器已渲染的 /course/detail/${BARE_ID}（课程详情页），看“课程目录”（服务器查得没有章节）`,
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    empty: async () => {
      await eventually(() => expect(within(catalogue()).getByTestId('empty-state').textContent).toBe(T.catalogueEmpty));
      expect(within(catalogue()).queryAllByTestId('catalogue-node')).toHaveLength(0);
      await expectCourse(BARE_DETAILS, false);
    },
  },
  exec: {},
  setup: () => renderCourse(BARE_ID),
  coverage: 'states',
});

// --- 题库 as a visitor sees it (a student's page holds their figures: the server never renders it).

describeModel('qbHome rendered by the server on /question-bank/home, for a visitor', {
  machine: qbHomeMachine,
  input: { subjectId: null, tab: QB_TAB, loggedIn: false },
  start: '以游客身份打开服务器已渲染的 /question-bank/home（题库，科目与章节随页面送达）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loaded: async () => {
      await eventually(() => expect(screen.getByRole('navigation', { name: QB_TEXTS.subjectNav })).toBeTruthy());
      const subjects = within(screen.getByRole('navigation', { name: QB_TEXTS.subjectNav }));
      expect(subjects.getByRole('link', { name: '建设工程经济' }).getAttribute('aria-current')).toBe('page');
      expect(screen.getByRole('link', { name: '开始练习：第一章 资金时间价值' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: '王建国' })).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
      await expectAsked([]);
    },
  },
  exec: {},
  setup: async () => {
    requests.clear();
    clearLogin();
    renderRouted('/question-bank/home', <QuestionBankHomeView />);
    return teardown;
  },
  coverage: 'states',
});

// --- A second document: the home and teacher pages rendered empty.

const second = await secondDocument([
  { key: SERVER_PAGE_KEYS.home(), data: NO_HOME },
  { key: SERVER_PAGE_KEYS.teacher(), data: NO_TEACHERS },
]);
const secondTeardown = () => {
  cleanup();
  second.dismissAllToasts();
};

describeModel('homePage rendered by the server on /, with no courses', {
  machine: second.homePageMachine,
  start: '打开服务器已渲染的首页 /（服务器查得没有课程和轮播图）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(HOME_TEXTS.empty));
      expect(screen.queryByTestId('home-skeleton')).toBeNull();
      expect(screen.queryAllByTestId('course-card')).toHaveLength(0);
      await expectAsked([]);
    },
  },
  exec: {},
  setup: async () => {
    requests.clear();
    second.renderRouted('/', <second.HomeView />);
    return secondTeardown;
  },
  coverage: 'states',
});

describeModel('teacherPage rendered by the server on /teacher, with no teachers', {
  machine: second.teacherPageMachine,
  start: '打开服务器已渲染的 /teacher（师资团队，服务器查得没有讲师）',
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe('暂无讲师信息'));
      expect(screen.queryByRole('navigation', { name: '按考试项目筛选' })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
      await expectAsked([]);
    },
  },
  exec: {},
  setup: async () => {
    requests.clear();
    second.renderRouted('/teacher', <second.TeacherView />);
    return secondTeardown;
  },
  coverage: 'states',
});
