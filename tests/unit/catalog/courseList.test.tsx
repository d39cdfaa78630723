/**
 * The course lists (issue 9, point 1): filter lists from the class tree, course type, sort and page
 * kept in the URL (so a link, a reload or back/forward shows the same list), the coursePageList body
 * each choice sends, junk in the URL falling back to 全部, and the loading, empty and error states.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { API_CALLS } from '../../../src/domain/calls';
import type { ClassNode, CourseListItem, CoursePageQuery } from '../../../src/domain/catalog/contract';
import { COURSE_LIST_TEXTS } from '../../../src/domain/catalog/courseList.texts';
import { changeCourseListParams, DEFAULT_COURSE_LIST_PARAMS, readCourseListParams, resolveCourseListParams } from '../../../src/domain/catalog/courseListQuery';
import { pagerItems } from '../../../src/domain/catalog/listQuery';
import { prefetchCourseList } from '../../../src/services/catalog/courseList.data';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import FreeCoursesView from '../../../src/views/catalog/FreeCoursesView';
import ProCoursesView from '../../../src/views/catalog/ProCoursesView';
import { answer, fail, ok } from '../../support/msw';

const TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      {
        id: 11,
        pId: 1,
        name: '一级建造师',
        code: 'yjjz',
        level: 2,
        children: [
          { id: 111, pId: 11, name: '建设工程经济', code: 'yjjz-jj', level: 3 },
          { id: 112, pId: 11, name: '建设工程项目管理', code: 'yjjz-gl', level: 3 },
        ],
      },
      { id: 12, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
    ],
  },
  { id: 2, pId: 0, name: '财会金融', code: 'ckjr', level: 1, children: [{ id: 21, pId: 2, name: '初级会计职称', code: 'cjkj', level: 2 }] },
];

const course = (id: number): CourseListItem => ({
  id,
  type: 'SYS',
  title: `课程 ${id}`,
  subtitle: null,
  cover: `/new/demo/covers/${id}.svg`,
  priceCents: 68000,
  originalPriceCents: null,
  salesCount: 10,
  lessonCount: 3,
  projectId: 11,
  projectName: '一级建造师',
  teachers: [],
});

/** The bodies coursePageList received, in order. */
let asked: CoursePageQuery[] = [];
/** Courses in the fake catalogue; each page answers its slice. */
let total = 3;

const server = setupServer(
  answer(API_CALLS.classTreeList, TREE),
  answer(API_CALLS.coursePageList, async ({ request }) => {
    const body = (await request.json()) as CoursePageQuery;
    asked.push(body);
    const current = body.current ?? 1;
    const size = body.size ?? 12;
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - (current - 1) * size)) }, (_, i) => (current - 1) * size + i + 1);
    return ok({ records: ids.map(course), total, current, size });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = [];
  total = 3;
});
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
});
afterAll(() => server.close());

function renderList(path: string, View = ProCoursesView) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <View />
      </AppProvider>
    </Router>,
  );
  return { location, current: () => location.history.at(-1) };
}

const row = (name: string) => within(screen.getByRole('group', { name }));
const chosen = (name: string) =>
  row(name)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'true')
    .map((link) => link.textContent);
const lastAsked = () => asked.at(-1);
const cards = () => screen.queryAllByTestId('course-card');

describe('the pro course list', () => {
  it('shows the filter lists from the class tree, each led by 全部, and a page of cards linking to their details', async () => {
    renderList('/course/pro-course');
    expect(screen.getByRole('heading', { level: 1, name: '精品课程' })).toBeTruthy();
    expect(screen.getByTestId('course-list-skeleton')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT' });
    expect(
      row('分类')
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['全部', '/course/pro-course'],
      ['建筑工程', '/course/pro-course?categoryId=1'],
      ['财会金融', '/course/pro-course?categoryId=2'],
    ]);
    // 全部 categories: every project; no subject row until a project is chosen.
    expect(
      row('考试项目')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '一级建造师', '二级建造师', '初级会计职称']);
    expect(screen.queryByRole('group', { name: '科目' })).toBeNull();
    expect(
      row('课程类型')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '系统课', '课程包', '训练营', '加购课']);
    expect(
      row('排序')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['综合排序', '最新上架', '销量最高', '价格从低到高', '价格从高到低']);
    expect(chosen('分类')).toEqual(['全部']);
    expect(chosen('排序')).toEqual(['综合排序']);
    expect(cards()[0]!.getAttribute('href')).toBe('/course/detail/1');
    expect(screen.getByText(COURSE_LIST_TEXTS.total(3))).toBeTruthy();
  });

  it('a project and a type chosen by link go into the URL and into the request; the subject row follows the project', async () => {
    const { current } = renderList('/course/pro-course');
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(row('考试项目').getByRole('link', { name: '一级建造师' }));
    expect(current()).toBe('/course/pro-course?projectId=11');
    await waitFor(() => expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT', projectId: 11 }));
    expect(
      row('科目')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '建设工程经济', '建设工程项目管理']);

    fireEvent.click(row('课程类型').getByRole('link', { name: '训练营' }));
    expect(current()).toBe('/course/pro-course?projectId=11&type=EXP');
    await waitFor(() => expect(lastAsked()).toMatchObject({ projectId: 11, type: 'EXP' }));
    expect(chosen('课程类型')).toEqual(['训练营']);

    fireEvent.click(row('科目').getByRole('link', { name: '建设工程经济' }));
    expect(current()).toBe('/course/pro-course?projectId=11&subjectId=111&type=EXP');
    await waitFor(() => expect(lastAsked()).toMatchObject({ projectId: 11, subjectId: 111, type: 'EXP' }));

    // A category clears the project and subject chosen under all categories.
    fireEvent.click(row('分类').getByRole('link', { name: '财会金融' }));
    expect(current()).toBe('/course/pro-course?categoryId=2&type=EXP');
    await waitFor(() => expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT', categoryId: 2, type: 'EXP' }));
    expect(
      row('考试项目')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['全部', '初级会计职称']);
  });

  it('opens on the choice of a link (the home page links ?projectId=) with its sort and page', async () => {
    total = 30;
    renderList('/course/pro-course?projectId=21&sort=SALES&page=2');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(asked).toEqual([{ current: 2, size: 12, priceKind: 'PRO', sort: 'SALES', projectId: 21 }]);
    expect(chosen('考试项目')).toEqual(['初级会计职称']);
    expect(chosen('排序')).toEqual(['销量最高']);
    expect(screen.getByRole('link', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
  });

  it('pages through links; a new filter or sort starts again on page 1', async () => {
    total = 30;
    const { current } = renderList('/course/pro-course?sort=NEWEST');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const pager = within(screen.getByRole('navigation', { name: '分页' }));
    expect(pager.getAllByRole('link').map((a) => a.textContent)).toEqual(['1', '2', '3', '下一页']);
    fireEvent.click(pager.getByRole('link', { name: '下一页' }));
    expect(current()).toBe('/course/pro-course?sort=NEWEST&page=2');
    await waitFor(() => expect(lastAsked()).toMatchObject({ current: 2, sort: 'NEWEST' }));
    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '第 3 页' }));
    // The pager goes while the page loads: focus moves to the top of the list, not to the page's start.
    expect(document.activeElement?.className).toBe('xt-course-list__summary');
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(lastAsked()).toMatchObject({ current: 3 });

    fireEvent.click(row('排序').getByRole('link', { name: '价格从低到高' }));
    expect(current()).toBe('/course/pro-course?sort=PRICE_ASC');
    await waitFor(() => expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'PRICE_ASC' }));
  });

  it('back and forward (the URL changing under it) show that choice again', async () => {
    const { location } = renderList('/course/pro-course?type=SYS');
    await waitFor(() => expect(lastAsked()).toMatchObject({ type: 'SYS' }));
    act(() => location.navigate('/course/pro-course'));
    await waitFor(() => expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT' }));
    expect(chosen('课程类型')).toEqual(['全部']);
    act(() => location.navigate('/course/pro-course?type=SYS'));
    await waitFor(() => expect(chosen('课程类型')).toEqual(['系统课']));
    expect(lastAsked()).toMatchObject({ type: 'SYS' });
  });

  it('junk in the URL falls back to 全部, the default sort and page 1', async () => {
    renderList('/course/pro-course?categoryId=abc&projectId=-3&type=FREE&sort=CHEAPEST&page=x');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(asked).toEqual([{ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT' }]);
    expect(chosen('分类')).toEqual(['全部']);
    expect(chosen('课程类型')).toEqual(['全部']);
  });

  it('ids the class tree does not hold (or not there) are 全部: the page is asked again without them', async () => {
    renderList('/course/pro-course?categoryId=2&projectId=11&subjectId=999');
    await waitFor(() => expect(asked).toHaveLength(2));
    // Asked at once with the URL's ids (beside the tree), then for what the filters show.
    expect(asked[0]).toMatchObject({ categoryId: 2, projectId: 11, subjectId: 999 });
    expect(asked[1]).toEqual({ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT', categoryId: 2 });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(chosen('分类')).toEqual(['财会金融']);
    expect(chosen('考试项目')).toEqual(['全部']);
  });

  it('says so when the filters match nothing, with a link that clears them', async () => {
    total = 0;
    renderList('/course/pro-course?projectId=12&sort=SALES');
    expect(await screen.findByText(COURSE_LIST_TEXTS.emptyFiltered)).toBeTruthy();
    expect(screen.getByRole('link', { name: COURSE_LIST_TEXTS.resetFilters }).getAttribute('href')).toBe('/course/pro-course?sort=SALES');
  });

  it('says 这里还没有课程 when there is no course at all, with nothing to clear', async () => {
    total = 0;
    renderList('/course/pro-course');
    expect(await screen.findByText(COURSE_LIST_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByRole('link', { name: COURSE_LIST_TEXTS.resetFilters })).toBeNull();
  });

  it('a page past the end offers the first page', async () => {
    total = 5;
    renderList('/course/pro-course?page=4');
    expect(await screen.findByText(COURSE_LIST_TEXTS.pageEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: COURSE_LIST_TEXTS.firstPage }).getAttribute('href')).toBe('/course/pro-course');
  });

  it('shows the error with a retry that loads again', async () => {
    let calls = 0;
    server.use(
      answer(API_CALLS.coursePageList, () => {
        calls += 1;
        return calls === 1 ? fail('服务器错误(500)', 500) : ok({ records: [course(1)], total: 1, current: 1, size: 12 });
      }),
    );
    renderList('/course/pro-course');
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls).toBe(2);
  });
});

describe('the first visit', () => {
  it('takes over the answers asked for at start-up instead of asking again', async () => {
    prefetchCourseList('/course/pro-course', '?type=SYS');
    await waitFor(() => expect(asked).toHaveLength(1));
    renderList('/course/pro-course?type=SYS');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(asked).toEqual([{ current: 1, size: 12, priceKind: 'PRO', sort: 'DEFAULT', type: 'SYS' }]);
  });

  it('asks afresh when the start-up answers are for another choice; other pages prefetch nothing', async () => {
    prefetchCourseList('/teacher', '');
    prefetchCourseList('/course/pro-course', '?type=ADD');
    await waitFor(() => expect(asked).toHaveLength(1));
    renderList('/course/pro-course?type=SYS');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatchObject({ type: 'SYS' });
    await waitFor(() => expect(chosen('课程类型')).toEqual(['系统课']));
  });
});

describe('the free course list', () => {
  it('asks for open courses, has no type filter and no price sorts', async () => {
    const { current } = renderList('/course/free-course?type=SYS&sort=PRICE_ASC', FreeCoursesView);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole('heading', { level: 1, name: '免费公开课' })).toBeTruthy();
    expect(asked).toEqual([{ current: 1, size: 12, priceKind: 'FREE', sort: 'DEFAULT' }]);
    expect(screen.queryByRole('group', { name: '课程类型' })).toBeNull();
    expect(
      row('排序')
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['综合排序', '最新上架', '销量最高']);
    fireEvent.click(row('考试项目').getByRole('link', { name: '二级建造师' }));
    expect(current()).toBe('/course/free-course?projectId=12');
    await waitFor(() => expect(lastAsked()).toEqual({ current: 1, size: 12, priceKind: 'FREE', sort: 'DEFAULT', projectId: 12 }));
  });
});

describe('course list query rules', () => {
  it('reads the URL and changes a choice: a category clears project and subject, any change goes to page 1', () => {
    const params = readCourseListParams('categoryId=1&projectId=11&subjectId=111&type=ADD&sort=SALES&page=3', 'PRO');
    expect(params).toEqual({ categoryId: 1, projectId: 11, subjectId: 111, type: 'ADD', sort: 'SALES', page: 3 });
    expect(readCourseListParams('type=ADD&sort=PRICE_DESC', 'FREE')).toEqual(DEFAULT_COURSE_LIST_PARAMS);
    expect(changeCourseListParams(params, { categoryId: 2 })).toEqual({ ...params, categoryId: 2, projectId: null, subjectId: null, page: 1 });
    expect(changeCourseListParams(params, { projectId: 12 })).toEqual({ ...params, projectId: 12, subjectId: null, page: 1 });
    expect(changeCourseListParams(params, { page: 4 })).toEqual({ ...params, page: 4 });
    expect(resolveCourseListParams({ ...params, categoryId: null }, TREE)).toEqual({ ...params, categoryId: null });
    expect(resolveCourseListParams({ ...params, categoryId: 2 }, TREE)).toEqual({ ...params, categoryId: 2, projectId: null, subjectId: null });
  });

  it('keeps a pager to at most 7 entries', () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
