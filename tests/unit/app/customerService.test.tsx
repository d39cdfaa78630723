/**
 * The floating customer-service button (issue 20 point 3) in jsdom: the chat script is added only
 * after the first click and only once, a script that fails to load leaves the contact panel, and
 * the panel shows the contact details of the site param with its loading, failed (retry) and empty
 * states, as a dialog that Escape closes. jsdom loads no script: the tests fire its load or error.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_PARAM_KEY } from '../../../src/domain/site/contactDetails';
import { SITE_CALLS } from '../../../src/domain/site/calls';
import { answer, fail, ok } from '../../support/msw';

const CHAT = 'https://chat.xuetu.test/widget.js';
const CONTACT = {
  enabled: true,
  title: '在线客服',
  phone: '400-618-2027',
  wechat: 'xuetu-kefu',
  workTime: '周一至周日 9:00-21:00',
  email: 'service@xuetu.example.com',
};

let paramRequests = 0;
const contactParam = answer(SITE_CALLS.paramByKey, ({ params }) => {
  paramRequests++;
  return ok(params.key === CONTACT_PARAM_KEY ? { key: CONTACT_PARAM_KEY, value: JSON.stringify(CONTACT) } : null);
});
const server = setupServer(contactParam);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  paramRequests = 0;
  vi.resetModules();
  document.head.querySelectorAll('script[data-chat-script]').forEach((s) => s.remove());
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
  delete (window as { XuetuChat?: unknown }).XuetuChat;
});
afterAll(() => server.close());

/** Renders the button of a build whose VITE_CHAT_SCRIPT is `script` (read when its modules load). */
async function renderButton(script = '') {
  vi.stubEnv('VITE_CHAT_SCRIPT', script);
  // Fresh modules (vi.resetModules): the provider and the button must share one AppContext.
  const { AppProvider } = await import('../../../src/app/AppContext');
  const { createAuthSession } = await import('../../../src/app/authSession');
  const { default: CustomerService } = await import('../../../src/views/app/CustomerService');
  render(
    <AppProvider session={createAuthSession()}>
      <CustomerService />
    </AppProvider>,
  );
  return screen.getByRole('button', { name: '联系在线客服' });
}

const chatScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-chat-script]')];

// The first open compiles the flow's and the panel's lazy chunks on this (shared, slow) machine.
vi.setConfig({ testTimeout: 20_000 });

describe('with a chat script configured', () => {
  it('adds the script only after the first click, once, async, with a loading state', async () => {
    const button = await renderButton(CHAT);
    expect(chatScripts()).toHaveLength(0);
    fireEvent.click(button);
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
    const [script] = chatScripts();
    expect(script!.src).toBe(CHAT);
    expect(script!.async).toBe(true);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.getAttribute('aria-label')).toBe('正在连接在线客服…');
    fireEvent.click(button);
    await act(async () => {
      script!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect(button.getAttribute('aria-label')).toBe('联系在线客服');
    // Loaded: a later click opens the widget through its hook, and asks the vendor nothing again.
    const open = vi.fn();
    (window as { XuetuChat?: unknown }).XuetuChat = { open };
    fireEvent.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(chatScripts()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(paramRequests).toBe(0);
  });

  it('a loaded script without the hook: a later click shows the contact panel', async () => {
    const button = await renderButton(CHAT);
    fireEvent.click(button);
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
    await act(async () => {
      chatScripts()[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '联系客服' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(chatScripts()).toHaveLength(1);
  });

  it('falls back to the contact panel with a short message when the script fails to load, and never asks again', async () => {
    const button = await renderButton(CHAT);
    fireEvent.click(button);
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
    await act(async () => {
      chatScripts()[0]!.dispatchEvent(new Event('error'));
    });
    const dialog = await screen.findByRole('dialog', { name: '联系客服' });
    expect(within(dialog).getByRole('alert').textContent).toContain('在线客服暂时无法连接');
    expect(await within(dialog).findByText('400-618-2027')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: '联系客服' })).toBeTruthy();
    expect(chatScripts()).toHaveLength(1);
  });
});

describe('without a chat script: the contact panel', () => {
  it('loads nothing before the click, then shows the contact details; Escape closes and focus goes back', async () => {
    server.use(answer(SITE_CALLS.paramByKey, async () => (await delay(50), ok({ key: CONTACT_PARAM_KEY, value: JSON.stringify(CONTACT) }))));
    const button = await renderButton('');
    expect(paramRequests).toBe(0);
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '联系客服' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('status').textContent).toContain('客服信息加载中');
    const phone = await within(dialog).findByRole('link', { name: '400-618-2027' });
    expect(phone.getAttribute('href')).toBe('tel:4006182027');
    expect(within(dialog).getByText('xuetu-kefu')).toBeTruthy();
    expect(within(dialog).getByText('周一至周日 9:00-21:00')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'service@xuetu.example.com' }).getAttribute('href')).toBe('mailto:service@xuetu.example.com');
    expect(chatScripts()).toHaveLength(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('a failed load offers a retry', async () => {
    let calls = 0;
    server.use(
      answer(SITE_CALLS.paramByKey, () => {
        calls++;
        return calls === 1 ? fail('服务繁忙', 500) : ok({ key: CONTACT_PARAM_KEY, value: JSON.stringify(CONTACT) });
      }),
    );
    fireEvent.click(await renderButton(''));
    const dialog = await screen.findByRole('dialog', { name: '联系客服' });
    const error = await within(dialog).findByTestId('error-state');
    expect(error.textContent).toContain('客服信息加载失败');
    fireEvent.click(within(error).getByRole('button'));
    expect(await within(dialog).findByText('400-618-2027')).toBeTruthy();
  });

  it('an absent, switched-off or empty param shows the empty state', async () => {
    for (const value of [null, { key: CONTACT_PARAM_KEY, value: JSON.stringify({ ...CONTACT, enabled: false }) }, { key: CONTACT_PARAM_KEY, value: '{}' }]) {
      server.use(answer(SITE_CALLS.paramByKey, value));
      vi.resetModules();
      fireEvent.click(await renderButton(''));
      const dialog = await screen.findByRole('dialog', { name: '联系客服' });
      expect((await within(dialog).findByTestId('empty-state')).textContent).toContain('暂无客服联系方式');
      fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      document.body.innerHTML = '';
    }
  });
});
