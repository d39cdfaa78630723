/**
 * For the account area's model tests: one page of the real App (a guest's, or a logged-in student's
 * user-centre page) whose msw calls made with `held(call)` wait until a path step answers them with
 * `answer(call, …)`, like loginKit's heldPage, but with the page's own "ready" check, an optional
 * logged-in session and storage put in place before the render, and fake timers only when asked.
 */
import { cleanup } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { UserInfo } from '../../src/domain/account/contract';
import { forgetPublicKey } from '../../src/services/account/passwordCrypto';
import { dismissAllToasts } from '../../src/services/shared/toast';
import { renderLoggedIn } from '../unit/account/account.fixtures';
import { eventually, gate, renderApp, type Gate } from './loginKit';
import { ok } from './msw';

export interface HeldAppOptions {
  /** The page's address (a function when each path needs its own, e.g. a one-time WeChat code). */
  path: string | (() => string);
  /** Throws until the page shows what a path starts from. */
  ready: () => void;
  /** Renders the App with this user's stored session (a user-centre page). */
  user?: UserInfo;
  /** Storage the page reads on start (a countdown, WeChat's state), put in place before each render. */
  before?: () => void;
  /** Fakes setTimeout, clearTimeout and Date (a machine with `after`). */
  fakeTimers?: boolean;
}

export interface HeldApp<Call extends string> {
  current: () => string;
  pending: (call: Call) => Gate<Response> | undefined;
  held: (call: Call) => () => Promise<Response>;
  answer: (call: Call, response: () => Response) => Promise<void>;
  setup: () => Promise<() => void>;
}

export function heldApp<Call extends string>(options: HeldAppOptions): HeldApp<Call> {
  let pending: Partial<Record<Call, Gate<Response>>> = {};
  let current: () => string = () => '/';
  let warmedUp = false;
  const path = () => (typeof options.path === 'function' ? options.path() : options.path);
  const render = () => {
    options.before?.();
    if (options.user) current = renderLoggedIn(path(), options.user).current;
    else current = renderApp(path()).current;
  };
  return {
    current: () => current(),
    pending: (call) => pending[call],
    held: (call) => () => {
      const g = gate<Response>();
      pending[call] = g;
      return g.promise;
    },
    async answer(call, response) {
      await eventually(() => expect(pending[call]).toBeDefined());
      const g = pending[call]!;
      delete pending[call];
      g.open(response());
    },
    async setup() {
      // React reveals a lazily loaded view with a timeout: load it once with real timers. The first
      // load imports the view's modules, slow on a busy machine (the harness gives a suite's first
      // path the time).
      if (!warmedUp) {
        render();
        await eventually(options.ready, 45_000);
        for (const g of Object.values(pending) as (Gate<Response> | undefined)[]) g?.open(ok(null));
        cleanup();
        localStorage.clear();
        sessionStorage.clear();
        warmedUp = true;
      }
      pending = {};
      forgetPublicKey();
      if (options.fakeTimers) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      render();
      await eventually(options.ready, 15_000);
      return () => {
        // Calls still held get an empty answer, so nothing fails later in another test.
        for (const g of Object.values(pending) as (Gate<Response> | undefined)[]) g?.open(ok(null));
        pending = {};
        cleanup();
        dismissAllToasts();
        if (options.fakeTimers) vi.useRealTimers();
      };
    },
  };
}
