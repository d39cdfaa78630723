/**
 * Shared by the login tests (unit and model): the server's answers as the accounts contract
 * (src/domain/account/contract.ts) describes them, msw handlers for the pages a login lands on, rendering
 * the real App at a path, and driving the slider captcha with pointer events.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { CaptchaChallenge } from '../../src/domain/account/captcha';
import type { LoginResult, UserInfo } from '../../src/domain/account/contract';
import { API_CALLS } from '../../src/domain/calls';
import { SITE_CALLS } from '../../src/domain/site/calls';
import { createAuthSession, type AuthSessionActor } from '../../src/app/authSession';
import { dismissAllToasts } from '../../src/services/shared/toast';
import { App } from '../../src/app/App';
import { STUDENT } from './users';
import { answer, ok } from './msw';

export const MOBILE = '13800138000';
export const SMS_CODE = '123456';

export const USER: UserInfo = { ...STUDENT, mobile: MOBILE };

export function loginResult(overrides: Partial<LoginResult> = {}, user: Partial<UserInfo> = {}): LoginResult {
  return { token: 'tok-new', expirationTimestamp: Date.now() + 7 * 86_400_000, userinfo: { ...USER, ...user }, ...overrides };
}

// A 1×1 PNG is enough for the browser-less DOM.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let challengeSeq = 0;
export function challenge(): CaptchaChallenge {
  challengeSeq += 1;
  return {
    challengeId: `ch-${challengeSeq}`,
    background: PNG,
    piece: PNG,
    width: 320,
    height: 160,
    pieceSize: 44,
    pieceY: 58,
    expiresAt: Date.now() + 120_000,
  };
}

/** What the pages a login lands on ask for (home, login check), answered empty. */
export const landingHandlers = [
  answer(API_CALLS.checkStatus, true),
  answer(SITE_CALLS.adItemsByCode, []),
  answer(API_CALLS.classTreeList, []),
  answer(API_CALLS.coursePageList, { records: [], total: 0, current: 1, size: 8 }),
];

export interface RenderedApp {
  session: AuthSessionActor;
  location: ReturnType<typeof memoryLocation>;
  /** The current path and query (relative to the base). */
  current: () => string;
}

/** The real App at `path` (relative to /new) with a fresh session read from storage. */
export function renderApp(path: string): RenderedApp {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  const session = createAuthSession();
  render(<App session={session} base="" hook={location.hook} searchHook={location.searchHook} />);
  return { session, location, current: () => location.history[location.history.length - 1] ?? '/' };
}

/** A promise the test settles later: how a model step "resolves the invoked service". */
export interface Gate<T = void> {
  promise: Promise<T>;
  open: (value: T) => void;
}
export function gate<T = void>(): Gate<T> {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Drags the slider handle right by `dx` px in a few pointer moves, then releases it. */
export async function dragSlider(dx: number): Promise<void> {
  const handle = screen.getByTestId('slider-handle');
  await act(async () => {
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    for (const f of [0.25, 0.5, 0.75, 1]) fireEvent.pointerMove(handle, { clientX: 100 + dx * f, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 100 + dx, pointerId: 1 });
  });
}

/** Types into an input as a change event (what React's onChange sees). */
export async function typeInto(testId: string, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
}

export async function click(el: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(el);
  });
}

/** The JSON body a handler received. */
export async function jsonBody<T>(request: Request): Promise<T> {
  return (await request.json()) as T;
}

/**
 * Retries `assertion` for up to `timeoutMs` of real time. Unlike waitFor/findBy it also works under
 * vitest's fake setTimeout (Testing Library's async utilities wait on a setTimeout(0) that only
 * Jest's fake timers advance); node:timers/promises is never faked.
 */
export async function eventually(assertion: () => void, timeoutMs = 5000): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
    }
    await act(async () => {
      await sleep(5);
    });
  }
}

/** Advances vitest's fake clock inside act (React renders what the timers changed). */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Sets an input to `value` even when it already holds it (React only reports real changes). */
export async function setInput(testId: string, value: string): Promise<void> {
  await typeInto(testId, value === '9' ? '8' : '9');
  await typeInto(testId, value);
}

/**
 * One page of the App for model-based paths: msw handlers made with `held(call)` wait until a path
 * step answers them with `answer(call, …)`; `setup` renders the page under fake timers.
 */
export function heldPage<Call extends string>(path: string) {
  let app: RenderedApp | undefined;
  let pending: Partial<Record<Call, Gate<Response>>> = {};
  let warmedUp = false;
  return {
    get app(): RenderedApp {
      if (!app) throw new Error('heldPage: setup() has not run');
      return app;
    },
    pending: (call: Call): Gate<Response> | undefined => pending[call],
    held(call: Call) {
      return () => {
        const g = gate<Response>();
        pending[call] = g;
        return g.promise;
      };
    },
    /** Answers the call the machine is waiting on (and forgets it, so the next state sees none pending). */
    async answer(call: Call, response: () => Response): Promise<void> {
      await eventually(() => expect(pending[call]).toBeDefined());
      const g = pending[call]!;
      delete pending[call];
      g.open(response());
    },
    async setup(): Promise<() => void> {
      // React reveals a lazily loaded view with a timeout: load it once with real timers.
      if (!warmedUp) {
        renderApp(path);
        await screen.findByTestId('mobile-input');
        cleanup();
        warmedUp = true;
      }
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      pending = {};
      app = renderApp(path);
      await eventually(() => expect(screen.getByTestId('mobile-input')).toBeTruthy());
      return () => {
        // Calls still held get an empty answer, so nothing fails later in another test.
        for (const g of Object.values(pending) as (Gate<Response> | undefined)[]) g?.open(ok(null));
        cleanup();
        dismissAllToasts();
        vi.useRealTimers();
      };
    },
  };
}
