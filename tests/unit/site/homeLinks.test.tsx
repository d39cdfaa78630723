/**
 * Every link of the home page leads to a page of the app (issue 9, point 7): the banners (each of
 * them, through its dot), the project chips, the course cards, both 查看全部 and the question-bank
 * button. A banner whose link is not a page of the app (another site, an unknown path) shows as a
 * picture, not as a link that ends on /404.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { createAuthSession } from '../../../src/app/authSession';
import { App } from '../../../src/app/App';
import type { ClassNode, CourseListItem } from '../../../src/domain/catalog/contract';
import { API_CALLS } from '../../../src/domain/calls';
import { matchPath } from '../../../src/domain/shared/routing';
import type { AdItem } from '../../../src/domain/site/contract';
import { SITE_CALLS } from '../../../src/domain/site/calls';
import { PATTERNS } from '../../../src/paths';
import { REDIRECTS, ROUTES } from '../../../src/routes';
import { answer, ok } from '../../support/msw';

const course = (id: number, price: number): CourseListItem => ({
  id,
  type: price > 0 ? 'SYS' : 'FREE',
  title: `课程 ${id}`,
  subtitle: null,
  cover: `/new/demo/covers/${id}.svg`,
  priceCents: price * 100,
  originalPriceCents: null,
  salesCount: 10,
  lessonCount: 3,
  projectId: 6,
  projectName: '一级建造师',
  teachers: [],
});

const BANNERS: AdItem[] = [
  { id: 1, title: '站内课程', imageUrl: '/new/demo/banners/1.svg', linkUrl: '/course/detail/5' },
  { id: 2, title: '带前缀的课程', imageUrl: '/new/demo/banners/2.svg', linkUrl: '/new/course/detail/6?from=banner' },
  { id: 3, title: '站外活动', imageUrl: '/new/demo/banners/3.svg', linkUrl: 'https://www.example.com/promo' },
  { id: 4, title: '失效链接', imageUrl: '/new/demo/banners/4.svg', linkUrl: '/activity/2019' },
  { id: 5, title: '无链接', imageUrl: '/new/demo/banners/5.svg', linkUrl: null },
];
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
];

const server = setupServer(
  answer(SITE_CALLS.adItemsByCode, BANNERS),
  answer(API_CALLS.classTreeList, TREE),
  answer(API_CALLS.coursePageList, async ({ request }) => {
    const query = (await request.json()) as { priceKind?: string };
    const records = query.priceKind === 'FREE' ? [course(21, 0), course(22, 0)] : [course(11, 9900), course(12, 19900), course(13, 29900)];
    return ok({ records, total: records.length, current: 1, size: 8 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The page a link opens: a route of the table (or a redirect to one), never the 404 page. */
function pageOf(href: string): string | undefined {
  const pathname = href.split(/[?#]/, 1)[0]!;
  const route = [...ROUTES, ...REDIRECTS].find((r) => matchPath(r.path, pathname));
  return route && route.path !== PATTERNS.notFound ? route.path : undefined;
}

async function renderHome() {
  const location = memoryLocation({ path: '/', record: true });
  render(<App session={createAuthSession()} base="" hook={location.hook} searchHook={location.searchHook} />);
  await screen.findAllByTestId('course-card');
}

describe('home links', () => {
  it('every card, chip, 查看全部 and the question-bank button leads to a page of the app', async () => {
    await renderHome();
    const home = document.querySelector<HTMLElement>('.xt-home')!;
    const banner = screen.getByTestId('home-banner');
    const hrefs = [...home.querySelectorAll('a')].filter((a) => !banner.contains(a)).map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toEqual([
      '/course/pro-course?projectId=6',
      '/course/pro-course?projectId=7',
      '/course/pro-course',
      '/course/detail/11',
      '/course/detail/12',
      '/course/detail/13',
      '/course/free-course',
      '/course/detail/21',
      '/course/detail/22',
      '/question-bank/home',
    ]);
    for (const href of hrefs) expect(pageOf(href), href).toBeDefined();
    expect(within(home).getAllByRole('link', { name: /查看全部/ })).toHaveLength(2);
  });

  it('each banner links to its page of the app, or is a picture when its link leads nowhere in the app', async () => {
    const user = userEvent.setup();
    await renderHome();
    const banner = screen.getByTestId('home-banner');
    const seen: Array<[string, string | null]> = [];
    for (const item of BANNERS) {
      await user.click(within(banner).getByRole('button', { name: item.title }));
      const image = within(banner).getByRole('img', { name: item.title });
      const link = image.closest('a');
      seen.push([item.title, link?.getAttribute('href') ?? null]);
      if (link) expect(pageOf(link.getAttribute('href')!), item.title).toBeDefined();
    }
    expect(seen).toEqual([
      ['站内课程', '/course/detail/5'],
      ['带前缀的课程', '/course/detail/6?from=banner'],
      ['站外活动', null],
      ['失效链接', null],
      ['无链接', null],
    ]);
  });
});
