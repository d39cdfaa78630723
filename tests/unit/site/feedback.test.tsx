/** 意见反馈 (/uc/feedback): the form with its images on the old signed API, and the student's own list. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../../src/domain/shared/envelope';
import { SIGNATURE_TEXTS } from '../../../src/domain/shared/signature';
import { SITE_CALLS, SITE_EXTRA_CALLS } from '../../../src/domain/site/calls';
import { FEEDBACK_IMAGES_MAX, FEEDBACK_TEXTS, type FeedbackItem, splitFeedbackImages } from '../../../src/domain/site/feedback';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { handlers, renderLoggedIn, resetServer } from '../account/account.fixtures';
import { answer, fail, ok } from '../../support/msw';

const TEXT = '第三章的视频播放到一半就卡住了，换了浏览器也一样。';

/** What the fake old API holds and saw. */
let stored: FeedbackItem[] = [];
let saves: Record<string, string>[] = [];
let uploads = 0;
/** The size of the next upload to refuse (a file's name does not survive jsdom's FormData). */
let failUploadOfSize: number | null = null;
let saveRefusal: string | null = null;

const msw = setupServer(
  ...handlers,
  answer(SITE_CALLS.feedbackUploadImg, async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file') as File;
    if (!form.get('sign') || !form.get('fileMd5')) return fail(SIGNATURE_TEXTS.invalid);
    if (failUploadOfSize !== null && file.size === failUploadOfSize) {
      failUploadOfSize = null;
      return fail(FEEDBACK_TEXTS.imageTypeInvalid);
    }
    uploads += 1;
    return ok({ url: `/static/uploads/2026/11/${String(uploads).padStart(32, 'x')}.png`, width: 10, height: 10, size: file.size });
  }),
  answer(SITE_CALLS.feedbackSave, async ({ request }) => {
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    saves.push(fields);
    if (saveRefusal) return fail(saveRefusal);
    const item: FeedbackItem = {
      id: stored.length + 1,
      type: Number(fields.type) as FeedbackItem['type'],
      content: fields.content!,
      images: splitFeedbackImages(fields.images),
      status: 'PENDING',
      reply: null,
      createdAt: new Date().toISOString(),
      repliedAt: null,
    };
    stored = [item, ...stored];
    return ok({ id: item.id });
  }),
  answer(SITE_EXTRA_CALLS.feedbackList, async ({ request }) => {
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    const page = Number(fields.page);
    const size = Number(fields.pageSize);
    const answer: Page<FeedbackItem> = { records: stored.slice((page - 1) * size, page * size), total: stored.length, current: page, size };
    return ok(answer);
  }),
);

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetServer();
  stored = [];
  saves = [];
  uploads = 0;
  failUploadOfSize = null;
  saveRefusal = null;
  let n = 0;
  // jsdom has no object URLs; the view makes one per picked image and revokes it when the tile goes.
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  msw.resetHandlers();
  dismissAllToasts();
  vi.restoreAllMocks();
});
afterAll(() => msw.close());

async function openFeedback() {
  const sut = renderLoggedIn('/uc/feedback');
  await screen.findByRole('form', { name: FEEDBACK_TEXTS.title }, { timeout: 10_000 });
  return sut;
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });
const tiles = () => screen.queryAllByTestId('upload-tile');
const statuses = () => tiles().map((t) => t.getAttribute('data-status'));

function fillForm(type = '播放问题', text = TEXT) {
  fireEvent.click(screen.getByRole('radio', { name: type }));
  fireEvent.change(screen.getByRole('textbox', { name: /反馈内容/ }), { target: { value: text } });
}

describe('feedback form', () => {
  it('says what is missing, under each field, and sends nothing', async () => {
    await openFeedback();
    expect(await screen.findByText(FEEDBACK_TEXTS.listEmpty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.typeRequired)).toBeTruthy();
    expect(screen.getByText(FEEDBACK_TEXTS.contentRequired)).toBeTruthy();
    fillForm('其他', '太短了');
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.contentTooShort)).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('uploads two images, sends the feedback signed with their URLs, and lists it as pending', async () => {
    await openFeedback();
    await screen.findByText(FEEDBACK_TEXTS.listEmpty);
    fillForm();
    pick(png('a.png'), png('b.png'));
    await waitFor(() => expect(statuses()).toEqual(['done', 'done']));
    expect(screen.getByText('2/4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.sent)).toBeTruthy();

    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ type: '3', content: TEXT, nonce: expect.stringMatching(/^[0-9a-f]{16}$/), sign: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(splitFeedbackImages(saves[0]!.images)).toHaveLength(2);

    const item = await screen.findByTestId('feedback-item');
    expect(within(item).getByText('播放问题')).toBeTruthy();
    expect(within(item).getByText(FEEDBACK_TEXTS.statusPending)).toBeTruthy();
    expect(within(item).getByText(TEXT)).toBeTruthy();
    expect(within(item).getAllByRole('img')).toHaveLength(2);
    // The previews of the sent images are let go.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');

    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.again }));
    expect((screen.getByRole('textbox', { name: /反馈内容/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a failed image with its reason, retries it, and holds the form while an image is not up', async () => {
    await openFeedback();
    fillForm();
    const bad = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])], 'bad.png', { type: 'image/png' });
    failUploadOfSize = bad.size;
    pick(bad);
    await waitFor(() => expect(statuses()).toEqual(['failed']));
    expect(screen.getByText(FEEDBACK_TEXTS.imageTypeInvalid)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.imagesFailed)).toBeTruthy();
    expect(saves).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(statuses()).toEqual(['done']));
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.sent)).toBeTruthy();
    expect(splitFeedbackImages(saves[0]!.images)).toHaveLength(1);
  });

  it('removes an image, and refuses files past four or not images before sending them', async () => {
    await openFeedback();
    pick(png('1.png'), png('2.png'), png('3.png'), png('4.png'), png('5.png'));
    await waitFor(() => expect(statuses()).toEqual(['done', 'done', 'done', 'done']));
    expect(uploads).toBe(FEEDBACK_IMAGES_MAX);
    expect(screen.getByTestId('feedback-images-error').textContent).toBe(FEEDBACK_TEXTS.imagesTooMany);
    fireEvent.click(screen.getByRole('button', { name: '删除第2张图片' }));
    expect(tiles()).toHaveLength(3);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    pick(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByTestId('feedback-images-error').textContent).toBe(FEEDBACK_TEXTS.imageTypeInvalid);
    expect(tiles()).toHaveLength(3);
  });

  it("keeps the form and shows the server's reason when the save is refused", async () => {
    await openFeedback();
    fillForm();
    saveRefusal = FEEDBACK_TEXTS.tooMany;
    fireEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect((await screen.findByTestId('feedback-send-error')).textContent).toBe(FEEDBACK_TEXTS.tooMany);
    expect((screen.getByRole('textbox', { name: /反馈内容/ }) as HTMLTextAreaElement).value).toBe(TEXT);
  });
});

describe('my feedback', () => {
  it('shows a replied feedback with the reply', async () => {
    stored = [
      {
        id: 9,
        type: 4,
        content: '订单支付成功但课程没有开通。',
        images: [],
        status: 'REPLIED',
        reply: '您好，已为您开通，请刷新我的课程。',
        createdAt: '2026-11-20T02:00:00.000Z',
        repliedAt: '2026-11-20T03:00:00.000Z',
      },
    ];
    await openFeedback();
    const item = await screen.findByTestId('feedback-item');
    expect(within(item).getByText(FEEDBACK_TEXTS.statusReplied)).toBeTruthy();
    expect(within(item).getByTestId('feedback-reply').textContent).toContain('您好，已为您开通，请刷新我的课程。');
    expect(within(item).getByText('支付与订单')).toBeTruthy();
  });

  it('pages through a long list', async () => {
    stored = Array.from({ length: 12 }, (_, i) => ({
      id: 12 - i,
      type: 1 as const,
      content: `建议第${12 - i}条：希望增加夜间模式。`,
      images: [],
      status: 'PENDING' as const,
      reply: null,
      createdAt: '2026-11-20T02:00:00.000Z',
      repliedAt: null,
    }));
    await openFeedback();
    await waitFor(() => expect(screen.getAllByTestId('feedback-item')).toHaveLength(10));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '下一页' })));
    await waitFor(() => expect(screen.getAllByTestId('feedback-item')).toHaveLength(2));
    expect(screen.getByText('建议第1条：希望增加夜间模式。')).toBeTruthy();
  });
});
