/**
 * The floating customer-service button as the layouts render it, for the model tests of its two
 * flows: a build's VITE_CHAT_SCRIPT is read when the flow's module loads, so each render stubs it
 * and imports the button from fresh modules (as tests/unit/app/customerService.test.tsx does).
 */
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';

export const CHAT = 'https://chat.xuetu.test/widget.js';
export const CONTACT = {
  enabled: true,
  title: '在线客服',
  phone: '400-618-2027',
  wechat: 'xuetu-kefu',
  workTime: '周一至周日 9:00-21:00',
  email: 'service@xuetu.example.com',
};

export const chatScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-chat-script]')];

/** Renders the button of a build whose VITE_CHAT_SCRIPT is `script`; returns it. */
export async function renderCustomerService(script: string): Promise<HTMLElement> {
  chatScripts().forEach((s) => s.remove());
  vi.resetModules();
  vi.stubEnv('VITE_CHAT_SCRIPT', script);
  // Fresh modules: the provider and the button must share one AppContext.
  const { AppProvider } = await import('../../src/app/AppContext');
  const { createAuthSession } = await import('../../src/app/authSession');
  const { default: CustomerService } = await import('../../src/views/app/CustomerService');
  render(
    <AppProvider session={createAuthSession()}>
      <CustomerService />
    </AppProvider>,
  );
  return screen.getByTestId('customer-service');
}

/** Undoes renderCustomerService's stubs (the caller unmounts). */
export function forgetCustomerService(): void {
  vi.unstubAllEnvs();
  chatScripts().forEach((s) => s.remove());
  delete (window as { XuetuChat?: unknown }).XuetuChat;
}
