/**
 * The resources page (issue 9, point 4): free materials and e-books switched by a link (?tab=ebook),
 * the project filter and page in the URL, a download through the sealed material/getFileDownloadUrl
 * (the request RSA-sealed, the answer opened) that starts the browser's download, the login modal
 * first for a visitor, the reason a paid resource is refused, and the e-book view count.
 */
import { generateKeyPairSync } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { rsaDecrypt } from '../../../server/shared/rsa';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { ACCOUNT_EXTRA_CALLS } from '../../../src/domain/account/calls';
import { API_CALLS } from '../../../src/domain/calls';
import type { ClassNode } from '../../../src/domain/catalog/contract';
import { RESOURCES_TEXTS } from '../../../src/domain/catalog/courseList.texts';
import type { EbookItem, FileDownloadInfo, ResourceItem, ResourcePageQuery } from '../../../src/domain/catalog/resources';
import { CATALOG_TEXTS } from '../../../src/domain/catalog/texts';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { parseSealedRequestText, sealAnswer } from '../../../src/domain/shared/sealed';
import { forgetRsaPublicKey } from '../../../src/services/shared/http/client';
import { closeLoginModal } from '../../../src/services/shared/loginModal';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import ResourcesView from '../../../src/views/catalog/ResourcesView';
import { click, landingHandlers, loginResult, renderApp, SMS_CODE, typeInto, MOBILE } from '../../support/loginKit';
import { STUDENT } from '../../support/users';
import { answer, fail, ok } from '../../support/msw';

vi.setConfig({ testTimeout: 20_000 });

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});

const TREE: ClassNode[] = [
  {
    id: 1,
    pId: 0,
    name: '建筑工程',
    code: 'jzgc',
    level: 1,
    children: [
      { id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 },
      { id: 12, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
    ],
  },
];

const resource = (id: number): ResourceItem => ({
  id,
  title: `资料 ${id}.pdf`,
  fileType: 'pdf',
  size: 2_048_000,
  project: { id: 11, name: '一级建造师' },
  subject: { id: 111, name: '建设工程经济' },
  downloadCount: 100 + id,
  createdAt: '2026-10-01T08:00:00.000Z',
});

const ebook = (id: number): EbookItem => ({
  id,
  title: `电子书 ${id}`,
  author: '王建国',
  cover: `/new/demo/ebooks/${id}.svg`,
  intro: '速查手册。',
  pageCount: 120,
  viewCount: 50,
  project: { id: 11, name: '一级建造师' },
  subject: null,
  readUrl: `/static/ebooks/${id}.pdf`,
});

const INFO: FileDownloadInfo = {
  url: '/static/downloads/3?uid=7&exp=1&sig=abc',
  fileName: '资料 3.pdf',
  size: 2_048_000,
  expiresAt: '2027-01-01T00:00:00.000Z',
};

let fileTotal = 3;
let askedFiles: ResourcePageQuery[] = [];
let askedEbooks: ResourcePageQuery[] = [];
/** The resource ids the download call opened from its sealed requests. */
let downloadRequests: unknown[] = [];
let views: number[] = [];
/** What the fake download call answers: the link, or a refusal with this HTTP status. */
let downloadStatus = 200;
/** The links handed to the browser as downloads (HTMLAnchorElement.click is replaced). */
let clicked: { href: string | null; download: string }[] = [];

const pageOf = <T,>(records: T[], total: number, body: ResourcePageQuery) => ({ records, total, current: body.current ?? 1, size: body.size ?? 10 });

const handlers = [
  answer(API_CALLS.classTreeList, TREE),
  answer(LEARNING_CALLS.resourceFreePageList, async ({ request }) => {
    const body = (await request.json()) as ResourcePageQuery;
    askedFiles.push(body);
    const current = body.current ?? 1;
    const count = Math.max(0, Math.min(10, fileTotal - (current - 1) * 10));
    return ok(
      pageOf(
        Array.from({ length: count }, (_, i) => resource((current - 1) * 10 + i + 1)),
        fileTotal,
        body,
      ),
    );
  }),
  answer(LEARNING_CALLS.resourceInfoList, async ({ request }) => {
    const body = (await request.json()) as ResourcePageQuery;
    askedEbooks.push(body);
    return ok(pageOf([ebook(1), ebook(2)], 2, body));
  }),
  answer(LEARNING_CALLS.ebookAddViewNum, ({ params }) => {
    views.push(Number(params.id));
    return ok({ viewCount: 51, counted: true });
  }),
  answer(ACCOUNT_EXTRA_CALLS.rsaPublicKey, { publicKey }),
  // The server's half of the sealed exchange: open the request, answer INFO sealed with its key
  // (raw: on the wire the body and the answer are sealed, not the call's types).
  http.post(LEARNING_CALLS.fileDownloadUrl.path, async ({ request }) => {
    const body = (await request.json()) as { sealed: string };
    const content = parseSealedRequestText(rsaDecrypt(privateKey, body.sealed) ?? '');
    if (!content) return fail('请求已失效，请刷新页面后重试');
    downloadRequests.push(content.body);
    if (downloadStatus !== 200) return fail(CATALOG_TEXTS.resourceNotFree, downloadStatus);
    return ok(await sealAnswer(content.key, INFO, LEARNING_CALLS.fileDownloadUrl.path));
  }),
];

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fileTotal = 3;
  askedFiles = [];
  askedEbooks = [];
  downloadRequests = [];
  views = [];
  downloadStatus = 200;
  clicked = [];
  forgetRsaPublicKey();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href'), download: this.download });
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  dismissAllToasts();
  closeLoginModal();
  localStorage.clear();
  document.cookie = `${STORAGE_KEYS.tokenCookie}=; path=/; max-age=0`;
});
afterAll(() => server.close());

function logIn() {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STUDENT));
}

/** The view alone (no header, no modal host), at `path`. */
function renderResources(path = '/course/resource') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <ResourcesView />
      </AppProvider>
    </Router>,
  );
  return { location, current: () => location.history.at(-1) };
}

const rows = () => screen.queryAllByTestId('resource-row');
const downloadButton = (title: string) => screen.getByRole('button', { name: `${RESOURCES_TEXTS.download} ${title}` });

describe('the resources page', () => {
  it('lists the free materials with their project, size and downloads; the project filter goes into the URL and the request', async () => {
    const { current } = renderResources();
    expect(screen.getByRole('heading', { level: 1, name: '资料下载' })).toBeTruthy();
    expect(screen.getByTestId('resources-skeleton')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(askedFiles).toEqual([{ current: 1, size: 10 }]);
    const first = within(rows()[0]!);
    expect(first.getByRole('heading', { name: '资料 1.pdf' })).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('一级建造师 · 建设工程经济');
    expect(rows()[0]!.textContent).toContain('2.0 MB');
    expect(rows()[0]!.textContent).toContain('101 次下载');
    expect(screen.getByText(RESOURCES_TEXTS.loginHint)).toBeTruthy();
    const sections = within(screen.getByRole('navigation', { name: '资料类型' }));
    expect(sections.getByRole('link', { name: '免费资料' }).getAttribute('aria-current')).toBe('page');

    const projects = within(screen.getByRole('group', { name: '考试项目' }));
    expect(projects.getAllByRole('link').map((a) => a.textContent)).toEqual(['全部', '一级建造师', '二级建造师']);
    fireEvent.click(projects.getByRole('link', { name: '二级建造师' }));
    expect(current()).toBe('/course/resource?projectId=12');
    await waitFor(() => expect(askedFiles.at(-1)).toEqual({ current: 1, size: 10, projectId: 12 }));
  });

  it('pages through links, and an unknown project in the URL is 全部', async () => {
    fileTotal = 25;
    const { current } = renderResources('/course/resource?projectId=999');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(askedFiles.at(-1)).toEqual({ current: 1, size: 10 });
    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '第 3 页' }));
    expect(current()).toBe('/course/resource?page=3');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(askedFiles.at(-1)).toEqual({ current: 3, size: 10 });
  });

  it('a logged-in student downloads: the sealed call carries the resource id and the signed link becomes a download', async () => {
    logIn();
    renderResources();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByText(RESOURCES_TEXTS.loginHint)).toBeNull();
    fireEvent.click(downloadButton('资料 3.pdf'));
    await waitFor(() => expect(clicked).toEqual([{ href: INFO.url, download: INFO.fileName }]));
    expect(downloadRequests).toEqual([{ resourceId: 3 }]);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(RESOURCES_TEXTS.downloadStarted(INFO.fileName));
  });

  it('a resource the student may not have says why and where its courses are; nothing downloads', async () => {
    logIn();
    downloadStatus = 403;
    renderResources();
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(downloadButton('资料 2.pdf'));
    const alert = await within(rows()[1]!).findByRole('alert');
    expect(alert.textContent).toContain(CATALOG_TEXTS.resourceNotFree);
    expect(within(alert).getByRole('link', { name: RESOURCES_TEXTS.buyCourses }).getAttribute('href')).toBe('/course/pro-course?projectId=11');
    expect(clicked).toEqual([]);
    expect(downloadButton('资料 2.pdf').hasAttribute('disabled')).toBe(false);
  });

  it('a visitor is asked to log in first (the modal), and the download goes on after the login', async () => {
    server.use(
      ...landingHandlers.filter((h) => !h.info.path.toString().includes('treelist')),
      answer(API_CALLS.loginBySms, () => ok(loginResult())),
    );
    renderApp('/course/resource');
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 10_000 });
    await click(downloadButton('资料 1.pdf'));
    expect(await screen.findByTestId('login-modal')).toBeTruthy();
    expect(downloadRequests).toEqual([]);
    await typeInto('mobile-input', MOBILE);
    await typeInto('code-input', SMS_CODE);
    await click(screen.getByTestId('agreement'));
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('login-modal')).toBeNull());
    await waitFor(() => expect(clicked).toEqual([{ href: INFO.url, download: INFO.fileName }]));
    expect(downloadRequests).toEqual([{ resourceId: 1 }]);
  });

  it('a visitor who closes the login modal downloads nothing', async () => {
    server.use(...landingHandlers.filter((h) => !h.info.path.toString().includes('treelist')));
    renderApp('/course/resource');
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 10_000 });
    await click(downloadButton('资料 1.pdf'));
    const modal = await screen.findByTestId('login-modal');
    await act(async () => void fireEvent.keyDown(modal, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByTestId('login-modal')).toBeNull());
    expect(downloadRequests).toEqual([]);
    expect(clicked).toEqual([]);
  });

  it('the e-book section (?tab=ebook): reading one opens its PDF in a new tab and counts the view', async () => {
    const { current } = renderResources('/course/resource?projectId=11');
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(screen.getByRole('navigation', { name: '资料类型' })).getByRole('link', { name: '电子书' }));
    expect(current()).toBe('/course/resource?tab=ebook&projectId=11');
    const books = await screen.findAllByTestId('ebook-card');
    expect(books).toHaveLength(2);
    expect(askedEbooks).toEqual([{ current: 1, size: 10, projectId: 11 }]);
    const read = within(books[1]!).getByRole('link', { name: RESOURCES_TEXTS.readOf('电子书 2') });
    expect(read.getAttribute('href')).toBe('/static/ebooks/2.pdf');
    expect(read.getAttribute('target')).toBe('_blank');
    expect(within(books[1]!).getByTestId('ebook-views').textContent).toBe(RESOURCES_TEXTS.views(50));
    fireEvent.click(read);
    await waitFor(() => expect(within(books[1]!).getByTestId('ebook-views').textContent).toBe(RESOURCES_TEXTS.views(51)));
    expect(views).toEqual([2]);
    // Counting reloads nothing: the section was asked for once.
    expect(askedEbooks).toHaveLength(1);
  });

  it('says so when a project has no materials, with a way back to every project', async () => {
    fileTotal = 0;
    renderResources('/course/resource?projectId=12');
    expect(await screen.findByText(RESOURCES_TEXTS.emptyFiles)).toBeTruthy();
    expect(screen.getByRole('link', { name: RESOURCES_TEXTS.showAll }).getAttribute('href')).toBe('/course/resource');
  });

  it('shows the error with a retry that loads again', async () => {
    let calls = 0;
    server.use(
      answer(LEARNING_CALLS.resourceFreePageList, () => {
        calls += 1;
        return calls === 1 ? fail('服务器错误(500)', 500) : ok({ records: [resource(1)], total: 1, current: 1, size: 10 });
      }),
    );
    renderResources();
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls).toBe(2);
  });
});
