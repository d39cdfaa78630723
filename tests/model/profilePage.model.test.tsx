/**
 * 个人资料's page data, model-based: paths from the real profilePage machine drive the real App at
 * /uc/account-manage/personal with a logged-in student. The user and the class tree wait on msw gates
 * that a path step answers: both (the project select lists the projects), the user without the tree
 * (the page still works, the select is empty), or the user refused (重新加载 tries again).
 */
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { UserInfo } from '../../src/domain/account/contract';
import { projectGroups } from '../../src/domain/account/intendedProject';
import { API_CALLS } from '../../src/domain/calls';
import { profilePageMachine, type ProfileData } from '../../src/machines/account/profilePage.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { heldApp } from '../support/accountModelKit';
import { click, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { CLASS_TREE, handlers, USER } from '../unit/account/account.fixtures';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/personal';
type Call = 'user' | 'tree';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('heading', { level: 1, name: '个人资料' })).toBeTruthy(),
});
const server = setupServer(answer(API_CALLS.getUserInfo, page.held('user')), answer(API_CALLS.classTreeList, page.held('tree')), ...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The server's copy of the user differs from the stored session's: the form shows the loaded one. */
const LOADED: UserInfo = { ...USER, nickname: '服务器昵称', gender: 'FEMALE', projectId: 21, projectName: '一级消防工程师' };
const WITH_TREE: ProfileData = { user: LOADED, groups: projectGroups(CLASS_TREE) };
const WITHOUT_TREE: ProfileData = { user: LOADED, groups: [] };

type Snap = ReturnType<typeof profilePageMachine.getInitialSnapshot>;
const content = () => within(screen.getByRole('region', { name: '个人资料' }));
const nickname = () => content().getByRole('textbox', { name: /昵称/ }) as HTMLInputElement;

describeModel('profilePage on /uc/account-manage/personal', {
  machine: profilePageMachine,
  start: '登录后打开 /uc/account-manage/personal（个人资料）',
  events: [
    { type: 'xstate.done.actor.load', output: WITH_TREE },
    { type: 'xstate.done.actor.load', output: WITHOUT_TREE },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.data?.groups.length ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(page.pending('user')).toBeDefined());
      expect(content().getByRole('status').textContent).toContain('加载中…');
      expect(content().queryByRole('textbox')).toBeNull();
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    loaded: async (s: Snap) => {
      const data = s.context.data!;
      await eventually(() => expect(nickname().value).toBe(data.user.nickname));
      expect(content().getByText('账号').nextElementSibling!.textContent).toBe(data.user.account);
      expect((content().getByRole('radio', { name: '女' }) as HTMLInputElement).checked).toBe(true);
      const select = content().getByRole('combobox', { name: /意向考试项目/ }) as HTMLSelectElement;
      // Without the tree the select offers nothing (the bound project has no option to show).
      expect(
        within(select)
          .queryAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(data.groups.flatMap((g) => g.projects.map((p) => p.name)));
      if (data.groups.length > 0) expect(select.value).toBe(String(LOADED.projectId));
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state')).toBeTruthy());
      expect(within(screen.getByTestId('error-state')).getByText(s.context.error!)).toBeTruthy();
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(content().queryByRole('textbox')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: ProfileData }) => {
      await page.answer('user', () => ok(LOADED));
      await page.answer('tree', () => (e.output.groups.length > 0 ? ok(CLASS_TREE) : fail('服务器错误(500)', 500)));
    },
    'xstate.error.actor.load': async (e: { error: ApiError }) => {
      await page.answer('user', () => fail(e.error.message, e.error.status));
      await page.answer('tree', () => ok(CLASS_TREE));
    },
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': '个人资料 has no reload control: the view sends RETRY from the error only (PersonalView.tsx)',
  },
});
