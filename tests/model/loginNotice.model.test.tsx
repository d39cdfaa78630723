/**
 * The notice above the login form, model-based: paths from the real loginNotice machine drive the
 * real App at /uc/login. A reason reaches it the way it does in use: a call answered by the HTTP
 * client with a 401 that carries one (您的账号已在其他设备登录), here one more while the page is open
 * (a device arriving from another page with one is tests/unit/account/loginNotice.test.tsx).
 */
import { act, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { DEVICE_TEXTS } from '../../src/domain/account/devices.texts';
import { EXTRA_CALLS } from '../../src/domain/calls';
import { loginNoticeMachine } from '../../src/machines/account/loginNotice.machine';
import { clearUnauthorizedReason, call } from '../../src/services/shared/http/client';
import { heldApp } from '../support/accountModelKit';
import { eventually } from '../support/loginKit';
import { answer, fail } from '../support/msw';
import { handlers } from '../unit/account/account.fixtures';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const page = heldApp<never>({
  path: '/uc/login',
  before: () => clearUnauthorizedReason(),
  ready: () => expect(screen.getByTestId('mobile-input')).toBeTruthy(),
});
// The session list stands for any signed-in call: refused with the device limit's reason.
const server = setupServer(
  answer(EXTRA_CALLS.sessionList, () => fail(DEVICE_TEXTS.replaced, 401)),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describeModel('loginNotice on /uc/login', {
  machine: loginNoticeMachine,
  start: '打开 /uc/login（本设备未被其他设备挤下线）',
  events: [{ type: 'REASON', message: DEVICE_TEXTS.replaced }],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    none: async () => {
      expect(screen.getByTestId('mobile-input')).toBeTruthy();
      expect(screen.queryByTestId('login-notice')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    shown: async (s) => {
      await eventually(() => expect(screen.getByTestId('login-notice').textContent).toBe(s.context.message));
      expect(screen.getByRole('alert').textContent).toBe(DEVICE_TEXTS.replaced);
      // Shown once: the next visit to the login page starts without it.
      expect(screen.getAllByTestId('login-notice')).toHaveLength(1);
      expect(screen.getByTestId('mobile-input')).toBeTruthy();
    },
  },
  exec: {
    REASON: async () => {
      await act(async () => {
        await call(EXTRA_CALLS.sessionList).catch(() => undefined);
      });
    },
  },
  setup: page.setup,
  coverage: 'transitions',
});
