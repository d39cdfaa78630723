/**
 * The customer-service contact panel's details, model-based: paths from the real
 * customerServiceContact machine drive the real panel, opened by a click on the floating button
 * of a build without a chat script. The site param waits on a gate a path step answers: contact
 * details, none (absent or switched off: empty), or a failure with its retry.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CONTACT_PARAM_KEY, parseContactDetails, type ContactDetails } from '../../src/domain/site/contactDetails';
import { CONTACT_PANEL_TEXTS } from '../../src/domain/site/contactPanel.texts';
import { SITE_CALLS } from '../../src/domain/site/calls';
import { customerServiceContactMachine } from '../../src/machines/shared/customerServiceContact.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { heldCalls } from './catalogSite.kit';
import { CONTACT, forgetCustomerService, renderCustomerService } from './customerService.kit';
import { describeModel } from './harness';

const calls = heldCalls<'param'>();
const server = setupServer(answer(SITE_CALLS.paramByKey, calls.hold('param')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

vi.setConfig({ testTimeout: 20_000 });

const DETAILS = parseContactDetails(JSON.stringify(CONTACT), CONTACT_PANEL_TEXTS.defaultTitle)!;
const panel = () => within(screen.getByRole('dialog', { name: CONTACT_PANEL_TEXTS.title }));

describeModel('customerServiceContact in the contact panel', {
  machine: customerServiceContactMachine,
  start: '打开首页 /（站点未配置在线聊天脚本），点击右下角“客服”，弹出“联系客服”',
  events: [
    { type: 'xstate.done.actor.load', output: DETAILS },
    { type: 'xstate.done.actor.load', output: null },
    { type: 'xstate.error.actor.load', error: new Error('服务繁忙') },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.count('param')).toBe(1));
      expect(panel().getByRole('status').textContent).toContain(CONTACT_PANEL_TEXTS.loading);
      expect(panel().queryByTestId('customer-service-contacts')).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(panel().getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe('tel:4006182027'));
      expect(panel().getByText(CONTACT.wechat)).toBeTruthy();
      expect(panel().getByText(CONTACT.workTime)).toBeTruthy();
      expect(panel().getByRole('link', { name: CONTACT.email }).getAttribute('href')).toBe(`mailto:${CONTACT.email}`);
      expect(panel().queryByRole('status')).toBeNull();
    },
    empty: async () => {
      await eventually(() => expect(panel().getByTestId('empty-state').textContent).toContain(CONTACT_PANEL_TEXTS.empty));
      expect(panel().queryByTestId('customer-service-contacts')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(panel().getByTestId('error-state').textContent).toContain(CONTACT_PANEL_TEXTS.loadFailed));
      expect(panel().getByRole('button', { name: '重新加载' })).toBeTruthy();
      // Silent: the panel's own message, no toast on top of it.
      expect(screen.queryByText('服务繁忙')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: ContactDetails | null }) =>
      calls.answer('param', () =>
        ok(
          e.output
            ? { key: CONTACT_PARAM_KEY, value: JSON.stringify(CONTACT) }
            : { key: CONTACT_PARAM_KEY, value: JSON.stringify({ ...CONTACT, enabled: false }) },
        ),
      ),
    'xstate.error.actor.load': async () => calls.answer('param', () => fail('服务繁忙', 500)),
    RETRY: async () => act(() => void fireEvent.click(panel().getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    const button = await renderCustomerService('');
    await act(async () => void fireEvent.click(button));
    await eventually(() => expect(screen.getByRole('dialog', { name: CONTACT_PANEL_TEXTS.title })).toBeTruthy());
    return () => {
      calls.release();
      cleanup();
      forgetCustomerService();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'the panel never sends RELOAD: it loads the details each time it opens',
    'empty RELOAD': 'the panel never sends RELOAD: it loads the details each time it opens',
  },
});
