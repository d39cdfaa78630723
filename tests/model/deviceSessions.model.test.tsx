/**
 * 登录设备 (账号安全), model-based: paths from the real deviceSessions machine drive the real App at
 * /uc/account-manage/security with a logged-in student. The session list and the sign-out wait on
 * msw gates that a path step answers: this device and a phone, this device alone, or refused
 * (重新加载 tries again); signing the phone out succeeds or fails, and the list loads again.
 */
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { DeviceSession } from '../../src/domain/account/contract';
import { DEVICE_TEXTS } from '../../src/domain/account/devices.texts';
import { EXTRA_CALLS } from '../../src/domain/calls';
import { formatDateTime } from '../../src/domain/shared/format';
import { deviceSessionsMachine } from '../../src/machines/account/deviceSessions.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { heldApp } from '../support/accountModelKit';
import { click, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { deviceSessions, handlers, USER } from '../unit/account/account.fixtures';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/security';
type Call = 'list' | 'signOut';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle })).toBeTruthy(),
});
const server = setupServer(answer(EXTRA_CALLS.sessionList, page.held('list')), answer(EXTRA_CALLS.signOutSession, page.held('signOut')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const [THIS_DEVICE, PHONE] = deviceSessions() as [DeviceSession, DeviceSession];
const TWO: DeviceSession[] = [THIS_DEVICE, PHONE];
const ALONE: DeviceSession[] = [THIS_DEVICE];

type Snap = ReturnType<typeof deviceSessionsMachine.getInitialSnapshot>;
const card = () => within(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle }));
const items = () => card().queryAllByTestId('device-session');
const phoneItem = () => within(card().getByRole('listitem', { name: `${PHONE.device} · ${PHONE.browser}` }));

/** The list as the card shows it: name, 本机, place, last active, signed in, and the button. */
function expectList(sessions: readonly DeviceSession[]): void {
  expect(items()).toHaveLength(sessions.length);
  sessions.forEach((session, i) => {
    const item = within(items()[i]!);
    expect(item.getByText(`${session.device} · ${session.browser}`, { exact: false })).toBeTruthy();
    expect(item.queryByText(DEVICE_TEXTS.current) !== null).toBe(session.current);
    expect(item.getByText(session.place)).toBeTruthy();
    expect(item.getByText(formatDateTime(new Date(session.lastActiveAt)))).toBeTruthy();
    expect(item.getByText(formatDateTime(new Date(session.signedInAt)))).toBeTruthy();
    expect(item.getByRole('button', { name: session.current ? DEVICE_TEXTS.signOutCurrent : DEVICE_TEXTS.signOut })).toBeTruthy();
  });
}

describeModel('deviceSessions on /uc/account-manage/security', {
  machine: deviceSessionsMachine,
  start: '登录后打开 /uc/account-manage/security，看“登录设备”卡片',
  events: [
    { type: 'xstate.done.actor.list', output: TWO },
    { type: 'xstate.done.actor.list', output: ALONE },
    { type: 'xstate.error.actor.list', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
    { type: 'SIGN_OUT', id: PHONE.id },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new ApiError('请求出错(404)', 404, 404) },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.sessions.length]),
  states: {
    loading: async (s: Snap) => {
      await eventually(() => expect(page.pending('list')).toBeDefined());
      expect(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle }).getAttribute('aria-busy')).toBe('true');
      expect(card().queryByTestId('devices-error')).toBeNull();
      if (s.context.sessions.length === 0) {
        expect(card().getByTestId('devices-loading').textContent).toBe(DEVICE_TEXTS.loading);
        expect(items()).toHaveLength(0);
      } else {
        // Loading again after a sign-out: the previous list stays, its buttons off.
        expect(card().queryByTestId('devices-loading')).toBeNull();
        for (const button of card().getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
      }
    },
    loaded: async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle }).getAttribute('aria-busy')).toBe('false'));
      expectList(s.context.sessions);
      for (const button of card().getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(false);
      expect(card().queryByTestId('devices-loading')).toBeNull();
      expect(card().queryByTestId('devices-error')).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(card().getByTestId('devices-error')).toBeTruthy());
      expect(within(card().getByTestId('devices-error')).getByText(s.context.error!)).toBeTruthy();
      expect(card().getByRole('button', { name: DEVICE_TEXTS.retry })).toBeTruthy();
      expect(items()).toHaveLength(0);
    },
    signingOut: async () => {
      await eventually(() => expect(page.pending('signOut')).toBeDefined());
      expect(phoneItem().getByRole('button', { name: DEVICE_TEXTS.signingOut })).toBeTruthy();
      expect(screen.getByRole('region', { name: DEVICE_TEXTS.cardTitle }).getAttribute('aria-busy')).toBe('true');
    },
  },
  exec: {
    'xstate.done.actor.list': async (e: { output: DeviceSession[] }) => page.answer('list', () => ok(e.output)),
    'xstate.error.actor.list': async (e: { error: ApiError }) => page.answer('list', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(card().getByRole('button', { name: DEVICE_TEXTS.retry })),
    SIGN_OUT: async () => click(phoneItem().getByRole('button', { name: DEVICE_TEXTS.signOut })),
    'xstate.done.actor.signOut': async () => page.answer('signOut', () => ok(null)),
    'xstate.error.actor.signOut': async (e: { error: ApiError }) => page.answer('signOut', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
});
