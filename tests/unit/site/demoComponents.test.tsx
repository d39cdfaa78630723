/**
 * The component demos (/demo-components/*, issue 20): each page renders the real components in each
 * of their states from fixtures, and asks the server for nothing (msw refuses any request).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { COURSE_TYPES, COURSE_TYPE_LABELS } from '../../../src/domain/catalog/contract';
import { PLAYER_TEXTS } from '../../../src/domain/learning/player.texts';
import { TIMEOUT_ERROR_TEXT } from '../../../src/domain/shared/errors';
import { CALCULATOR_KEY_ACTIONS, DEMO_TEXTS } from '../../../src/domain/site/demoComponents.texts';
import { HOME_TEXTS } from '../../../src/domain/site/home';
import { PATTERNS } from '../../../src/paths';
import type { RouteViewProps } from '../../../src/routeTypes';
import { CALCULATOR_KEYS } from '../../../src/views/questionBank/ExamCalculator';
import DemoBreadcrumbView from '../../../src/views/site/demo/DemoBreadcrumbView';
import DemoCalculatorView from '../../../src/views/site/demo/DemoCalculatorView';
import DemoCourseTypeView from '../../../src/views/site/demo/DemoCourseTypeView';
import DemoHomeView from '../../../src/views/site/demo/DemoHomeView';
import DemoPlayVideoView from '../../../src/views/site/demo/DemoPlayVideoView';
import DemoUploadView from '../../../src/views/site/demo/DemoUploadView';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderDemo(View: ComponentType<RouteViewProps>, path: string, title = '示例') {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <AppProvider session={createAuthSession()}>
        <View params={{}} route={{ path, title, view: () => Promise.reject(new Error('unused')), auth: false, layout: 'main', mobile: '' }} />
      </AppProvider>
    </Router>,
  );
}

const section = (testId: string) => within(screen.getByTestId(testId));

describe('the demo frame', () => {
  it('names the page, places it in a breadcrumb and marks it current among the six demos', () => {
    renderDemo(DemoBreadcrumbView, PATTERNS.demoBreadcrumb, '面包屑示例');
    expect(screen.getByRole('heading', { level: 1, name: DEMO_TEXTS.breadcrumb.title })).toBeTruthy();
    expect(document.title).toMatch(/^面包屑示例 - /);
    const nav = screen.getByRole('navigation', { name: DEMO_TEXTS.hubNav });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      PATTERNS.demoHome,
      PATTERNS.demoPlayVideo,
      PATTERNS.demoCourseType,
      PATTERNS.demoBreadcrumb,
      PATTERNS.demoUpload,
      PATTERNS.demoCalculator,
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual([DEMO_TEXTS.breadcrumb.nav]);
  });
});

describe('/demo-components/home', () => {
  it('shows the home blocks loading, empty, failed, filled and with one empty row', () => {
    renderDemo(DemoHomeView, PATTERNS.demoHome);
    expect(section('demo-home-loading').getByTestId('home-skeleton').getAttribute('role')).toBe('status');
    expect(section('demo-home-empty').getByText(HOME_TEXTS.empty)).toBeTruthy();
    const error = section('demo-home-error');
    expect(error.getByRole('alert').textContent).toContain(DEMO_TEXTS.home.errorMessage);
    expect(error.getByRole('button', { name: '重新加载' })).toBeTruthy();
    const filled = section('demo-home-filled');
    expect(filled.getByTestId('home-banner')).toBeTruthy();
    expect(filled.getByRole('navigation', { name: HOME_TEXTS.projects })).toBeTruthy();
    expect(filled.getByRole('heading', { name: HOME_TEXTS.proHeading })).toBeTruthy();
    expect(filled.getAllByTestId('course-card')).toHaveLength(6);
    expect(filled.queryByTestId('empty-state')).toBeNull();
    const partial = section('demo-home-partial');
    expect(partial.getByText(HOME_TEXTS.noFreeCourses)).toBeTruthy();
    expect(partial.getAllByTestId('course-card')).toHaveLength(4);
  });
});

describe('/demo-components/play-video', () => {
  it('shows the player loading, the audition video and audio, a failed link and a courseware without media', async () => {
    renderDemo(DemoPlayVideoView, PATTERNS.demoPlayVideo);
    expect(section('demo-player-loading').getByRole('status').textContent).toContain(PLAYER_TEXTS.loading);
    const video = section('demo-player-video').getByTestId('course-video') as HTMLVideoElement;
    expect(video.getAttribute('aria-label')).toBe(DEMO_TEXTS.playVideo.videoTitle);
    expect(video.getAttribute('src')).toMatch(/demo\/media\/audition\.mp4$/);
    const audio = section('demo-player-audio').getByTestId('course-audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toMatch(/demo\/media\/audition\.m4a$/);
    expect(section('demo-player-audio').getByText(DEMO_TEXTS.playVideo.audioTitle)).toBeTruthy();
    expect(section('demo-player-video').getByRole('combobox', { name: PLAYER_TEXTS.rate })).toBeTruthy();
    expect(section('demo-player-failed').getByRole('alert').textContent).toContain(TIMEOUT_ERROR_TEXT);
    const noMedia = section('demo-player-no-media');
    expect(noMedia.getByRole('alert').textContent).toContain(PLAYER_TEXTS.noMedia);
    await userEvent.click(noMedia.getByRole('button', { name: PLAYER_TEXTS.retry }));
    expect(noMedia.getByText(DEMO_TEXTS.playVideo.retries(1))).toBeTruthy();
  });
});

describe('/demo-components/course-type', () => {
  it('shows a card of every course type and the free, paid and discounted prices', () => {
    renderDemo(DemoCourseTypeView, PATTERNS.demoCourseType);
    const types = section('demo-course-types').getAllByTestId('course-card');
    expect(types).toHaveLength(COURSE_TYPES.length);
    expect(types.map((card) => card.querySelector('.xt-course-card__tag')?.textContent)).toEqual(COURSE_TYPES.map((type) => COURSE_TYPE_LABELS[type]));
    const [free, paid, discounted] = section('demo-course-prices').getAllByTestId('course-card');
    expect(free!.textContent).toContain('免费');
    expect(paid!.textContent!.match(/¥/g)).toHaveLength(1);
    expect(discounted!.querySelector('.xt-price--original')?.textContent).toMatch(/^¥/);
  });
});

describe('/demo-components/breadcrumb', () => {
  it('shows a short path, a long name and a single item', () => {
    renderDemo(DemoBreadcrumbView, PATTERNS.demoBreadcrumb);
    const crumbs = (testId: string) => section(testId).getByRole('navigation', { name: '面包屑' });
    expect(within(crumbs('demo-breadcrumb-short')).getAllByRole('listitem')).toHaveLength(3);
    const long = within(crumbs('demo-breadcrumb-long')).getAllByRole('listitem').at(-1)!;
    expect(long.textContent!.length).toBeGreaterThan(60);
    expect(within(crumbs('demo-breadcrumb-single')).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('/demo-components/upload', () => {
  it('shows the picker empty, done, uploading, failed, full and disabled, and one that previews picked files', async () => {
    renderDemo(DemoUploadView, PATTERNS.demoUpload);
    expect(section('demo-upload-empty').getByText('0/4')).toBeTruthy();
    expect(section('demo-upload-done').getAllByRole('img')).toHaveLength(2);
    expect(section('demo-upload-uploading').getByRole('status').textContent).toBe('上传中');
    expect(section('demo-upload-failed').getByRole('alert').textContent).toBe(DEMO_TEXTS.upload.failedError);
    expect(section('demo-upload-failed').getByRole('button', { name: '重试' })).toBeTruthy();
    expect(section('demo-upload-full').getByText('4/4')).toBeTruthy();
    expect(section('demo-upload-full').queryByTestId('upload-input')).toBeNull();
    expect((section('demo-upload-disabled').getByTestId('upload-input') as HTMLInputElement).disabled).toBe(true);

    const tryIt = section('demo-upload-try');
    URL.createObjectURL ??= () => 'blob:demo';
    URL.revokeObjectURL ??= () => {};
    await userEvent.upload(tryIt.getByTestId('upload-input'), [new File(['a'], '反馈截图.png', { type: 'image/png' })]);
    expect(tryIt.getByRole('img', { name: '第1张图片：反馈截图.png' })).toBeTruthy();
    await userEvent.click(tryIt.getByRole('button', { name: '删除第1张图片' }));
    expect(tryIt.queryByRole('img')).toBeNull();
  });
});

describe('/demo-components/calculator', () => {
  it('has a working calculator and a row for each of its keys', async () => {
    renderDemo(DemoCalculatorView, PATTERNS.demoCalculator);
    const calc = section('demo-calculator');
    for (const key of ['1', '2', '×', '3', '=']) await userEvent.click(calc.getByRole('button', { name: key }));
    expect(calc.getByRole('status').textContent).toBe('36');
    const rows = section('demo-calculator-keys').getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([...CALCULATOR_KEYS]);
    for (const key of CALCULATOR_KEYS) expect(CALCULATOR_KEY_ACTIONS[key], key).toBeTruthy();
    await userEvent.click(calc.getByRole('button', { name: '关闭计算器' }));
    await userEvent.click(calc.getByRole('button', { name: DEMO_TEXTS.calculator.reopen }));
    expect(calc.getByRole('region', { name: '计算器' })).toBeTruthy();
  });
});
