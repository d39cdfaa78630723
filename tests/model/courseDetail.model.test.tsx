/**
 * The course detail page's data, model-based: paths from the real courseDetail machine drive the
 * real CourseDetailView (msw underneath). The course, its SKUs, its first audition and the sales
 * advisor wait on held requests a path step answers: the course loaded as each kind the machine
 * tells apart (SKUs all open, a camp whose first cohort closed, a camp with none open, a FREE course
 * without SKUs), the server's 404 (not found) or a failure with its 重新加载. The buy button beside
 * it is coursePurchase's (coursePurchaseOnDetail.model.test.tsx); here it only shows whether the
 * chosen SKU can be bought. Date is frozen: which cohorts are open and a stage's state depend on it.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import type { AuditionCourseware, CourseDetails } from '../../src/domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../src/domain/catalog/courseDetail.texts';
import type { SalesQrcode } from '../../src/domain/catalog/resources';
import { COMMERCE_CALLS } from '../../src/domain/commerce/calls';
import type { CourseSku, CourseSkuList } from '../../src/domain/commerce/contract';
import { BREADCRUMB_TEXTS } from '../../src/domain/shared/components.texts';
import { formatCents } from '../../src/domain/shared/format';
import { courseDetailMachine, type CourseDetailData, type CourseDetailSnapshot as Snap } from '../../src/machines/catalog/courseDetail.machine';
import { paths } from '../../src/paths';
import type { RouteDef } from '../../src/routeTypes';
import { ApiError } from '../../src/services/shared/http/ApiError';
import CourseDetailView from '../../src/views/catalog/course/CourseDetailView';
import { click, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { ADVISOR, AUDITIONS, SKUS, SYS_COURSE, clearLogin, handlers, resetFake } from '../unit/catalog/courseDetail.fixtures';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

/** 2026-03-01 10:00 in China. */
const NOW = Date.UTC(2026, 2, 1, 2);
/** Midnight in China of a day (UTC+8). */
const chinaMidnight = (month: number, day: number) => Date.UTC(2026, month, day) - 8 * 3_600_000;

// Every kind is the course at the one route this page is rendered at (what the server answers decides its kind).
const COURSE_ID = SYS_COURSE.id;
const ROUTE_TITLE = '课程详情';
const ROUTE = { path: '/course/detail/:courseId', title: ROUTE_TITLE, auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;

const PAST_COHORT: CourseSku = {
  id: 31,
  name: '2026年2月期',
  priceCents: 199900,
  validDays: 180,
  shipsMaterial: false,
  startsAt: chinaMidnight(1, 1),
  enrolEndsAt: chinaMidnight(1, 8),
};
const NEXT_COHORT: CourseSku = { ...PAST_COHORT, id: 32, name: '2026年4月期', startsAt: chinaMidnight(3, 1), enrolEndsAt: chinaMidnight(3, 8) };
const STAGE = { id: 1, name: '预习营', intro: '熟悉新教材', startDay: 0, days: 7 };
const CAMP: CourseDetails = {
  ...SYS_COURSE,
  type: 'EXP',
  title: '2027一建冲刺训练营',
  priceCents: 199900,
  originalPriceCents: null,
  camp: {
    startsAt: NEXT_COHORT.startsAt,
    startDate: '2026-04-01',
    enrolEndsAt: NEXT_COHORT.enrolEndsAt,
    stages: [{ ...STAGE, startDate: '2026-04-01', endDate: '2026-04-07' }],
  },
};
const FREE: CourseDetails = { ...SYS_COURSE, type: 'FREE', title: '2027一建备考规划直播回放', priceCents: 0, originalPriceCents: null };

/** What the load answers (advisor is loaded later, by the loaded state); openSkuIds as at NOW. */
const loaded = (details: CourseDetails, skus: CourseSku[], openSkuIds: number[], firstAudition: AuditionCourseware | null): CourseDetailData => ({
  details,
  skus,
  openSkuIds,
  firstAudition,
  advisor: null,
});
const LOADS: CourseDetailData[] = [
  // First: the loaded state's representative, whose second SKU a path then picks.
  loaded(SYS_COURSE, SKUS.skus, [11, 12], AUDITIONS[0]!),
  loaded(CAMP, [PAST_COHORT, NEXT_COHORT], [32], null),
  loaded(
    { ...CAMP, camp: { startsAt: null, startDate: null, enrolEndsAt: null, stages: [{ ...STAGE, startDate: null, endDate: null }] } },
    [PAST_COHORT],
    [],
    null,
  ),
  loaded(FREE, [], [], null),
];
const skuList = (skus: CourseSku[]): CourseSkuList => ({ ...SKUS, skus });

const NOT_FOUND = new ApiError(T.notFound, 404, 404);
const SERVER_DOWN = new ApiError('服务器错误(500)', 500, 500);

const calls = heldCalls<'details' | 'skus' | 'audition' | 'advisor'>();
const server = setupServer(
  answer(CATALOG_CALLS.courseDetails, calls.hold('details')),
  answer(CATALOG_CALLS.courseSkuList, calls.hold('skus')),
  answer(CATALOG_CALLS.firstAudition, calls.hold('audition')),
  answer(COMMERCE_CALLS.salesQrcode, calls.hold('advisor')),
  // The rest of the page (catalogue tree, ownership check) answers at once.
  ...handlers,
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Only Date: timers stay real for msw and the state checks' waits.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(() => {
  vi.useRealTimers();
  server.close();
});

const crumbs = () => screen.getByRole('navigation', { name: BREADCRUMB_TEXTS.label });
const currentCrumb = () => crumbs().querySelector('[aria-current="page"]')?.textContent;
const radios = () => screen.queryAllByRole('radio') as HTMLInputElement[];

/** What the page shows of a loaded course: the SKU chosen and the price, button, audition, camp and advisor that go with it. */
async function expectCourse(s: Snap): Promise<void> {
  const data = s.context.data!;
  const { details } = data;
  await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(details.title));
  expect(currentCrumb()).toBe(details.title);
  expect(within(crumbs()).getByRole('link', { name: T.crumbCourses }).getAttribute('href')).toBe(
    details.type === 'FREE' ? paths.freeCourses() : paths.proCourses(),
  );
  expect(document.title.startsWith(`${ROUTE_TITLE} - ${details.title}`)).toBe(true);
  // The page's spinner is gone (the catalogue's own may still turn).
  expect(document.querySelector('.xt-state--fill')).toBeNull();

  const chosen = data.skus.find((sku) => sku.id === s.context.selectedSkuId);
  expect(radios().map((r) => Number(r.value))).toEqual(data.skus.map((sku) => sku.id));
  expect(
    radios()
      .filter((r) => !r.disabled)
      .map((r) => Number(r.value)),
  ).toEqual(data.openSkuIds);
  expect(
    radios()
      .filter((r) => r.checked)
      .map((r) => Number(r.value)),
  ).toEqual(chosen ? [chosen.id] : []);
  const price = document.querySelector('.xt-course__price .xt-course__amount')?.textContent;
  expect(price).toBe(chosen ? formatCents(chosen.priceCents) : details.priceCents > 0 ? formatCents(details.priceCents) : T.free);

  const label = details.type === 'FREE' ? T.claimFree : T.buyNow;
  await eventually(() => expect(screen.getByRole('button', { name: label })).toBeTruthy());
  const button = screen.getByRole('button', { name: label }) as HTMLButtonElement;
  const canAcquire = details.type === 'FREE' || chosen !== undefined;
  expect(button.disabled).toBe(!canAcquire);
  expect(button.nextElementSibling?.textContent ?? null).toBe(canAcquire ? null : data.openSkuIds.length === 0 ? T.noOpenCohort : T.chooseSku);

  const audition = screen.queryByRole('link', { name: /^免费试听/ });
  if (data.firstAudition) expect(audition?.getAttribute('href')).toBe(paths.coursePreview(details.id));
  else expect(audition).toBeNull();

  const camp = screen.queryByRole('region', { name: T.campHeading });
  if (details.camp) {
    expect(camp?.textContent).toContain(details.camp.startDate ? T.cohortStarts(details.camp.startDate) : T.noOpenCohort);
    // On the frozen day every stage is still ahead.
    expect(camp?.textContent).toContain(`${T.campStage(details.camp.stages[0]!.startDate, details.camp.stages[0]!.endDate)} · 未开始`);
  } else expect(camp).toBeNull();

  const advisor = screen.queryByRole('complementary', { name: T.adviceHeading });
  if (data.advisor) {
    expect(advisor?.textContent).toContain(`${data.advisor.name} · ${data.advisor.tip}`);
    expect(
      within(advisor!)
        .getByRole('img', { name: T.adviceQrAlt(data.advisor.name) })
        .getAttribute('src'),
    ).toBe(data.advisor.qrcodeUrl);
  } else expect(advisor).toBeNull();
  expect(screen.queryByTestId('error-state')).toBeNull();
}

describeModel('courseDetail on /course/detail', {
  machine: courseDetailMachine,
  input: { courseId: COURSE_ID },
  start: `打开 /course/detail/${COURSE_ID}（课程详情页）`,
  events: (s: Snap) =>
    [
      ...LOADS.map((output) => ({ type: 'xstate.done.actor.load', output })),
      { type: 'xstate.error.actor.load', error: NOT_FOUND },
      { type: 'xstate.error.actor.load', error: SERVER_DOWN },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadAdvisor', output: ADVISOR },
      { type: 'xstate.done.actor.loadAdvisor', output: null },
      // A click on the SKU already chosen changes nothing on the page, so it sends nothing.
      ...(s.context.data?.skus ?? []).filter((sku) => sku.id !== s.context.selectedSkuId).map((sku) => ({ type: 'SELECT_SKU', skuId: sku.id })),
    ] as never[],
  serializeState: (s: Snap) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('details')).toBe(1));
      expect(screen.getByRole('status').textContent).toBe('加载中…');
      expect(currentCrumb()).toBe(ROUTE_TITLE);
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    loaded: expectCourse,
    notFound: async () => {
      await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.notFound));
      expect(screen.getByTestId('course-not-found').textContent).toContain(T.notFoundHint);
      expect(screen.getByRole('link', { name: T.toProCourses }).getAttribute('href')).toBe(paths.proCourses());
      expect(screen.getByRole('link', { name: T.toFreeCourses }).getAttribute('href')).toBe(paths.freeCourses());
      expect(currentCrumb()).toBe(T.notFound);
      expect(document.title.startsWith(`${ROUTE_TITLE} - ${T.notFound}`)).toBe(true);
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(s.context.error!));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(currentCrumb()).toBe(ROUTE_TITLE);
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: CourseDetailData }) => {
      await calls.answer('skus', () => ok(skuList(e.output.skus)));
      await calls.answer('audition', () => ok(e.output.firstAudition));
      await calls.answer('details', () => ok(e.output.details));
    },
    // The course's own answer decides (404: not found); its SKUs and audition answering too leaves nothing held for a retry.
    'xstate.error.actor.load': async (e: { error: ApiError }) => {
      await calls.answer('skus', () => ok(skuList([])));
      await calls.answer('audition', () => ok(null));
      await calls.answer('details', () => fail(e.error.message, e.error.status));
    },
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
    // No advisor: a failure, which the page leaves out quietly (none set, an empty answer, is the same event).
    'xstate.done.actor.loadAdvisor': async (e: { output: SalesQrcode | null }) =>
      calls.answer('advisor', async (request) => {
        expect(await request.json()).toEqual({ projectId: SYS_COURSE.project.id });
        return e.output ? ok(e.output) : fail('服务器错误(500)', 500);
      }),
    SELECT_SKU: async (e: { skuId: number }) => click(radios().find((r) => Number(r.value) === e.skuId)!),
  } as never,
  setup: async () => {
    resetFake();
    clearLogin();
    renderRouted(`/course/detail/${COURSE_ID}`, <CourseDetailView params={{ courseId: String(COURSE_ID) }} route={ROUTE} />);
    return () => {
      calls.release();
      cleanup();
    };
  },
  coverage: 'transitions',
});
