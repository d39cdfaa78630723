/** 账号安全 (/uc/account-manage/security): password and WeChat cards against the fake account server. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, MESSAGES } from '../../../src/domain/account/texts';
import { API_CALLS } from '../../../src/domain/calls';
import { DIALOG_WIDTHS } from '../../../src/domain/shared/constants';
import { forgetPublicKey } from '../../../src/services/account/passwordCrypto';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { decrypt, handlers, renderLoggedIn, resetServer, server, WX_STATE } from './account.fixtures';
import { answer, fail } from '../../support/msw';

const msw = setupServer(...handlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetServer();
  forgetPublicKey();
});
afterEach(() => {
  msw.resetHandlers();
  dismissAllToasts();
});
afterAll(() => msw.close());

const PATH = '/uc/account-manage/security';

function passwordCard() {
  return within(screen.getByRole('region', { name: '登录密码' }));
}
function wechatCard() {
  return within(screen.getByRole('region', { name: '微信账号' }));
}

async function openPasswordForm() {
  const sut = renderLoggedIn(PATH);
  await screen.findByRole('region', { name: '登录密码' }, { timeout: 10_000 });
  await passwordCard().findByRole('button', { name: /修改密码|设置密码/ });
  return sut;
}

const field = (label: string) => passwordCard().getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

it('the page asks for the bind status once, and both the password and WeChat cards start from it', async () => {
  server.password = null;
  server.wechat = { bound: true, nickname: '老微信' };
  await openPasswordForm();
  expect(passwordCard().getByRole('button', { name: '设置密码' })).toBeTruthy();
  expect(wechatCard().getByTestId('wechat-status').textContent).toBe('已绑定：老微信');
  expect(server.requests.filter((r) => r.path === 'getWeChatBindStatus')).toHaveLength(1);
});

it('a failed load shows the error with 重新加载 instead of the cards; the retry loads the page', async () => {
  let calls = 0;
  msw.use(answer(API_CALLS.getWeChatBindStatus, () => (++calls === 1 ? fail('服务器错误(500)', 500) : undefined)));
  renderLoggedIn(PATH);
  const error = await screen.findByTestId('error-state', {}, { timeout: 10_000 });
  expect(within(error).getByText('服务器错误(500)')).toBeTruthy();
  expect(screen.queryByRole('region', { name: '登录密码' })).toBeNull();
  expect(screen.queryByRole('region', { name: '微信账号' })).toBeNull();
  fireEvent.click(within(error).getByRole('button', { name: '重新加载' }));
  await screen.findByRole('region', { name: '登录密码' });
  expect(passwordCard().getByRole('button', { name: '修改密码' })).toBeTruthy();
  await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('未绑定'));
  expect(screen.queryByTestId('error-state')).toBeNull();
  // One request per load: the failed one and the retry.
  expect(calls).toBe(2);
});

describe('登录密码', () => {
  it('with a password: 原密码, 新密码, 确认新密码; rules with their exact messages, no call', async () => {
    await openPasswordForm();
    expect(field('原密码')).toBeTruthy();
    fireEvent.click(passwordCard().getByRole('button', { name: '修改密码' }));
    expect(await passwordCard().findByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(passwordCard().getByText(MESSAGES.newPasswordRule)).toBeTruthy();
    expect(passwordCard().getByText(MESSAGES.confirmRequired)).toBeTruthy();
    type('新密码', 'abcdefgh');
    expect(passwordCard().getByText(MESSAGES.newPasswordRule)).toBeTruthy();
    type('新密码', 'abc12345');
    await waitFor(() => expect(passwordCard().queryByText(MESSAGES.newPasswordRule)).toBeNull());
    type('确认新密码', 'abc12346');
    expect(passwordCard().getByText(MESSAGES.confirmMismatch)).toBeTruthy();
    expect(server.requests.filter((r) => r.path === 'updatePwd')).toHaveLength(0);
  });

  it('strips whitespace and keeps at most 18 characters', async () => {
    await openPasswordForm();
    type('新密码', ' ab c1 23 ');
    expect(field('新密码').value).toBe('abc123');
    type('新密码', 'a1234567890123456789xyz');
    expect(field('新密码').value).toBe('a12345678901234567');
  });

  it('sends both passwords RSA-encrypted, never in plain text, and toasts success', async () => {
    await openPasswordForm();
    type('原密码', 'abc123');
    type('新密码', 'new.pass9');
    type('确认新密码', 'new.pass9');
    fireEvent.click(passwordCard().getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeTruthy();
    const body = server.requests.find((r) => r.path === 'updatePwd')!.body as { oldPwd: string; newPwd: string };
    expect(body.oldPwd).not.toContain('abc123');
    expect(body.newPwd).not.toContain('new.pass9');
    expect(decrypt(body.oldPwd)).toBe('abc123');
    expect(decrypt(body.newPwd)).toBe('new.pass9');
    expect(server.password).toBe('new.pass9');
    await waitFor(() => expect(field('新密码').value).toBe(''));
  });

  it('a wrong old password toasts the server text and keeps the input', async () => {
    await openPasswordForm();
    type('原密码', 'wrong1');
    type('新密码', 'new.pass9');
    type('确认新密码', 'new.pass9');
    fireEvent.click(passwordCard().getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.oldPasswordWrong)).toBeTruthy();
    expect(field('原密码').value).toBe('wrong1');
    expect(field('新密码').value).toBe('new.pass9');
  });

  it('without a password: 设置密码 with new + confirm only, then the card asks for the old one', async () => {
    server.password = null;
    await openPasswordForm();
    expect(passwordCard().queryByLabelText(/^原密码/)).toBeNull();
    type('新密码', 'first.pw1');
    type('确认新密码', 'first.pw1');
    fireEvent.click(passwordCard().getByRole('button', { name: '设置密码' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeTruthy();
    const body = server.requests.find((r) => r.path === 'updatePwd')!.body as Record<string, string>;
    expect(Object.keys(body)).toEqual(['newPwd']);
    expect(decrypt(body.newPwd!)).toBe('first.pw1');
    expect(await passwordCard().findByLabelText(/^原密码/)).toBeTruthy();
  });
});

describe('微信账号', () => {
  async function openWechat(path = PATH) {
    const sut = renderLoggedIn(path);
    await screen.findByRole('region', { name: '微信账号' }, { timeout: 10_000 });
    return sut;
  }

  it('shows 未绑定, and 绑定微信 frames the QR page with the config and stores the state', async () => {
    await openWechat();
    await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('未绑定'));
    fireEvent.click(wechatCard().getByRole('button', { name: '绑定微信' }));
    const frame = (await wechatCard().findByTestId('wechat-qr')) as HTMLIFrameElement;
    const url = new URL(frame.getAttribute('src')!, 'http://localhost');
    expect(url.pathname).toBe('/dev/wechat/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx-sandbox',
      redirect_uri: 'http://localhost/new/uc/account-manage/security?purpose=bind',
      response_type: 'code',
      scope: 'snsapi_login',
      state: WX_STATE,
      style: 'black',
    });
    // The sandbox is not WeChat: no #wechat_redirect.
    expect(url.hash).toBe('');
    expect(Object.values({ ...sessionStorage })).toContain(WX_STATE);
    fireEvent.click(wechatCard().getByRole('button', { name: '取消' }));
    await waitFor(() => expect(wechatCard().queryByTestId('wechat-qr')).toBeNull());
  });

  it('the return with ?code&state binds, toasts, shows the nickname and clears the query', async () => {
    sessionStorage.setItem('xt_wechat_bind_state', WX_STATE);
    const { current } = await openWechat(`${PATH}?code=wx-code-ok&state=${WX_STATE}`);
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatBound)).toBeTruthy();
    await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('已绑定：微信昵称'));
    expect(server.requests.find((r) => r.path === 'bindWeChat')?.body).toEqual({ code: 'wx-code-ok', state: WX_STATE });
    await waitFor(() => expect(current()).toBe(PATH));
    expect(sessionStorage.getItem('xt_wechat_bind_state')).toBeNull();
  });

  it('a return whose state this tab did not store is refused without a call', async () => {
    sessionStorage.setItem('xt_wechat_bind_state', 'another-state');
    const { current } = await openWechat(`${PATH}?code=wx-code-ok&state=${WX_STATE}`);
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatSessionExpired)).toBeTruthy();
    await waitFor(() => expect(current()).toBe(PATH));
    expect(server.requests.filter((r) => r.path === 'bindWeChat')).toHaveLength(0);
    expect(wechatCard().getByTestId('wechat-status').textContent).toBe('未绑定');
  });

  it('a refused bind toasts the server text and clears the query', async () => {
    sessionStorage.setItem('xt_wechat_bind_state', WX_STATE);
    const { current } = await openWechat(`${PATH}?code=wx-code-taken&state=${WX_STATE}`);
    expect(await screen.findByText('该微信已绑定其他账号')).toBeTruthy();
    await waitFor(() => expect(current()).toBe(PATH));
    await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('未绑定'));
  });

  it('解除绑定 asks in a 432 px dialog; cancel keeps, confirm unbinds and toasts', async () => {
    server.wechat = { bound: true, nickname: '老微信' };
    await openWechat();
    await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('已绑定：老微信'));
    fireEvent.click(wechatCard().getByRole('button', { name: '解除绑定' }));
    let dialog = await screen.findByRole('dialog', { name: '解除微信绑定' });
    expect(dialog.style.width).toBe(`${DIALOG_WIDTHS.small}px`);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.filter((r) => r.path === 'unBindWeChat')).toHaveLength(0);

    fireEvent.click(wechatCard().getByRole('button', { name: '解除绑定' }));
    dialog = await screen.findByRole('dialog', { name: '解除微信绑定' });
    fireEvent.click(within(dialog).getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatUnbound)).toBeTruthy();
    await waitFor(() => expect(wechatCard().getByTestId('wechat-status').textContent).toBe('未绑定'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.wechat.bound).toBe(false);
  });

  it('the unbind dialog takes focus, keeps Tab on its buttons and closes on Escape', async () => {
    server.wechat = { bound: true, nickname: '老微信' };
    await openWechat();
    fireEvent.click(await wechatCard().findByRole('button', { name: '解除绑定' }));
    const dialog = await screen.findByRole('dialog', { name: '解除微信绑定' });
    const confirm = within(dialog).getByRole('button', { name: '解除绑定' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '取消' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.wechat.bound).toBe(true);
  });

  it('a refused unbind toasts the server text and stays bound', async () => {
    server.wechat = { bound: true, nickname: '老微信' };
    msw.use(answer(API_CALLS.unBindWeChat, () => fail(ACCOUNT_TEXTS.wechatUnbindRefused)));
    await openWechat();
    fireEvent.click(await wechatCard().findByRole('button', { name: '解除绑定' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatUnbindRefused)).toBeTruthy();
    expect(wechatCard().getByTestId('wechat-status').textContent).toBe('已绑定：老微信');
  });
});
