/**
 * The wechatBind statechart, model-based: paths from the real machine replayed against the real
 * 微信账号 card, started with the bind status the page loaded (securityPage.machine), its services
 * answering through msw when the path says so (each call waits for the step that resolves or fails it).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WeChatBindStatus, WxConfig } from '../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { wechatBindMachine, type WechatBindInput, type WechatReturn } from '../../src/machines/account/wechatBind.machine';
import { dismissAllToasts, getToasts } from '../../src/services/shared/toast';
import { AppProvider } from '../../src/app/AppContext';
import { createAuthSession } from '../../src/app/authSession';
import FluentScope from '../../src/views/app/FluentScope';
import { WechatCard } from '../../src/views/account/uc/WechatCard';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const PATH = '/uc/account-manage/security';
const STATE = 'st-model';
const STATE_KEY = 'xt_wechat_bind_state';
const BOUND: WeChatBindStatus = { bound: true, nickname: '微信昵称', hasPassword: true };
const UNBOUND: WeChatBindStatus = { bound: false, nickname: null, hasPassword: true };
const CONFIG: WxConfig = {
  appId: 'wx-app',
  redirectUrl: `http://localhost/new${PATH}`,
  scope: 'snsapi_login',
  style: 'black',
  state: STATE,
  qrconnectUrl: '/dev/wechat/qrconnect',
};

type Settle = { answer: 'ok'; data: unknown } | { answer: 'fail' };
type CallName = 'loadConfig' | 'bindWeChat' | 'unbind';
const pending: Partial<Record<CallName, (settle: Settle) => void>> = {};

/** An msw handler that holds the call until the model step settles it. */
const held = (name: CallName) => () =>
  new Promise<Response>((resolve) => {
    pending[name] = (settle) => {
      delete pending[name];
      resolve(settle.answer === 'ok' ? ok(settle.data) : fail('服务器错误(500)', 500));
    };
  });

// No getWeChatBindStatus handler: the card never asks for the status (the page did), and an unhandled call fails the test.
const msw = setupServer(
  answer(API_CALLS.wxConfig, held('loadConfig')),
  answer(API_CALLS.bindWeChat, held('bindWeChat')),
  answer(API_CALLS.unBindWeChat, held('unbind')),
);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

let location: ReturnType<typeof memoryLocation> & { history: string[] };
const current = () => location.history[location.history.length - 1];
const card = () => within(screen.getByRole('region', { name: '微信账号' }));
const statusText = () => screen.getByTestId('wechat-status').textContent;
const toasts = () => getToasts().map((t) => t.message);

function setupAt(path: string, storedState: string | null, status: WeChatBindStatus) {
  return async () => {
    if (storedState) sessionStorage.setItem(STATE_KEY, storedState);
    const [pathname, search = ''] = path.split('?');
    location = memoryLocation({ path: pathname!, searchPath: search, record: true });
    render(
      <Router base="" hook={location.hook} searchHook={location.searchHook}>
        <AppProvider session={createAuthSession()}>
          <FluentScope>
            <WechatCard status={status} />
          </FluentScope>
        </AppProvider>
      </Router>,
    );
    return () => {
      for (const settle of Object.values(pending)) settle?.({ answer: 'fail' });
      dismissAllToasts();
    };
  };
}

const waitCall = (name: CallName) => waitFor(() => expect(pending[name]).toBeDefined());
const settle = (name: CallName, s: Settle) =>
  act(async () => {
    await waitCall(name);
    pending[name]!(s);
  });

const states = {
  // The stored state is read at once, so the card may already be binding; never the bind buttons.
  checkingReturn: async () => {
    await waitFor(() => expect(statusText()).toBe('正在绑定微信…'));
    expect(card().queryByRole('button')).toBeNull();
  },
  binding: async () => {
    await waitCall('bindWeChat');
    expect(statusText()).toBe('正在绑定微信…');
    expect(card().queryByRole('button')).toBeNull();
  },
  'ready.idle': async (s: { context: { status: WeChatBindStatus } }) => {
    const bound = s.context.status.bound;
    await waitFor(() => expect(statusText()).toBe(bound ? '已绑定：微信昵称' : '未绑定'));
    expect(card().queryByRole('button', { name: bound ? '解除绑定' : '绑定微信' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  },
  'ready.fetchingConfig': async () => {
    await waitCall('loadConfig');
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  },
  'ready.showingQr': async () => {
    const frame = await screen.findByTestId('wechat-qr');
    expect(frame.getAttribute('src')).toContain(`state=${STATE}`);
    expect(sessionStorage.getItem(STATE_KEY)).toBe(STATE);
  },
  'ready.confirmingUnbind': async () => {
    const dialog = await screen.findByRole('dialog', { name: '解除微信绑定' });
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: '解除绑定' }).disabled).toBe(false);
  },
  'ready.unbinding': async () => {
    await waitCall('unbind');
    expect(within(screen.getByRole('dialog')).getByRole<HTMLButtonElement>('button', { name: '处理中…' }).disabled).toBe(true);
  },
};

const click = (name: string, within_: () => ReturnType<typeof within> = card) =>
  act(async () => void fireEvent.click(await within_().findByRole('button', { name })));
const dialog = () => within(screen.getByRole('dialog'));

const exec = {
  BIND: () => click('绑定微信'),
  CLOSE_QR: () => click('取消'),
  UNBIND: () => click('解除绑定'),
  CONFIRM_UNBIND: () => click('解除绑定', dialog),
  CANCEL_UNBIND: () => click('取消', dialog),
  // Nothing to do: the stored state was put in place by the path's setup.
  'xstate.done.actor.readExpectedState': async () => {},
  'xstate.done.actor.loadConfig': () => settle('loadConfig', { answer: 'ok', data: CONFIG }),
  'xstate.error.actor.loadConfig': () => settle('loadConfig', { answer: 'fail' }),
  // Unbinding and binding answer the new status: the card shows it (checked by ready.idle).
  'xstate.done.actor.unbind': async (e: { output: WeChatBindStatus }) => {
    await settle('unbind', { answer: 'ok', data: e.output });
    await waitFor(() => expect(toasts()).toContain(ACCOUNT_TEXTS.wechatUnbound));
  },
  'xstate.error.actor.unbind': () => settle('unbind', { answer: 'fail' }),
  // Either way the return query leaves the address.
  'xstate.done.actor.bindWeChat': async (e: { output: WeChatBindStatus }) => {
    await settle('bindWeChat', { answer: 'ok', data: e.output });
    await waitFor(() => expect(toasts()).toContain(ACCOUNT_TEXTS.wechatBound));
    await waitFor(() => expect(current()).toBe(PATH));
    expect(sessionStorage.getItem(STATE_KEY)).toBeNull();
  },
  'xstate.error.actor.bindWeChat': async () => {
    await settle('bindWeChat', { answer: 'fail' });
    await waitFor(() => expect(current()).toBe(PATH));
  },
};

const commonEvents = [
  { type: 'BIND' },
  { type: 'CLOSE_QR' },
  { type: 'UNBIND' },
  { type: 'CONFIRM_UNBIND' },
  { type: 'CANCEL_UNBIND' },
  { type: 'xstate.done.actor.loadConfig', output: CONFIG },
  { type: 'xstate.error.actor.loadConfig', error: new Error('x') },
  { type: 'xstate.done.actor.unbind', output: UNBOUND },
  { type: 'xstate.error.actor.unbind', error: new Error('x') },
  { type: 'xstate.done.actor.bindWeChat', output: BOUND },
  { type: 'xstate.error.actor.bindWeChat', error: new Error('x') },
];

const serializeState = (s: { value: unknown; context: { status: WeChatBindStatus } }) => JSON.stringify([s.value, s.context.status.bound]);

// What every suite shares; each states only its start and what differs.
const base = { machine: wechatBindMachine, serializeState, states: states as never, exec: exec as never };

// Starting bound reaches every ready state: unbind, then bind by QR.
describeModel('wechatBind on a plain visit, bound', {
  ...base,
  start: '登录后打开 /uc/account-manage/security，账号已绑定微信',
  input: { status: BOUND, returned: null } satisfies WechatBindInput,
  events: commonEvents as never[],
  setup: setupAt(PATH, null, BOUND),
  coverage: 'transitions',
});

describeModel('wechatBind on a plain visit, not bound', {
  ...base,
  start: '登录后打开 /uc/account-manage/security，账号未绑定微信',
  input: { status: UNBOUND, returned: null } satisfies WechatBindInput,
  events: commonEvents as never[],
  setup: setupAt(PATH, null, UNBOUND),
  coverage: 'transitions',
});

const RETURNED: WechatReturn = { code: 'wx-code', state: STATE };

describeModel('wechatBind back from WeChat with the state this tab stored', {
  ...base,
  start: '在本标签页点击“绑定微信”并扫码授权后返回 /uc/account-manage/security，state 与本标签页保存的一致',
  input: { status: UNBOUND, returned: RETURNED } satisfies WechatBindInput,
  events: [...commonEvents, { type: 'xstate.done.actor.readExpectedState', output: STATE }] as never[],
  setup: setupAt(`${PATH}?code=${RETURNED.code}&state=${STATE}`, STATE, UNBOUND),
  coverage: 'states',
  excused: {
    'checkingReturn xstate.error.actor.readExpectedState': 'readBindState never rejects: storage that cannot be read answers null, refused like a forged state',
  },
});

describeModel('wechatBind back from WeChat with a state this tab did not store', {
  ...base,
  start: '扫码授权后返回 /uc/account-manage/security，state 与本标签页保存的不一致（伪造的回调）',
  input: { status: UNBOUND, returned: RETURNED } satisfies WechatBindInput,
  events: [{ type: 'xstate.done.actor.readExpectedState', output: 'forged' }] as never[],
  states: {
    ...states,
    // The stored state is read at once: the refusal may already be shown, with the page's status and its button.
    checkingReturn: async () => {
      await waitFor(() => expect(['正在绑定微信…', '未绑定']).toContain(statusText()));
      expect(card().queryByRole('button', { name: '解除绑定' })).toBeNull();
    },
  } as never,
  exec: {
    ...exec,
    'xstate.done.actor.readExpectedState': async () => {
      await waitFor(() => expect(toasts()).toContain(ACCOUNT_TEXTS.wechatSessionExpired));
      await waitFor(() => expect(current()).toBe(PATH));
    },
  } as never,
  setup: setupAt(`${PATH}?code=${RETURNED.code}&state=${STATE}`, 'forged', UNBOUND),
  coverage: 'states',
});
