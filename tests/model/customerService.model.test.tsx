/**
 * The floating customer-service button, model-based: paths from the real customerService machine
 * drive the real button (its lazily loaded flow and contact panel), in three builds: a chat
 * script whose loaded widget defines the reopen hook, one whose widget does not, and none (the
 * contact panel only). jsdom loads no script: a path step fires its load or error event.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi, type Mock } from 'vitest';
import { CONTACT_PARAM_KEY } from '../../src/domain/site/contactDetails';
import { CONTACT_PANEL_TEXTS } from '../../src/domain/site/contactPanel.texts';
import { CUSTOMER_SERVICE_TEXTS } from '../../src/domain/site/customerService.texts';
import { SITE_CALLS } from '../../src/domain/site/calls';
import { customerServiceMachine } from '../../src/machines/shared/customerService.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import { eventually } from '../support/loginKit';
import { answer } from '../support/msw';
import { CHAT, chatScripts, CONTACT, forgetCustomerService, renderCustomerService } from './customerService.kit';
import { describeModel } from './harness';

const server = setupServer(answer(SITE_CALLS.paramByKey, { key: CONTACT_PARAM_KEY, value: JSON.stringify(CONTACT) }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The first open compiles the flow's and the panel's lazy chunks on this (shared, slow) machine.
vi.setConfig({ testTimeout: 20_000 });

type Snap = ReturnType<typeof customerServiceMachine.getInitialSnapshot>;
const setHook = (open: () => void) => ((window as { XuetuChat?: unknown }).XuetuChat = { open });
const dialog = () => screen.queryByRole('dialog', { name: CONTACT_PANEL_TEXTS.title });

function suite(name: string, scriptUrl: string | null, hook: boolean) {
  let button: HTMLElement;
  let open: Mock<() => void>;
  /** Clicks since the script loaded: each one reopens the widget through its hook. */
  let clicksWhenReady = 0;
  let ready = false;
  // The machine's reopen guard reads the page's hook: paths are generated with the hook as the run has it.
  if (hook) setHook(() => {});
  describeModel(`customerService (${name})`, {
    machine: customerServiceMachine,
    input: { scriptUrl },
    start: `以游客身份打开首页 /（${scriptUrl === null ? '站点未配置在线聊天脚本' : hook ? '站点配置了在线聊天脚本，且提供 XuetuChat.open' : '站点配置了在线聊天脚本，未提供 XuetuChat.open'}），右下角有“客服”按钮`,
    events: [
      { type: 'OPEN' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.loadScript', output: undefined },
      { type: 'xstate.error.actor.loadScript', error: new Error('chat script failed to load') },
    ] as never[],
    serializeState: (s: Snap) => JSON.stringify([s.value, s.context.chat]),
    states: {
      idle: async (s: Snap) => {
        await eventually(() => expect(dialog()).toBeNull());
        expect(button.getAttribute('aria-busy')).toBe('false');
        expect(button.getAttribute('aria-label')).toBe(CUSTOMER_SERVICE_TEXTS.buttonLabel);
        // The script is added once, on the first click, and never again.
        expect(chatScripts()).toHaveLength(s.context.chat === 'unset' ? 0 : 1);
        if (hook && s.context.chat === 'ready') expect(open).toHaveBeenCalledTimes(clicksWhenReady);
      },
      loadingScript: async () => {
        await eventually(() => expect(button.getAttribute('aria-busy')).toBe('true'));
        expect(button.getAttribute('aria-label')).toBe(CUSTOMER_SERVICE_TEXTS.buttonLoading);
        expect(chatScripts().map((s) => s.src)).toEqual([CHAT]);
        expect(dialog()).toBeNull();
      },
      panel: async (s: Snap) => {
        await eventually(() => expect(dialog()).not.toBeNull());
        expect(dialog()!.getAttribute('aria-modal')).toBe('true');
        expect(button.getAttribute('aria-busy')).toBe('false');
        const notice = within(dialog()!).queryByRole('alert');
        if (s.context.chat === 'failed') expect(notice!.textContent).toBe(CONTACT_PANEL_TEXTS.scriptFailed);
        else expect(notice).toBeNull();
        await eventually(() => expect(within(dialog()!).getByRole('link', { name: CONTACT.phone })).toBeTruthy());
        expect(chatScripts()).toHaveLength(scriptUrl === null ? 0 : 1);
      },
    },
    exec: {
      OPEN: async () => {
        if (ready) clicksWhenReady += 1;
        await act(async () => void fireEvent.click(button));
      },
      CLOSE: async () => act(async () => void fireEvent.click(within(dialog()!).getByRole('button', { name: CONTACT_PANEL_TEXTS.close }))),
      'xstate.done.actor.loadScript': async () => {
        await eventually(() => expect(chatScripts()).toHaveLength(1));
        ready = true;
        await act(async () => void chatScripts()[0]!.dispatchEvent(new Event('load')));
      },
      'xstate.error.actor.loadScript': async () => {
        await eventually(() => expect(chatScripts()).toHaveLength(1));
        await act(async () => void chatScripts()[0]!.dispatchEvent(new Event('error')));
      },
    } as never,
    setup: async () => {
      clicksWhenReady = 0;
      ready = false;
      open = vi.fn();
      if (hook) setHook(open);
      else delete (window as { XuetuChat?: unknown }).XuetuChat;
      button = await renderCustomerService(scriptUrl ?? '');
      return () => {
        cleanup();
        forgetCustomerService();
        dismissAllToasts();
      };
    },
    coverage: 'transitions',
  });
  delete (window as { XuetuChat?: unknown }).XuetuChat;
}

suite('chat script whose widget has the reopen hook', CHAT, true);
suite('chat script without the hook', CHAT, false);
suite('no chat script: the contact panel', null, false);
