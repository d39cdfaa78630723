/**
 * 下载 on the resources page, model-based: paths from the real resourcesDownload machine drive the
 * real /course/resource view of a logged-in student. The sealed material/getFileDownloadUrl call
 * waits on a gate a path step answers: the signed link (sealed as the server seals it; the browser
 * starts the download), a 403 (the resource is for a course's students: why, and where its courses
 * are) or another failure (its message beside the resource).
 */
import { generateKeyPairSync } from 'node:crypto';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { rsaDecrypt } from '../../server/shared/rsa';
import { ACCOUNT_EXTRA_CALLS } from '../../src/domain/account/calls';
import { API_CALLS } from '../../src/domain/calls';
import type { ClassNode } from '../../src/domain/catalog/contract';
import { RESOURCES_TEXTS as TEXTS } from '../../src/domain/catalog/courseList.texts';
import type { FileDownloadInfo, ResourceItem } from '../../src/domain/catalog/resources';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { parseSealedRequestText, sealAnswer } from '../../src/domain/shared/sealed';
import { resourcesDownloadMachine } from '../../src/machines/catalog/resourcesDownload.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { forgetRsaPublicKey } from '../../src/services/shared/http/client';
import { dismissAllToasts } from '../../src/services/shared/toast';
import ResourcesView from '../../src/views/catalog/ResourcesView';
import { eventually } from '../support/loginKit';
import { STUDENT } from '../support/users';
import { answer, fail, ok } from '../support/msw';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});

const TREE: ClassNode[] = [
  { id: 1, pId: 0, name: '建筑工程', code: 'jzgc', level: 1, children: [{ id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 }] },
];
const resource = (id: number): ResourceItem => ({
  id,
  title: `资料 ${id}.pdf`,
  fileType: 'pdf',
  size: 2_048_000,
  project: { id: 11, name: '一级建造师' },
  subject: null,
  downloadCount: 100 + id,
  createdAt: '2026-10-01T08:00:00.000Z',
});
const RESOURCES = [resource(1), resource(2)];
const INFO: FileDownloadInfo = {
  url: '/static/downloads/1?uid=7&exp=1&sig=abc',
  fileName: '资料 1.pdf',
  size: 2_048_000,
  expiresAt: '2027-01-01T00:00:00.000Z',
};
const FAILURE = '服务器错误(500)';

const calls = heldCalls<'link'>();
const server = setupServer(
  // The stored session checks itself on start.
  answer(API_CALLS.checkStatus, true),
  answer(API_CALLS.getUserInfo, STUDENT),
  answer(API_CALLS.classTreeList, TREE),
  answer(LEARNING_CALLS.resourceFreePageList, { records: RESOURCES, total: RESOURCES.length, current: 1, size: 10 }),
  answer(ACCOUNT_EXTRA_CALLS.rsaPublicKey, { publicKey }),
  http.post(LEARNING_CALLS.fileDownloadUrl.path, calls.hold('link')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The server's half of the sealed exchange: open the request, answer INFO sealed with its key. */
async function sealedInfo(request: Request): Promise<Response> {
  const body = (await request.json()) as { sealed: string };
  const content = parseSealedRequestText(rsaDecrypt(privateKey, body.sealed) ?? '')!;
  expect(content.body).toEqual({ resourceId: downloading });
  return ok(await sealAnswer(content.key, INFO, LEARNING_CALLS.fileDownloadUrl.path));
}

/** The links handed to the browser as downloads (HTMLAnchorElement.click is replaced). */
let started: { href: string | null; download: string }[] = [];
/** The resource whose 下载 was clicked last. */
let downloading = 0;

type Snap = ReturnType<typeof resourcesDownloadMachine.getInitialSnapshot>;
const row = (id: number) => screen.getAllByTestId('resource-row')[RESOURCES.findIndex((r) => r.id === id)]!;
const downloadButton = (id: number) => within(row(id)).getByRole('button') as HTMLButtonElement;

describeModel('resourcesDownload on /course/resource (logged in)', {
  machine: resourcesDownloadMachine,
  start: '登录后打开 /course/resource（资料下载），列表中有两份资料',
  events: [
    { type: 'DOWNLOAD', resourceId: 1 },
    { type: 'DOWNLOAD', resourceId: 2 },
    { type: 'xstate.done.actor.fetchDownloadLink', output: INFO },
    { type: 'xstate.error.actor.fetchDownloadLink', error: new ApiError(CATALOG_TEXTS.resourceNotFree, 403, 403) },
    { type: 'xstate.error.actor.fetchDownloadLink', error: new ApiError(FAILURE, 500, 500) },
  ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.resourceId, s.context.failure?.resourceId ?? null, s.context.failure?.reason ?? null]),
  states: {
    idle: async (s: Snap) => {
      await eventually(() => expect(screen.getAllByTestId('resource-row')).toHaveLength(2));
      await eventually(() => expect(RESOURCES.every((r) => !downloadButton(r.id).disabled)).toBe(true));
      expect(RESOURCES.map((r) => downloadButton(r.id).textContent)).toEqual([TEXTS.download, TEXTS.download]);
      expect(calls.count('link')).toBe(0);
      const failure = s.context.failure;
      for (const r of RESOURCES) {
        const alert = within(row(r.id)).queryByRole('alert');
        if (failure?.resourceId !== r.id) expect(alert).toBeNull();
        else if (failure.reason === 'forbidden') {
          expect(alert!.textContent).toContain(CATALOG_TEXTS.resourceNotFree);
          expect(within(alert!).getByRole('link', { name: TEXTS.buyCourses }).getAttribute('href')).toBe('/course/pro-course?projectId=11');
        } else expect(alert!.textContent).toBe(FAILURE);
      }
      if (failure === null && started.length > 0) {
        // The signed link became the browser's download, and the page says so.
        expect(started.at(-1)).toEqual({ href: INFO.url, download: INFO.fileName });
        expect(screen.getByRole('status').textContent).toBe(TEXTS.downloadStarted(INFO.fileName));
      }
    },
    fetchingLink: async (s: Snap) => {
      await eventually(() => expect(calls.count('link')).toBe(1));
      const id = s.context.resourceId!;
      expect(downloadButton(id).textContent).toBe(TEXTS.downloading);
      // One link at a time: every 下载 waits.
      expect(RESOURCES.every((r) => downloadButton(r.id).disabled)).toBe(true);
      expect(within(row(id)).queryByRole('alert')).toBeNull();
      expect(screen.getByRole('status').textContent).toBe('');
    },
  },
  exec: {
    DOWNLOAD: async (e: { resourceId: number }) => {
      downloading = e.resourceId;
      await act(async () => void fireEvent.click(downloadButton(e.resourceId)));
    },
    'xstate.done.actor.fetchDownloadLink': async () => {
      const before = started.length;
      await calls.answer('link', sealedInfo);
      await eventually(() => expect(started).toHaveLength(before + 1));
    },
    'xstate.error.actor.fetchDownloadLink': async (e: { error: ApiError }) => calls.answer('link', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    started = [];
    downloading = 0;
    forgetRsaPublicKey();
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STUDENT));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      started.push({ href: this.getAttribute('href'), download: this.download });
    });
    renderRouted('/course/resource', <ResourcesView />);
    await eventually(() => expect(screen.getAllByTestId('resource-row')).toHaveLength(2));
    // Logged in: no login hint, 下载 asks for the link at once.
    expect(screen.queryByText(TEXTS.loginHint)).toBeNull();
    return () => {
      calls.release();
      cleanup();
      click.mockRestore();
      dismissAllToasts();
      localStorage.clear();
      document.cookie = `${STORAGE_KEYS.tokenCookie}=; path=/; max-age=0`;
    };
  },
  coverage: 'transitions',
});
