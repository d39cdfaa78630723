/** 个人资料 (/uc/account-manage/personal) and the user-centre layout, against the fake account server. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATARS } from '../../../src/domain/account/avatar';
import { AVATAR_MAX_BYTES, INTENDED_PROJECT_COOKIE_DAYS } from '../../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { handlers, renderLoggedIn, resetServer, server, USER } from './account.fixtures';
import { answer, fail, ok } from '../../support/msw';

const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetServer());
afterEach(() => {
  msw.resetHandlers();
  dismissAllToasts();
  vi.restoreAllMocks();
});
afterAll(() => msw.close());

const PATH = '/uc/account-manage/personal';

async function openProfile(path = PATH) {
  const sut = renderLoggedIn(path);
  await screen.findByRole('textbox', { name: /昵称/ }, { timeout: 10_000 });
  return sut;
}

const nicknameInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: /昵称/ });
const avatarSrc = () => screen.getByTestId('profile-avatar').getAttribute('src');
const pick = (file: File) => fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });

describe('user-centre layout', () => {
  it('shows the avatar, the nickname and the menu with the current page highlighted', async () => {
    await openProfile();
    expect(screen.getByTestId('uc-nickname').textContent).toBe(USER.nickname);
    expect(screen.getByTestId('uc-avatar').getAttribute('src')).toBe(DEFAULT_AVATARS.MALE);
    const nav = screen.getByRole('navigation', { name: '个人中心' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(labels).toEqual([
      ['个人资料', '/uc/account-manage/personal'],
      ['账号安全', '/uc/account-manage/security'],
      ['我的课程', '/uc/my-course/sys'],
      ['我的订单', '/uc/my-order'],
      ['我的优惠券', '/uc/my-coupon'],
      ['意见反馈', '/uc/feedback'],
    ]);
    expect(within(nav).getByRole('link', { name: '个人资料' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '账号安全' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '个人资料' })).toBeTruthy();
    expect(document.title).toMatch(/^个人资料 - /);
  });

  it('退出登录 logs out, says so and lands on the login page', async () => {
    const { current, session } = await openProfile();
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(current()).toMatch(/^\/uc\/login/));
    expect(session.getSnapshot().matches('loggedOut')).toBe(true);
    expect(await screen.findByText(ACCOUNT_TEXTS.logoutSuccess)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('profile', () => {
  it('loads the user from getUserInfo into the form', async () => {
    server.user = { ...USER, nickname: '服务器上的名字', gender: 'FEMALE' };
    await openProfile();
    await waitFor(() => expect(nicknameInput().value).toBe('服务器上的名字'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '女' }).checked).toBe(true);
    // 账号 and the masked 手机号.
    expect(screen.getAllByText('138****8000', { selector: 'dd' })).toHaveLength(2);
  });

  it('a failed load shows the failure with a retry that loads again', async () => {
    let calls = 0;
    msw.use(answer(API_CALLS.getUserInfo, () => (++calls === 1 ? fail('服务器错误(500)', 500) : undefined)));
    renderLoggedIn(PATH);
    const retry = await screen.findByRole('button', { name: '重新加载' }, { timeout: 10_000 });
    expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)');
    fireEvent.click(retry);
    await screen.findByRole('textbox', { name: /昵称/ });
    expect(calls).toBe(2);
  });

  it('saving sends nickname and gender, updates the session (header and side menu) and toasts', async () => {
    const { session } = await openProfile();
    fireEvent.change(nicknameInput(), { target: { value: '  新名字  ' } });
    fireEvent.click(screen.getByRole('radio', { name: '保密' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.profileSaved)).toBeTruthy();
    expect(server.requests.find((r) => r.path === 'updateBasicInfo')?.body).toEqual({ nickname: '新名字', gender: 'UNKNOWN' });
    await waitFor(() => expect(screen.getByTestId('header-user').textContent).toBe('新名字'));
    expect(screen.getByTestId('uc-nickname').textContent).toBe('新名字');
    expect(session.getSnapshot().context.user?.gender).toBe('UNKNOWN');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).nickname).toBe('新名字');
  });

  it('when the save answers no user, the user is read again for the session', async () => {
    msw.use(
      // Outside our contract (the spec leaves this answer open): a server that answers no user.
      http.put(API_CALLS.updateBasicInfo.path, async ({ request }) => {
        server.user = { ...server.user, ...((await request.json()) as object), account: '已由服务器更新' };
        return ok(null);
      }),
    );
    const { session } = await openProfile();
    fireEvent.change(nicknameInput(), { target: { value: '再读一次' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(session.getSnapshot().context.user?.account).toBe('已由服务器更新'));
    expect(screen.getByTestId('header-user').textContent).toBe('再读一次');
  });

  it('refuses an empty or too long nickname with the contract texts, without a call', async () => {
    await openProfile();
    fireEvent.change(nicknameInput(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.nicknameRequired)).toBeTruthy();
    fireEvent.change(nicknameInput(), { target: { value: '一二三四五六七八九十一二三四五六七八九十一' } });
    expect(await screen.findByText(ACCOUNT_TEXTS.nicknameTooLong)).toBeTruthy();
    fireEvent.change(nicknameInput(), { target: { value: '一二三四五六七八九十一二三四五六七八九十' } });
    await waitFor(() => expect(screen.queryByText(ACCOUNT_TEXTS.nicknameTooLong)).toBeNull());
    expect(server.requests.filter((r) => r.path === 'updateBasicInfo')).toHaveLength(0);
  });

  it('a refused save toasts the server message and keeps the input', async () => {
    msw.use(answer(API_CALLS.updateBasicInfo, () => fail('昵称包含敏感词')));
    await openProfile();
    fireEvent.change(nicknameInput(), { target: { value: '坏名字' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('昵称包含敏感词')).toBeTruthy();
    expect(nicknameInput().value).toBe('坏名字');
    expect(screen.getByTestId('header-user').textContent).toBe(USER.nickname);
  });

  it('without an uploaded avatar the default avatar follows the gender picked', async () => {
    await openProfile();
    expect(avatarSrc()).toBe(DEFAULT_AVATARS.MALE);
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    expect(avatarSrc()).toBe(DEFAULT_AVATARS.FEMALE);
    fireEvent.click(screen.getByRole('radio', { name: '保密' }));
    expect(avatarSrc()).toBe(DEFAULT_AVATARS.UNKNOWN);
  });
});

describe('avatar', () => {
  it('offers only the four image types in the picker', async () => {
    await openProfile();
    expect(screen.getByTestId('avatar-file').getAttribute('accept')).toBe('image/jpeg,image/png,image/gif,image/webp');
  });

  it('refuses another type and a file over 2 MB before any upload, with the contract texts', async () => {
    await openProfile();
    pick(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXTS.imageTypeInvalid);
    pick(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_TEXTS.imageTooLarge));
    expect(server.uploaded).toHaveLength(0);
    expect(avatarSrc()).toBe(DEFAULT_AVATARS.MALE);
  });

  it('uploads a valid image as multipart `file`, saves its URL and shows it everywhere', async () => {
    await openProfile();
    pick(new File([new Uint8Array(AVATAR_MAX_BYTES)], 'me.webp', { type: 'image/webp' }));
    await waitFor(() => expect(avatarSrc()).toBe('/static/uploads/1.webp'));
    expect(server.uploaded.map((f) => [f.type, f.size])).toEqual([['image/webp', AVATAR_MAX_BYTES]]);
    expect(server.requests.find((r) => r.path === 'updateBasicInfo')?.body).toEqual({ avatar: '/static/uploads/1.webp' });
    await waitFor(() => expect(screen.getByTestId('uc-avatar').getAttribute('src')).toBe('/static/uploads/1.webp'));
    expect(screen.getByTestId('header-user').querySelector('img')?.getAttribute('src')).toBe('/static/uploads/1.webp');
    expect(await screen.findByText(ACCOUNT_TEXTS.profileSaved)).toBeTruthy();
    // An uploaded avatar no longer follows the gender.
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    expect(avatarSrc()).toBe('/static/uploads/1.webp');
  });

  it('keeps unsaved nickname edits while an avatar uploads', async () => {
    await openProfile();
    fireEvent.change(nicknameInput(), { target: { value: '还没保存' } });
    pick(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    await waitFor(() => expect(avatarSrc()).toBe('/static/uploads/1.gif'));
    expect(nicknameInput().value).toBe('还没保存');
  });
});

describe('intended project', () => {
  it('offers the level-2 projects grouped by category', async () => {
    await openProfile();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /意向考试项目/ });
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groups).toEqual([
      ['建筑工程', ['一级建造师', '二级建造师']],
      ['消防安全', ['一级消防工程师']],
    ]);
  });

  it('binds the picked project and writes the 365-day cookie', async () => {
    const set = vi.spyOn(Cookies, 'set');
    const { session } = await openProfile();
    fireEvent.change(screen.getByRole('combobox', { name: /意向考试项目/ }), { target: { value: '21' } });
    expect(await screen.findByText(ACCOUNT_TEXTS.profileSaved)).toBeTruthy();
    expect(server.requests.find((r) => r.path === 'bindProject')?.body).toEqual({ projectId: 21, projectName: '一级消防工程师' });
    expect(JSON.parse(Cookies.get(STORAGE_KEYS.intendedProjectCookie)!)).toEqual({ id: 21, name: '一级消防工程师' });
    const call = set.mock.calls.find(([name]) => name === STORAGE_KEYS.intendedProjectCookie);
    expect(call?.[2]).toMatchObject({ expires: INTENDED_PROJECT_COOKIE_DAYS, path: '/' });
    expect(INTENDED_PROJECT_COOKIE_DAYS).toBe(365);
    await waitFor(() => expect(session.getSnapshot().context.user?.projectId).toBe(21));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: /意向考试项目/ }).value).toBe('21');
  });

  it('a refused bind writes no cookie and the select returns to the bound project', async () => {
    msw.use(answer(API_CALLS.bindProject, () => fail('项目不存在')));
    await openProfile();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: /意向考试项目/ });
    await act(async () => void fireEvent.change(select, { target: { value: '11' } }));
    expect(await screen.findByText('项目不存在')).toBeTruthy();
    expect(Cookies.get(STORAGE_KEYS.intendedProjectCookie)).toBeUndefined();
    await waitFor(() => expect(select.value).toBe(''));
  });
});
