/**
 * The auth session, model-based in Chromium against the real server (issue 21): paths from the
 * real authSession machine (tests/e2e/model/chromiumModel.ts), from three starts — a visitor, a
 * student back after 7 days (the stored user is stale and is fetched again) and one back within
 * them. The login check, the user-info refresh and the logout are held until their step lets them
 * through or the network drops them; a session the server no longer knows is one revoked by a real
 * logout of its token elsewhere, so every answer the page gets is the real server's.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Page } from '@playwright/test';
import type { LoginResult, UserInfo } from '../../src/domain/account/contract';
import { ACCOUNT_CALLS } from '../../src/domain/account/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import type { AuthSessionInput } from '../../src/machines/account/authSession.machine';
import { logInBySmsHere, newMobile, passCaptchaInTestMode, registerByApi } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { chromiumPaths, heldRoutes, loadMachine, pathTitle, runPath } from './model/chromiumModel';
import type { GeneratedPath } from '../model/pathGeneration';

test.describe.configure({ timeout: 60_000 });

const machine = await loadMachine('src/machines/account/authSession.machine.ts', 'authSessionMachine');

/** Stand-ins for the student's session: the steps use the one the server really issued. */
const STORED: UserInfo = { id: 0, mobile: '', nickname: '七天前的昵称' } as UserInfo;
const LOGIN: LoginResult = { token: 'login', expirationTimestamp: 0, userinfo: STORED };

const event = (e: { type: string } & Record<string, unknown>): EventObject => e;

/** What the page and the real server can do in each state (REFRESH_USER and a profile edit are the other suites' and jsdom's). */
function events(s: AnyMachineSnapshot): EventObject[] {
  if (s.matches('loggedOut')) return [event({ type: 'session.loggedIn', result: LOGIN })];
  if (s.matches({ loggedIn: 'verifying' }))
    return [
      event({ type: 'xstate.done.actor.checkStatus', output: true }),
      event({ type: 'xstate.done.actor.checkStatus', output: false }),
      event({ type: 'xstate.error.actor.checkStatus', error: new Error('offline') }),
    ];
  if (s.matches({ loggedIn: 'refreshing' }))
    return [
      event({ type: 'xstate.done.actor.fetchUserInfo', output: STORED }),
      event({ type: 'xstate.error.actor.fetchUserInfo', error: new Error('offline') }),
    ];
  if (s.matches({ loggedIn: 'ready' })) return [{ type: 'LOGOUT' }, { type: 'UNAUTHORIZED' }];
  if (s.matches({ loggedIn: 'loggingOut' }))
    return [event({ type: 'xstate.done.actor.logout', output: undefined }), event({ type: 'xstate.error.actor.logout', error: new Error('offline') })];
  return [];
}

interface Start {
  name: string;
  input: AuthSessionInput;
}
const STARTS: Start[] = [
  { name: 'a visitor', input: { token: null, user: null, userInfoFresh: false } },
  { name: 'a student back after 7 days', input: { token: 'stored', user: STORED, userInfoFresh: false } },
  { name: 'a student back within 7 days', input: { token: 'stored', user: STORED, userInfoFresh: true } },
];

// One path to each state by each event that enters it, over the three starts: a later start adds only what the earlier did not see.
const seen = new Set<string>();
const suites = STARTS.map((start) => {
  const generated = chromiumPaths({
    machine,
    input: start.input,
    events,
    serializeState: (s) => JSON.stringify([s.value, (s.context as { token: unknown }).token !== null, (s.context as { userInfoFresh: boolean }).userInfoFresh]),
    coverage: 'transitions',
  });
  const paths: GeneratedPath[] = [];
  for (const path of generated) {
    const key = `${JSON.stringify(path.state.value)} ${path.steps.at(-1)!.event.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(path);
  }
  return { start, paths };
});

test('the authSession machine gives Chromium a path through every state, by each way the page and the server can take', () => {
  const reached = new Set(suites.flatMap((s) => s.paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value)))));
  expect([...reached].sort()).toEqual([
    '"loggedOut"',
    '{"loggedIn":"loggingOut"}',
    '{"loggedIn":"ready"}',
    '{"loggedIn":"refreshing"}',
    '{"loggedIn":"verifying"}',
  ]);
  const entries = new Set(suites.flatMap((s) => s.paths.map((p) => p.steps.at(-1)!.event.type)));
  for (const type of [
    'xstate.done.actor.checkStatus',
    'xstate.error.actor.checkStatus',
    'xstate.error.actor.fetchUserInfo',
    'UNAUTHORIZED',
    'xstate.error.actor.logout',
  ])
    expect(entries).toContain(type);
});

/** The token cookie the page holds, if any. */
async function tokenOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === STORAGE_KEYS.tokenCookie)?.value;
}
const storedUser = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as UserInfo | null, STORAGE_KEYS.user);

/**
 * Ends the page's session on the server as a logout elsewhere does: its token is no longer known.
 * Once the page's own list (my orders, none) has loaded, so the next call is the step's.
 */
async function revoke(page: Page): Promise<void> {
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const token = (await tokenOf(page))!;
  const res = await page.request.post(ACCOUNT_CALLS.logout.path, { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(res.ok()).toBe(true);
}

for (const { start, paths } of suites) {
  test.describe(`authSession in Chromium from ${start.name}`, () => {
    for (const path of paths) {
      test(pathTitle(path), async ({ page, baseURL }) => {
        await passCaptchaInTestMode(page);
        const held = heldRoutes(page, { check: '**/login/checkStatus', refresh: '**/account/getUserInfo', logout: '**/account/logout' });
        // A returning student's browser holds the session of an earlier visit: its token cookie,
        // the user as stored then (an older nickname), and within 7 days the refresh marker.
        let serverNickname = '';
        if (start.input.token) {
          const { login } = await registerByApi(page.request);
          serverNickname = login.userinfo.nickname;
          const origin = new URL(baseURL!).origin;
          const cookies: { name: string; value: string; url: string }[] = [{ name: STORAGE_KEYS.tokenCookie, value: login.token, url: origin }];
          if (start.input.userInfoFresh) cookies.push({ name: STORAGE_KEYS.userInfoRefreshCookie, value: '1', url: origin });
          await page.context().addCookies(cookies);
          await page.goto(`${origin}/healthz`);
          await page.evaluate(([key, user]) => localStorage.setItem(key, user), [
            STORAGE_KEYS.user,
            JSON.stringify({ ...login.userinfo, nickname: STORED.nickname }),
          ] as const);
        }
        await held.ready();
        await gotoApp(page, '/uc/my-order');

        const headerUser = page.getByTestId('header-user');
        /** Logged in: the header shows the user the browser stores, the token cookie is set, and the page is not the login page. */
        const expectLoggedIn = async () => {
          await expect(headerUser).toBeVisible();
          // Read together: a refresh answered meanwhile changes both, the storage first.
          await expect
            .poll(async () => {
              const user = await storedUser(page);
              return user !== null && (await headerUser.textContent()) === user.nickname;
            })
            .toBe(true);
          expect(await tokenOf(page)).toBeTruthy();
          await expect(page).not.toHaveURL(/\/uc\/login/);
        };

        await runPath(
          path,
          {
            loggedOut: async () => {
              await expect(page).toHaveURL(/\/new\/uc\/login\?redirect=/);
              await expect(page.getByTestId('login-submit')).toBeVisible();
              await expect(headerUser).toHaveCount(0);
              expect(await tokenOf(page)).toBeUndefined();
              expect(await storedUser(page)).toBeNull();
            },
            'loggedIn.verifying': async () => {
              await expectLoggedIn();
              await expect(headerUser).toHaveText(STORED.nickname);
              await expect.poll(() => held.isHeld('check')).toBe(true);
            },
            'loggedIn.refreshing': async () => {
              await expectLoggedIn();
              await expect.poll(() => held.isHeld('refresh')).toBe(true);
            },
            'loggedIn.ready': async () => {
              await expectLoggedIn();
              // After a refresh the header shows the server's nickname; when it failed, or within
              // the 7 days (no refresh), the stored one stays.
              const last = path.steps.at(-1)!.event.type;
              if (last === 'xstate.done.actor.fetchUserInfo') await expect(headerUser).toHaveText(serverNickname);
              if (last === 'xstate.error.actor.fetchUserInfo' || last.endsWith('.actor.checkStatus')) await expect(headerUser).toHaveText(STORED.nickname);
              expect(held.isHeld('refresh')).toBe(false);
            },
            'loggedIn.loggingOut': async () => {
              await expect(headerUser).toBeVisible();
              await expect.poll(() => held.isHeld('logout')).toBe(true);
            },
          },
          {
            // On the login page the guard sent the visitor to: a new student registers by SMS.
            'session.loggedIn': async () => {
              await logInBySmsHere(page, newMobile());
              await expect(page).toHaveURL(/\/new\/uc\/my-order$/);
            },
            LOGOUT: async () => page.getByRole('banner').getByRole('button', { name: '退出', exact: true }).click(),
            // The session ended on the server (a logout elsewhere); the next call of the page is answered 401.
            UNAUTHORIZED: async () => {
              await revoke(page);
              await page.getByRole('banner').getByRole('link', { name: '我的课程' }).click();
            },
            'xstate.done.actor.checkStatus': async (e) => {
              if ((e as { output?: boolean }).output === false) await revoke(page);
              await held.pass('check');
            },
            'xstate.error.actor.checkStatus': async () => held.drop('check'),
            'xstate.done.actor.fetchUserInfo': async () => held.pass('refresh'),
            'xstate.error.actor.fetchUserInfo': async () => held.drop('refresh'),
            'xstate.done.actor.logout': async () => held.pass('logout'),
            'xstate.error.actor.logout': async () => held.drop('logout'),
          },
        );
      });
    }
  });
}
