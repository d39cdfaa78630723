/**
 * WeChat QR login (product-spec §1, §2). Two halves of one flow, on two page loads:
 *
 * 1. Showing the QR: wxConfig (purpose=login) → the QR-connect page is framed; its `state` and
 *    the redirect target are stored (sessionStorage) as the QR shows. After WX_QR_TTL_MS the code
 *    is stale: 二维码已过期，点击刷新. Scanning makes WeChat (or the local sandbox) navigate the
 *    whole tab to /uc/login?code=…&state=….
 * 2. Back on /uc/login with code & state, the machine starts in `exchanging`: the state must be the
 *    stored one (else 登录状态已失效，请重新扫码 and a fresh QR), then loginByWx(code) answers a
 *    LoginResult (→ `loggedIn`) or "no bound mobile" (→ `bindRequired`, the view goes to bind phone).
 *
 * Emits `session.loggedIn { result, target }` (to the root session, which goes on to the stored
 * redirect) and `bindRequired { path }` (the view navigates).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { WxConfig } from '../../domain/account/contract';
import { WX_QR_TTL_MS } from '../../domain/account/limits';
import { bindPhonePath, wxQrConnectUrl } from '../../domain/account/login';
import { LOGIN_TEXTS } from '../../domain/account/texts';
import { safeRedirect } from '../../domain/shared/routing';
import { exchangeWxCode, type WxExchangeOutcome } from '../../services/account/login.api';
import { clearWxLoginState, saveWxLoginState } from '../../services/account/wxLoginState';
import { call } from '../../services/shared/http/client';
import { loggedIn } from './loginOutcome';
import type { SessionFlowEvent } from '../shared/sessionEvents';

export interface WechatQrLoginInput {
  /** WeChat's answer in the page's query, when coming back from a scan. */
  code?: string | null;
  state?: string | null;
  /** Where to go after the login (kept with the QR's state across WeChat's round trip). */
  redirect: string;
}

export interface WechatQrLoginContext {
  code: string | null;
  state: string | null;
  redirect: string;
  config: WxConfig | null;
  /** The framed QR-connect page. */
  qrUrl: string | null;
  /** Why a fresh QR is shown (a state mismatch). */
  notice: string | null;
}

export type WechatQrLoginEvent = { type: 'REFRESH' };

export type WechatQrLoginEmitted = Extract<SessionFlowEvent, { type: 'session.loggedIn' }> | { type: 'bindRequired'; path: string };

type Outcome<K extends WxExchangeOutcome['kind']> = Extract<WxExchangeOutcome, { kind: K }>;

export const wechatQrLoginMachine = setup({
  types: {
    input: {} as WechatQrLoginInput,
    context: {} as WechatQrLoginContext,
    events: {} as WechatQrLoginEvent,
    emitted: {} as WechatQrLoginEmitted,
  },
  actors: {
    wxConfig: fromPromise<WxConfig>(() => call(ACCOUNT_CALLS.wxConfig, { query: { purpose: 'login' } })),
    exchange: fromPromise<WxExchangeOutcome, { code: string; state: string }>(({ input }) => exchangeWxCode(input.code, input.state)),
  },
  actions: {
    rememberState: ({ context }) => {
      if (context.config) saveWxLoginState({ state: context.config.state, redirect: context.redirect });
    },
    forgetState: () => clearWxLoginState(),
    // The exchange runs on /uc/login after WeChat's redirect: always a page login.
    notifyLoggedIn: emit((_, params: Outcome<'loggedIn'>) => loggedIn(params.result, safeRedirect(params.stored.redirect))),
    notifyBindRequired: emit(({ context }, params: Outcome<'bindRequired'>) => ({
      type: 'bindRequired' as const,
      path: bindPhonePath({
        code: context.code ?? '',
        state: context.state ?? '',
        sessionKey: params.sessionKey,
        redirect: safeRedirect(params.stored.redirect),
      }),
    })),
  },
  guards: {
    cameBackFromWechat: ({ context }) => !!context.code && !!context.state,
    stateMismatch: (_, params: { outcome: WxExchangeOutcome }) => params.outcome.kind === 'stateMismatch',
    mustBindMobile: (_, params: { outcome: WxExchangeOutcome }) => params.outcome.kind === 'bindRequired',
  },
  delays: { QR_TTL: WX_QR_TTL_MS },
}).createMachine({
  id: 'wechatQrLogin',
  context: ({ input }) => ({
    code: input.code ?? null,
    state: input.state ?? null,
    redirect: input.redirect,
    config: null,
    qrUrl: null,
    notice: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'cameBackFromWechat', target: 'exchanging' }, { target: 'loadingQr' }],
    },
    exchanging: {
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ code: context.code ?? '', state: context.state ?? '' }),
        onDone: [
          {
            guard: { type: 'stateMismatch', params: ({ event }) => ({ outcome: event.output }) },
            target: 'loadingQr',
            actions: assign({ notice: LOGIN_TEXTS.wxStateMismatch }),
          },
          {
            guard: { type: 'mustBindMobile', params: ({ event }) => ({ outcome: event.output }) },
            target: 'bindRequired',
            actions: { type: 'notifyBindRequired', params: ({ event }) => event.output as Outcome<'bindRequired'> },
          },
          {
            target: 'loggedIn',
            actions: ['forgetState', { type: 'notifyLoggedIn', params: ({ event }) => event.output as Outcome<'loggedIn'> }],
          },
        ],
        // An invalid or used code: the client toasted the reason; offer a fresh QR.
        onError: 'loadingQr',
      },
    },
    loadingQr: {
      invoke: {
        id: 'wxConfig',
        src: 'wxConfig',
        onDone: {
          target: 'showing',
          actions: [assign({ config: ({ event }) => event.output, qrUrl: ({ event }) => wxQrConnectUrl(event.output) }), 'rememberState'],
        },
        onError: 'failed',
      },
    },
    showing: {
      after: { QR_TTL: 'expired' },
      on: { REFRESH: { target: 'loadingQr', actions: assign({ notice: null }) } },
    },
    expired: {
      on: { REFRESH: { target: 'loadingQr', actions: assign({ notice: null }) } },
    },
    failed: {
      on: { REFRESH: { target: 'loadingQr', actions: assign({ notice: null }) } },
    },
    loggedIn: { type: 'final' },
    bindRequired: { type: 'final' },
  },
});
