/**
 * The about page (issue 9, point 7): its figures about the site come from the catalogue (the class
 * tree and the totals of both course lists), never written by hand; while they load, placeholders
 * hold their room; without the catalogue they are not shown.
 */
import type { ReactElement } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import type { ClassNode } from '../../../src/domain/catalog/contract';
import { API_CALLS } from '../../../src/domain/calls';
import { DEFAULT_PAGE_TITLE, DEFAULT_SLOGAN } from '../../../src/domain/shared/constants';
import { SITE } from '../../../src/domain/site/facts';
import { HELP_NAV } from '../../../src/views/site/help/helpNav';
import AboutView from '../../../src/views/site/pages/AboutView';
import { answer, ok } from '../../support/msw';

const TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      { id: 6, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 },
      { id: 7, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
    ],
  },
  { id: 2, pId: 0, name: '财会金融', code: 'chjr', level: 1, children: [{ id: 9, pId: 2, name: '初级会计职称', code: 'cjkj', level: 2 }] },
];
const TOTALS = { PRO: 1234, FREE: 5 } as const;

const catalogue = [
  answer(API_CALLS.classTreeList, TREE),
  answer(API_CALLS.coursePageList, async ({ request }) => {
    const { priceKind } = (await request.json()) as { priceKind: 'PRO' | 'FREE' };
    return ok({ records: [], total: TOTALS[priceKind], current: 1, size: 1 });
  }),
];
const server = setupServer(...catalogue);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAbout(ui: ReactElement = <AboutView />) {
  const location = memoryLocation({ path: '/about', record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <FluentProvider theme={webLightTheme}>{ui}</FluentProvider>
      </AppProvider>
    </Router>,
  );
}

const stats = () => within(screen.getByRole('region', { name: '学途数据' }));

describe('AboutView', () => {
  it('introduces the school, its offer and contact facts', async () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: '关于学途' })).toBeTruthy();
    expect(screen.getAllByText(DEFAULT_SLOGAN, { exact: false }).length).toBeGreaterThan(0);
    for (const name of ['我们的使命', '我们提供什么', '开设的考试项目', '教学团队', '联系我们', '帮助中心']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    for (const offer of ['系统课', '课程包', '训练营', '公开课', '章节练习', '历年真题', '模拟试卷', '每日一练']) {
      expect(screen.getByRole('heading', { name: offer })).toBeTruthy();
    }
    expect(screen.getByText(SITE.servicePhone)).toBeTruthy();
    expect(screen.getByText(SITE.serviceHours)).toBeTruthy();
    expect(screen.getByRole('link', { name: SITE.serviceEmail }).getAttribute('href')).toBe(`mailto:${SITE.serviceEmail}`);
    expect(screen.getByText(SITE.icp)).toBeTruthy();
    for (const item of HELP_NAV) {
      expect(screen.getByRole('link', { name: item.label }).getAttribute('href')).toBe(item.path);
    }
    expect(document.title).toBe(`关于我们 - ${DEFAULT_PAGE_TITLE}`);
    await screen.findByText('1,234');
  });

  it('states only figures counted from the catalogue: projects, paid and free courses', async () => {
    renderAbout();
    await waitFor(() =>
      expect(
        stats()
          .getAllByTestId('about-stat')
          .map((el) => el.textContent),
      ).toEqual(['3', '1,234', '5']),
    );
    expect(stats().getByText('开设考试项目')).toBeTruthy();
    expect(stats().getByText('精品课程')).toBeTruthy();
    expect(stats().getByText('免费公开课')).toBeTruthy();
    expect(screen.getByText('目前开设建筑工程、财会金融领域的 3 个考试项目，并持续增加中。')).toBeTruthy();
    const projects = ['一级建造师', '二级建造师', '初级会计职称'].map((name) => screen.getByRole('link', { name }).getAttribute('href'));
    expect(projects).toEqual(['/course/pro-course?projectId=6', '/course/pro-course?projectId=7', '/course/pro-course?projectId=9']);
    // The hand-written claims of before are gone.
    for (const invented of ['1,200+', '30万+', '150+', '20+', '10 年']) expect(document.body.textContent).not.toContain(invented);
  });

  it('holds the figures’ room with placeholders while the catalogue answers, with no number', async () => {
    server.use(
      answer(API_CALLS.classTreeList, async () => {
        await delay('infinite');
        return ok([]);
      }),
    );
    renderAbout();
    const values = stats().getAllByTestId('about-stat');
    expect(values).toHaveLength(3);
    for (const value of values) expect(value.textContent).toBe('');
    expect(screen.getByRole('region', { name: '学途数据' }).getAttribute('aria-busy')).toBe('true');
  });

  it('without the catalogue, the figures and the project list are left out', async () => {
    // Raw: a refusal inside an HTTP 200, which fail() does not make.
    server.use(http.post(API_CALLS.classTreeList.path, () => HttpResponse.json({ code: 500, msg: '服务器开小差了', data: null })));
    renderAbout();
    await waitFor(() => expect(screen.queryByRole('region', { name: '学途数据' })).toBeNull());
    expect(screen.queryByRole('heading', { name: '开设的考试项目' })).toBeNull();
    expect(screen.getByRole('heading', { name: '教学团队' })).toBeTruthy();
  });
});
