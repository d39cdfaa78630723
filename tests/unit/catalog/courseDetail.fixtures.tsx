/**
 * A small course server on msw for the course detail and preview views: one SYS course (1) with two
 * SKUs and a two-level catalogue, one FREE course (7), ownership per course, and counters of the
 * requests the tests assert on. The views render inside a memory router and a real session.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { API_CALLS } from '../../../src/domain/calls';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../../src/domain/catalog/calls';
import type { AuditionCourseware, CatalogueNode, CourseDetails, CoursewareItem } from '../../../src/domain/catalog/contract';
import { COMMERCE_CALLS } from '../../../src/domain/commerce/calls';
import type { CourseSkuList, UserProductStatus } from '../../../src/domain/commerce/contract';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import type { SalesQrcode } from '../../../src/domain/catalog/resources';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { STUDENT } from '../../support/users';
import { answer, fail, ok } from '../../support/msw';

const TEACHER = { id: 3, name: '王晓峰', title: '一级建造师', avatar: '/new/demo/teachers/wang.svg', intro: '主讲经济。' };

function course(id: number, type: CourseDetails['type'], title: string, priceCents: number): CourseDetails {
  return {
    id,
    type,
    title,
    subtitle: '新教材逐章精讲',
    cover: `/new/demo/covers/${id}.svg`,
    intro: '本课程依据新版大纲编写。\n覆盖全部考点。',
    priceCents,
    originalPriceCents: priceCents > 0 ? priceCents + 30000 : null,
    salesCount: 12846,
    lessonCount: 24,
    totalDuration: 36000,
    validDays: 365,
    category: null,
    project: { id: 6, name: '一级建造师' },
    subject: { id: 61, name: '建设工程经济' },
    teachers: [TEACHER],
    auditionCount: 1,
    packCourses: [],
    extendsCourses: [],
    addOns: [],
    camp: null,
    noSkipAhead: false,
  };
}

export const SYS_COURSE = course(1, 'SYS', '2027一级建造师《建设工程经济》精讲班', 68000);
export const FREE_COURSE = course(7, 'FREE', '2027一建备考规划直播回放', 0);

export const SKUS: CourseSkuList = {
  courseId: 1,
  courseType: 'SYS',
  title: SYS_COURSE.title,
  skus: [
    { id: 11, name: '标准班', priceCents: 68000, validDays: 365, shipsMaterial: false, startsAt: null, enrolEndsAt: null },
    { id: 12, name: '高端班（含纸质讲义）', priceCents: 128000, validDays: 730, shipsMaterial: true, startsAt: null, enrolEndsAt: null },
  ],
  addOns: [],
  stages: [],
  extends: [],
};

const node = (id: number, name: string, parentId: number, hasChildren: boolean, coursewareCount = 2): CatalogueNode => ({
  id,
  name,
  parentId,
  hasChildren,
  coursewareCount,
  duration: 1800,
  auditionCount: 0,
  stageId: null,
});

/** The course's project's sales advisor (the page's 学习顾问 card). */
export const ADVISOR: SalesQrcode = {
  advisorId: 2,
  name: '周老师',
  avatar: '',
  wechatId: 'xuetu-zhou',
  tip: '一建报考问题随时问我',
  qrcodeUrl: '/static/qrcode?text=zhou',
  projectId: SYS_COURSE.project.id,
};

export const TOP: CatalogueNode[] = [node(100, '第1章 资金时间价值', 0, true), node(200, '第2章 经济效果评价', 0, true)];
export const LEVELS: Record<number, CatalogueNode[]> = {
  100: [node(101, '1.1 利息的计算', 100, false)],
  200: [node(201, '2.1 净现值', 200, false)],
};
export const WARES: Record<number, CoursewareItem[]> = {
  101: [
    {
      coursewareId: 9001,
      coursewareName: '单利与复利',
      type: 'VIDEO',
      duration: 900,
      freeAudition: true,
      catalogueId: 101,
      paperId: null,
      mediaUrl: '/new/demo/media/audition.mp4',
    },
  ],
};

export const AUDITIONS: AuditionCourseware[] = [
  { courseId: 1, coursewareId: 9001, coursewareName: '单利与复利', type: 'VIDEO', duration: 900, catalogueId: 101, mediaUrl: '/new/demo/media/audition.mp4' },
  {
    courseId: 1,
    coursewareId: 9002,
    coursewareName: '名义利率（音频）',
    type: 'AUDIO',
    duration: 600,
    catalogueId: 101,
    mediaUrl: '/new/demo/media/audition.m4a',
  },
];

/** What the fake server holds and counts; reset before each test. */
export const fake = {
  owned: new Set<number>(),
  /** parentId → how many times that level was asked for. */
  levelCalls: new Map<number, number>(),
  /** parentIds whose level answers an error (until removed). */
  failingLevels: new Set<number>(),
  /** A level whose answer waits for this promise (to see the loading flag). */
  holdLevel: null as Promise<void> | null,
  statusCalls: 0,
  activations: 0,
};

export function resetFake(): void {
  fake.owned.clear();
  fake.levelCalls.clear();
  fake.failingLevels.clear();
  fake.holdLevel = null;
  fake.statusCalls = 0;
  fake.activations = 0;
}

const status = (courseId: number, owned: boolean): UserProductStatus => ({
  courseId,
  status: owned,
  validFrom: owned ? Date.UTC(2026, 0, 1) : null,
  validUntil: owned ? Date.UTC(2027, 0, 1) : null,
  source: owned ? 'ORDER' : null,
});

const COURSES: Record<number, CourseDetails> = { 1: SYS_COURSE, 7: FREE_COURSE };

export const handlers = [
  // The stored session checks itself once on start.
  answer(API_CALLS.checkStatus, true),
  answer(CATALOG_CALLS.courseDetails, ({ params }) => {
    const found = COURSES[Number(params.id)];
    return found ? ok(found) : fail('课程不存在或已下架', 404);
  }),
  answer(CATALOG_CALLS.courseSkuList, ({ params }) =>
    ok(Number(params.id) === 1 ? SKUS : { ...SKUS, courseId: Number(params.id), courseType: 'FREE', skus: [] }),
  ),
  answer(CATALOG_CALLS.firstAudition, ({ params }) => ok(Number(params.id) === 1 ? (AUDITIONS[0] ?? null) : null)),
  answer(CATALOG_EXTRA_CALLS.auditionList, ({ params }) =>
    COURSES[Number(params.id)] ? ok(Number(params.id) === 1 ? AUDITIONS : []) : fail('课程不存在或已下架', 404),
  ),
  answer(COMMERCE_CALLS.salesQrcode, {
    advisorId: 1,
    name: '李老师',
    avatar: '',
    wechatId: 'xuetu-li',
    tip: '备考问题随时问我',
    qrcodeUrl: '/static/qrcode?text=li',
    projectId: null,
  }),
  answer(CATALOG_CALLS.catalogueList, async ({ request }) => {
    const { parentId = 0 } = (await request.json()) as { parentId?: number };
    fake.levelCalls.set(parentId, (fake.levelCalls.get(parentId) ?? 0) + 1);
    if (fake.holdLevel && parentId !== 0) await fake.holdLevel;
    if (fake.failingLevels.has(parentId)) return fail('服务器错误(500)');
    return ok(parentId === 0 ? TOP : (LEVELS[parentId] ?? []));
  }),
  answer(CATALOG_CALLS.coursewaresList, async ({ request }) => {
    const { catalogueId } = (await request.json()) as { catalogueId: number };
    return ok(WARES[catalogueId] ?? []);
  }),
  answer(LEARNING_CALLS.userProductStatus, ({ params }) => {
    fake.statusCalls += 1;
    return ok(status(Number(params.id), fake.owned.has(Number(params.id))));
  }),
  answer(LEARNING_CALLS.activeFreeCourse, ({ params }) => {
    fake.activations += 1;
    fake.owned.add(Number(params.id));
    return ok(status(Number(params.id), true));
  }),
];

/** A stored session (cookie + user) as a returning student has it: the session starts logged in. */
export function storeLogin(): void {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
  document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STUDENT));
}

export function clearLogin(): void {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=; path=/; max-age=0`;
  document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=; path=/; max-age=0`;
  localStorage.clear();
}

/** `view` rendered at `path` in a memory router with a real session (read from storage). */
export function renderAt(path: string, view: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const session = createAuthSession();
  const utils = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={session}>
        <FluentProvider theme={webLightTheme}>{view}</FluentProvider>
      </AppProvider>
    </Router>,
  );
  return { location, session, ...utils };
}
