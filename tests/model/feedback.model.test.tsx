/**
 * 意见反馈's form (/uc/feedback), model-based: paths from the real feedback machine drive the real
 * page. The form is filled in one order (type, text, an image), so the paths stay few while every
 * transition is taken: 提交反馈 with what is missing (type and text, text too short, an image still
 * uploading, an image failed), a file that is not an image, the image's upload held on msw until a
 * step answers it (UPLOADED: up; UPLOAD_FAILED: the server's reason on the tile, then 重试), removing
 * it (while uploading or once up), the save held the same way (sent, or the server's refusal under
 * the button) and 继续反馈. The student's list below answers at once, empty (feedbackList has its own model).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_TEXTS as T, feedbackLength, splitFeedbackImages } from '../../src/domain/site/feedback';
import { SITE_CALLS, SITE_EXTRA_CALLS } from '../../src/domain/site/calls';
import { feedbackMachine, type FeedbackContext } from '../../src/machines/site/feedback.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import FeedbackView from '../../src/views/site/feedback/FeedbackView';
import { click, eventually } from '../support/loginKit';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { heldCalls } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'upload' | 'save'>();
/** The forms the server was sent. */
let saves: Record<string, string>[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(SITE_CALLS.feedbackUploadImg, calls.held('upload')),
  answer(SITE_CALLS.feedbackSave, async ({ request }) => {
    saves.push(Object.fromEntries(new URLSearchParams(await request.clone().text())));
    return calls.held('save')();
  }),
  answer(SITE_EXTRA_CALLS.feedbackList, { records: [], total: 0, current: 1, size: 10 }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  let n = 0;
  // jsdom has no object URLs; the view makes one per picked image.
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Snap = ReturnType<typeof feedbackMachine.getInitialSnapshot>;
const TEXT = '第三章的视频播放到一半就卡住了，换了浏览器也一样。';
const SHORT = '太短了';
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const TXT = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
const URL_UP = '/static/uploads/2026/11/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx1.png';

type Stage = 'type' | 'text' | 'short' | 'images';
const stage = (c: FeedbackContext): Stage => (c.type === null ? 'type' : c.content === '' ? 'text' : c.content === SHORT ? 'short' : 'images');

const textarea = () => screen.getByRole('textbox', { name: /反馈内容/ }) as HTMLTextAreaElement;
const submitButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const tiles = () => screen.queryAllByTestId('upload-tile');

describeModel('feedback on /uc/feedback', {
  machine: feedbackMachine,
  start: '登录后打开 /uc/feedback（意见反馈），本人还没有提交过反馈',
  events: (s) => {
    const c = s.context;
    if (s.matches('sending'))
      return [
        { type: 'xstate.done.actor.send', output: { id: 1 } },
        { type: 'xstate.error.actor.send', error: new ApiError(T.tooMany, 400, 400) },
      ] as never[];
    if (s.matches('sent')) return [{ type: 'AGAIN' }] as never[];
    const tile = c.tiles[0];
    switch (stage(c)) {
      case 'type':
        return [{ type: 'SET_TYPE', value: 3 }, { type: 'SUBMIT' }] as never[];
      case 'text':
        return [
          { type: 'EDIT', value: SHORT },
          { type: 'EDIT', value: TEXT },
        ] as never[];
      case 'short':
        return [{ type: 'SUBMIT' }, { type: 'EDIT', value: TEXT }] as never[];
      case 'images':
        if (!tile)
          return [
            // A File prints as {} in JSON: the preview URL tells the two events apart (the view makes its own).
            { type: 'ADD_FILES', files: [{ file: PNG, previewUrl: 'blob:a.png' }] },
            { type: 'ADD_FILES', files: [{ file: TXT, previewUrl: 'blob:notes.txt' }] },
            { type: 'SUBMIT' },
          ] as never[];
        if (tile.status === 'uploading')
          return [
            { type: 'UPLOADED', id: tile.id, url: URL_UP },
            { type: 'UPLOAD_FAILED', id: tile.id, error: T.imageTypeInvalid },
            { type: 'REMOVE', id: tile.id },
            { type: 'SUBMIT' },
          ] as never[];
        if (tile.status === 'failed') return [{ type: 'RETRY', id: tile.id }, { type: 'REMOVE', id: tile.id }, { type: 'SUBMIT' }] as never[];
        return [{ type: 'SUBMIT' }, { type: 'REMOVE', id: tile.id }] as never[];
    }
  },
  serializeState: (s) => JSON.stringify([s.value, stage(s.context), s.context.tiles.map((t) => t.status)]),
  states: {
    editing: async (s: Snap) => {
      const c = s.context;
      await eventually(() => expect(submitButton(T.submit).disabled).toBe(false));
      expect(textarea().value).toBe(c.content);
      expect(screen.getByText(`${feedbackLength(c.content)}/${FEEDBACK_CONTENT_MAX}`)).toBeTruthy();
      const checked = screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked);
      expect(checked.map((r) => r.closest('span,div')?.textContent ?? '')).toEqual(c.type === null ? [] : [expect.stringContaining('播放问题')]);
      for (const message of [c.typeError, c.contentError]) if (message) expect(screen.getByText(message)).toBeTruthy();
      for (const message of [T.typeRequired, T.contentRequired, T.contentTooShort])
        if (message !== c.typeError && message !== c.contentError) expect(screen.queryByText(message)).toBeNull();
      expect(screen.queryByTestId('feedback-images-error')?.textContent ?? null).toBe(c.imagesError);
      expect(screen.queryByTestId('feedback-send-error')?.textContent ?? null).toBe(c.sendError);
      await eventually(() => expect(tiles().map((t) => t.getAttribute('data-status'))).toEqual(c.tiles.map((t) => t.status)));
      c.tiles.forEach((tile, i) => {
        const t = within(tiles()[i]!);
        if (tile.status === 'failed') {
          expect(t.getByRole('alert').textContent).toBe(tile.error);
          expect(t.getByRole('button', { name: '重试' })).toBeTruthy();
        } else expect(t.queryByRole('button', { name: '重试' })).toBeNull();
      });
      expect(screen.getByText(`${c.tiles.length}/4`)).toBeTruthy();
      await eventually(() => expect(calls.pending('upload')).toBe(c.tiles.some((t) => t.status === 'uploading')));
      expect(calls.pending('save')).toBe(false);
    },
    sending: async (s: Snap) => {
      await eventually(() => expect(calls.pending('save')).toBe(true));
      expect(submitButton(T.sending).disabled).toBe(true);
      expect(textarea().disabled).toBe(true);
      expect(saves.at(-1)).toMatchObject({ type: '3', content: TEXT });
      expect(splitFeedbackImages(saves.at(-1)!.images)).toEqual(s.context.tiles.map((t) => t.url));
    },
    sent: async () => {
      await eventually(() => expect(screen.getByTestId('feedback-sent').textContent).toContain(T.sent));
      expect(screen.getByRole('button', { name: T.again })).toBeTruthy();
      expect(screen.queryByRole('form', { name: T.title })).toBeNull();
    },
  },
  exec: {
    SET_TYPE: async () => click(screen.getByRole('radio', { name: '播放问题' })),
    EDIT: async (e: { value: string }) => {
      await act(async () => {
        fireEvent.change(textarea(), { target: { value: e.value } });
      });
    },
    ADD_FILES: async (e: { files: { file: File }[] }) => {
      await act(async () => {
        fireEvent.change(screen.getByTestId('upload-input'), { target: { files: e.files.map((f) => f.file) } });
      });
    },
    UPLOADED: async (e: { url: string }) => calls.respond('upload', () => ok({ url: e.url, width: 10, height: 10, size: PNG.size })),
    UPLOAD_FAILED: async (e: { error: string }) => calls.respond('upload', () => fail(e.error)),
    REMOVE: async () => {
      await click(screen.getByRole('button', { name: '删除第1张图片' }));
      // A removed upload is aborted: its held answer goes nowhere.
      if (calls.pending('upload')) await calls.respond('upload', () => ok(null));
    },
    RETRY: async () => click(screen.getByRole('button', { name: '重试' })),
    SUBMIT: async () => click(screen.getByRole('button', { name: T.submit })),
    'xstate.done.actor.send': async (e: { output: { id: number } }) => calls.respond('save', () => ok(e.output)),
    'xstate.error.actor.send': async (e: { error: ApiError }) => calls.respond('save', () => fail(e.error.message, e.error.status)),
    AGAIN: async () => click(screen.getByRole('button', { name: T.again })),
  } as never,
  setup: async () => {
    saves = [];
    renderView(FeedbackView, '/uc/feedback');
    await eventually(() => expect(screen.getByText(T.listEmpty)).toBeTruthy());
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
