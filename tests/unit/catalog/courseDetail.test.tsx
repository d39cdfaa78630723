/**
 * /course/detail and /course/preview (issue 9, points 2 and 3) on a fake server: the course and its
 * SKUs, the lazily loaded catalogue (one request per node, the loading flag, retry on a failed node),
 * the button by ownership and type, buying while logged out through the login modal, activating a
 * FREE course, the not-found page, and the audition player.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import type { RouteDef } from '../../../src/routeTypes';
import { closeLoginModal, isLoginModalOpen } from '../../../src/services/shared/loginModal';
import { loginResult } from '../../support/loginKit';
import CourseDetailView from '../../../src/views/catalog/course/CourseDetailView';
import CoursePreviewView from '../../../src/views/catalog/course/CoursePreviewView';
import { clearLogin, fake, handlers, renderAt, resetFake, SKUS, storeLogin, SYS_COURSE } from './courseDetail.fixtures';
import { answer, fail, ok } from '../../support/msw';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetFake();
  clearLogin();
});
afterEach(() => {
  server.resetHandlers();
  closeLoginModal(false);
});
afterAll(() => server.close());

const ROUTE = { path: '/course/detail/:courseId', title: '课程详情', auth: false, layout: 'main', mobile: '' } as unknown as RouteDef;
const openDetail = (courseId: number | string) =>
  renderAt(`/course/detail/${courseId}`, <CourseDetailView params={{ courseId: String(courseId) }} route={ROUTE} />);
const openPreview = (courseId: number) => renderAt(`/course/preview/${courseId}`, <CoursePreviewView params={{ courseId: String(courseId) }} route={ROUTE} />);
const lastPath = (location: { history?: string[] }) => location.history?.at(-1);
const chapter = (name: RegExp) => screen.getByRole('button', { name });

describe('course detail', () => {
  it('shows the course, its SKUs (the first chosen), teachers, the advisor QR and the first audition', async () => {
    openDetail(1);
    expect(await screen.findByRole('heading', { level: 1, name: '2027一级建造师《建设工程经济》精讲班' })).toBeTruthy();
    expect(screen.getByText('系统课')).toBeTruthy();
    // The route's title first (as every page has it), then the course.
    expect(document.title).toMatch(/^课程详情 - 2027一级建造师《建设工程经济》精讲班 - /);
    expect(screen.getByText(/12846人已学/)).toBeTruthy();
    const skus = within(screen.getByRole('group', { name: '选择班型' }));
    const radios = skus.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    expect(skus.getByText('含纸质讲义')).toBeTruthy();
    expect(skus.getByText('有效期730天')).toBeTruthy();
    // The price follows the chosen SKU.
    expect(screen.getAllByText('¥680.00').length).toBeGreaterThan(0);
    fireEvent.click(radios[1]!);
    await waitFor(() => expect(radios[1]!.checked).toBe(true));
    expect(screen.getAllByText('¥1280.00').length).toBe(2);
    expect(screen.getByRole('region', { name: '授课老师' }).textContent).toContain('王晓峰');
    const advisor = await screen.findByRole('complementary', { name: '学习顾问' });
    expect(within(advisor).getByRole('img').getAttribute('src')).toBe('/static/qrcode?text=li');
    expect(within(advisor).getByText('扫码咨询')).toBeTruthy();
    expect(screen.getByRole('link', { name: '免费试听：单利与复利' }).getAttribute('href')).toBe('/course/preview/1');
    expect(screen.getByText(/覆盖全部考点/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: '立即购买' })).toBeTruthy();
  });

  it('says 禁止拖动未学内容 before buying on a course with the setting, and nothing on one without', async () => {
    const rule = /本课程禁止拖动未学内容/;
    server.use(answer(CATALOG_CALLS.courseDetails, () => ok({ ...SYS_COURSE, noSkipAhead: true })));
    const first = openDetail(1);
    expect(await screen.findByText(rule)).toBeTruthy();
    first.unmount();
    server.resetHandlers();
    openDetail(1);
    expect(await screen.findByRole('heading', { level: 1, name: SYS_COURSE.title })).toBeTruthy();
    expect(screen.queryByText(rule)).toBeNull();
  });

  it('a node loads its children on the first expand only, showing its loading flag meanwhile', async () => {
    let release = () => {};
    fake.holdLevel = new Promise<void>((resolve) => (release = resolve));
    openDetail(1);
    const first = await screen.findByRole('button', { name: /第1章 资金时间价值/ });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(await within(body).findByRole('status')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('button', { name: /1\.1 利息的计算/ })).toBeTruthy();
    expect(within(body).queryByRole('status')).toBeNull();
    expect(fake.levelCalls.get(100)).toBe(1);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(fake.levelCalls.get(100)).toBe(1);

    // A leaf's coursewares, the audition marked and leading to the preview.
    fireEvent.click(chapter(/1\.1 利息的计算/));
    const ware = await screen.findByText('单利与复利');
    expect(within(ware.closest('li')!).getByRole('link', { name: '试听' }).getAttribute('href')).toBe('/course/preview/1');
  });

  it('a failed node shows its error with a retry on that node; the others still work', async () => {
    fake.failingLevels.add(100);
    openDetail(1);
    fireEvent.click(await screen.findByRole('button', { name: /第1章 资金时间价值/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败');
    fireEvent.click(chapter(/第2章 经济效果评价/));
    expect(await screen.findByRole('button', { name: /2\.1 净现值/ })).toBeTruthy();
    fake.failingLevels.delete(100);
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /1\.1 利息的计算/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.levelCalls.get(100)).toBe(2);
  });

  it('an owned course offers 开始学习, leading to the player', async () => {
    fake.owned.add(1);
    storeLogin();
    openDetail(1);
    const start = await screen.findByRole('link', { name: '开始学习' });
    expect(start.getAttribute('href')).toBe('/course-player/1');
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('buying while logged out opens the login modal; after the login it checks ownership and goes to the order with the chosen SKU', async () => {
    const { location } = openDetail(1);
    const radios = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    fireEvent.click(radios[1]!);
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(isLoginModalOpen()).toBe(true));
    expect(screen.getByRole('button', { name: '请先登录' })).toBeTruthy();
    const checksBefore = fake.statusCalls;
    act(() => closeLoginModal(true));
    await waitFor(() => expect(lastPath(location)).toBe('/submit-order/1?skuId=12'));
    expect(fake.statusCalls).toBe(checksBefore + 1);
  });

  it('closing the login modal without logging in leaves the page as it was', async () => {
    const { location } = openDetail(1);
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(isLoginModalOpen()).toBe(true));
    act(() => closeLoginModal(false));
    expect(await screen.findByRole('button', { name: '立即购买' })).toBeTruthy();
    expect(lastPath(location)).toBe('/course/detail/1');
  });

  it('a login that shows the course is owned already leads to 开始学习, not to an order', async () => {
    const { location } = openDetail(1);
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(isLoginModalOpen()).toBe(true));
    fake.owned.add(1);
    act(() => closeLoginModal(true));
    expect(await screen.findByRole('link', { name: '开始学习' })).toBeTruthy();
    expect(lastPath(location)).toBe('/course/detail/1');
  });

  it('a login in the header asks for ownership again: a course the account owns turns into 开始学习', async () => {
    const { session } = openDetail(1);
    expect(await screen.findByRole('button', { name: '立即购买' })).toBeTruthy();
    fake.owned.add(1);
    act(() => session.send({ type: 'session.loggedIn', result: loginResult(), target: null }));
    expect(await screen.findByRole('link', { name: '开始学习' })).toBeTruthy();
  });

  it('a FREE course is activated by a logged-in student and then offers 开始学习', async () => {
    storeLogin();
    openDetail(7);
    expect(await screen.findByText('公开课')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '选择班型' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '免费领取' }));
    expect(await screen.findByRole('link', { name: '开始学习' })).toBeTruthy();
    expect(fake.activations).toBe(1);
    expect(isLoginModalOpen()).toBe(false);
  });

  it('a FREE course activated by a visitor goes through the login modal first', async () => {
    openDetail(7);
    fireEvent.click(await screen.findByRole('button', { name: '免费领取' }));
    await waitFor(() => expect(isLoginModalOpen()).toBe(true));
    expect(fake.activations).toBe(0);
    act(() => closeLoginModal(true));
    expect(await screen.findByRole('link', { name: '开始学习' })).toBeTruthy();
    expect(fake.activations).toBe(1);
  });

  it('a camp lists its cohorts with their start; a closed one cannot be chosen, and with none open nothing can be bought', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const cohort = (id: number, startsAt: number) => ({
      id,
      name: `第${id}期`,
      priceCents: 39900,
      validDays: 90,
      shipsMaterial: false,
      startsAt,
      enrolEndsAt: startsAt + 7 * day,
    });
    const camp = { ...SYS_COURSE, id: 6, type: 'EXP' as const, title: '一建实务30天冲刺训练营' };
    server.use(
      answer(CATALOG_CALLS.courseDetails, camp),
      answer(CATALOG_CALLS.courseSkuList, { ...SKUS, courseId: 6, courseType: 'EXP', skus: [cohort(1, now - 30 * day), cohort(2, now + 3 * day)] }),
    );
    const { unmount } = openDetail(6);
    const radios = (await screen.findAllByRole('radio')) as HTMLInputElement[];
    expect(radios.map((r) => [r.checked, r.disabled])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(screen.getByText('已截止报名')).toBeTruthy();
    expect(screen.getByText('报名中')).toBeTruthy();
    expect(screen.getAllByText(/开营$/).length).toBe(2);
    expect(await screen.findByRole('button', { name: '立即购买' })).toHaveProperty('disabled', false);
    unmount();

    server.use(answer(CATALOG_CALLS.courseSkuList, { ...SKUS, courseId: 6, courseType: 'EXP', skus: [cohort(1, now - 30 * day)] }));
    openDetail(6);
    expect(await screen.findByRole('button', { name: '立即购买' })).toHaveProperty('disabled', true);
    expect(screen.getByText('当前暂无可报名的期次')).toBeTruthy();
  });

  it('a PACK lists the courses it includes (no catalogue of its own); an ADD names the course it extends', async () => {
    const summary = (id: number, title: string, onSale = true) => ({
      id,
      type: 'SYS' as const,
      title,
      cover: '',
      priceCents: 68000,
      lessonCount: 24,
      totalDuration: 36000,
      onSale,
    });
    const pack = {
      ...SYS_COURSE,
      id: 5,
      type: 'PACK' as const,
      title: '一建全科课程包',
      packCourses: [summary(1, '经济精讲班'), summary(2, '管理精讲班', false)],
    };
    server.use(answer(CATALOG_CALLS.courseDetails, pack));
    const { unmount } = openDetail(5);
    const included = within(await screen.findByRole('region', { name: '课程包包含的课程' }));
    expect(included.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/course/detail/1', '/course/detail/2']);
    expect(included.getByText(/已下架/)).toBeTruthy();
    expect(screen.getByText('课程包的目录见所含各课程')).toBeTruthy();
    expect(fake.levelCalls.size).toBe(0);
    unmount();

    const addOn = { ...SYS_COURSE, id: 8, type: 'ADD' as const, title: '经济计算题专项（加购）', extendsCourses: [summary(1, '经济精讲班')] };
    server.use(answer(CATALOG_CALLS.courseDetails, addOn));
    openDetail(8);
    const extended = within(await screen.findByRole('region', { name: '本课程为加购课，需搭配以下课程购买' }));
    expect(extended.getByRole('link', { name: /经济精讲班/ }).getAttribute('href')).toBe('/course/detail/1');
  });

  it('an unknown course shows 课程不存在或已下架 with links to the lists', async () => {
    openDetail(999);
    expect(await screen.findByRole('heading', { name: '课程不存在或已下架' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '浏览精品课程' }).getAttribute('href')).toBe('/course/pro-course');
    expect(document.title).toContain('课程不存在或已下架');
  });

  it('a junk course id is no course', () => {
    openDetail('abc');
    expect(screen.getByRole('heading', { name: '课程不存在或已下架' })).toBeTruthy();
  });

  it('a failed load shows the error with a retry', async () => {
    let calls = 0;
    server.use(
      answer(CATALOG_CALLS.courseDetails, () => {
        calls += 1;
        return calls === 1 ? fail('服务器错误(500)') : ok(SYS_COURSE);
      }),
    );
    openDetail(1);
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { level: 1, name: /精讲班/ })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('course preview', () => {
  it('lists the auditions and plays the selected one, without login', async () => {
    openPreview(1);
    const list = within(await screen.findByRole('navigation', { name: '试听课件' }));
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/new/demo/media/audition.mp4');
    expect(list.getByRole('button', { name: /单利与复利/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(list.getByRole('button', { name: /名义利率/ }));
    await waitFor(() => expect(document.querySelector('audio')?.getAttribute('src')).toBe('/new/demo/media/audition.m4a'));
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('link', { name: /返回课程详情/ }).getAttribute('href')).toBe('/course/detail/1');
    expect(await screen.findByRole('button', { name: '立即购买' })).toBeTruthy();
  });

  it('says so when the course has no audition', async () => {
    openPreview(7);
    expect(await screen.findByText('该课程暂无试听课件')).toBeTruthy();
  });

  it('an unknown course shows the not-found page', async () => {
    openPreview(999);
    expect(await screen.findByRole('heading', { name: '课程不存在或已下架' })).toBeTruthy();
  });
});
