/**
 * 个人资料's editor, model-based: paths from the real profile machine drive the real App at
 * /uc/account-manage/personal with a logged-in student, once the page has loaded the user and the
 * class tree. Its three regions run side by side: the nickname/gender form (保存), the avatar (a picked
 * file is checked, uploaded, then saved) and the intended project (saved on pick). Every save waits on
 * an msw gate that a path step answers, accepted or refused. One suite per region takes its
 * transitions; a last one reaches every combination of busy regions at once.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { avatarFor } from '../../src/domain/account/avatar';
import type { UploadedImage, UserInfo } from '../../src/domain/account/contract';
import { projectGroups } from '../../src/domain/account/intendedProject';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validateNickname } from '../../src/domain/account/validation';
import { API_CALLS } from '../../src/domain/calls';
import { profileMachine, type ProfileInput } from '../../src/machines/account/profile.machine';
import { heldApp } from '../support/accountModelKit';
import { click, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { CLASS_TREE, handlers, USER } from '../unit/account/account.fixtures';
import { describeModel, type ModelSuite } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/uc/account-manage/personal';
type Call = 'basic' | 'upload' | 'avatarSave' | 'project';
const page = heldApp<Call>({
  path: PATH,
  user: USER,
  ready: () => expect(screen.getByRole('textbox', { name: /昵称/ })).toBeTruthy(),
});
const server = setupServer(
  // The form and the avatar both end in updateBasicInfo: the body tells them apart.
  answer(API_CALLS.updateBasicInfo, async ({ request }) => {
    const body = (await request.clone().json()) as { avatar?: string };
    return page.held(body.avatar === undefined ? 'basic' : 'avatarSave')();
  }),
  answer(API_CALLS.uploadImage, page.held('upload')),
  answer(API_CALLS.bindProject, page.held('project')),
  ...handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const INPUT: ProfileInput = { user: USER, groups: projectGroups(CLASS_TREE) };
const NICKNAME = '新昵称';
const SAVED: UserInfo = { ...USER, nickname: NICKNAME, gender: 'FEMALE' };
const IMAGE: UploadedImage = { url: '/static/uploads/1.png', width: 100, height: 100, size: 68 };
const WITH_AVATAR: UserInfo = { ...USER, avatar: IMAGE.url };
const PROJECT = { id: 21, name: '一级消防工程师' };
const WITH_PROJECT: UserInfo = { ...USER, projectId: PROJECT.id, projectName: PROJECT.name };
const REFUSED = '服务器错误(500)';

/** Files with their kind in JSON too: the harness tells paths apart by their events' JSON. */
const file = (name: string, type: string) => Object.assign(new File([new Uint8Array(68)], name, { type }), { kind: type });
const PNG = file('avatar.png', 'image/png');
const TEXT = file('notes.txt', 'text/plain');
const refusal = (call: string) => Object.assign(new Error(REFUSED), { call });

type Snap = ReturnType<typeof profileMachine.getInitialSnapshot>;
const form = () => within(screen.getByRole('region', { name: '个人资料' }));
const nickname = () => form().getByRole('textbox', { name: /昵称/ }) as HTMLInputElement;
const select = () => form().getByRole('combobox', { name: /意向考试项目/ }) as HTMLSelectElement;
const avatarButton = () => form().getByRole('button', { name: '更换头像' }) as HTMLButtonElement;
/** The message Fluent's Field ties to its input. */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('');
const GENDER_LABELS = { MALE: '男', FEMALE: '女', UNKNOWN: '保密' } as const;

const states: ModelSuite<typeof profileMachine>['states'] = {
  'form.editing': async (s: Snap) => {
    await eventually(() => {
      expect(nickname().value).toBe(s.context.nickname);
      expect(messageOf(nickname())).toBe(s.context.nicknameError ?? '');
      expect((form().getByRole('radio', { name: GENDER_LABELS[s.context.gender] }) as HTMLInputElement).checked).toBe(true);
      expect((form().getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false);
    });
    expect(page.pending('basic')).toBeUndefined();
  },
  'form.saving': async () => {
    await eventually(() => expect(page.pending('basic')).toBeDefined());
    expect((form().getByRole('button', { name: '保存中…' }) as HTMLButtonElement).disabled).toBe(true);
  },
  'avatar.idle': async (s: Snap) => {
    await eventually(() => {
      expect(avatarButton().disabled).toBe(false);
      expect(form().getByText(/点击头像更换/)).toBeTruthy();
      expect(form().getByTestId('profile-avatar').getAttribute('src')).toBe(avatarFor(s.context.user.avatar, s.context.gender));
    });
    const alert = form().queryByText(s.context.avatarError ?? '\u0000');
    expect(alert?.getAttribute('role') ?? null).toBe(s.context.avatarError ? 'alert' : null);
    expect(page.pending('upload') ?? page.pending('avatarSave')).toBeUndefined();
  },
  'avatar.uploading': async () => {
    await eventually(() => expect(page.pending('upload')).toBeDefined());
    expect(form().getByText('头像上传中…')).toBeTruthy();
    expect(avatarButton().disabled).toBe(true);
  },
  'project.idle': async (s: Snap) => {
    await eventually(() => {
      expect(select().disabled).toBe(false);
      expect(select().value).toBe(String(s.context.user.projectId ?? ''));
    });
    expect(messageOf(select())).toContain('选择后立即保存');
    expect(page.pending('project')).toBeUndefined();
  },
  'project.saving': async (s: Snap) => {
    await eventually(() => expect(page.pending('project')).toBeDefined());
    expect(select().disabled).toBe(true);
    // The pick shows until the server answers.
    expect(select().value).toBe(String(s.context.pendingProjectId));
    expect(messageOf(select())).toContain('保存中…');
  },
};

const saved = () => eventually(() => expect(screen.getAllByText(ACCOUNT_TEXTS.profileSaved).length).toBeGreaterThan(0));
const refused = () => eventually(() => expect(screen.getAllByText(REFUSED).length).toBeGreaterThan(0));

const exec = {
  // The input reports only a change (typing what it holds sends nothing, and leaves the machine as the event would).
  EDIT_NICKNAME: async (e: { value: string }) =>
    act(async () => {
      if (nickname().value !== e.value) fireEvent.change(nickname(), { target: { value: e.value } });
    }),
  SET_GENDER: async (e: { gender: keyof typeof GENDER_LABELS }) => click(form().getByRole('radio', { name: GENDER_LABELS[e.gender] })),
  SAVE: async () => click(form().getByRole('button', { name: '保存' })),
  'xstate.done.actor.saveBasicInfo': async (e: { output: UserInfo }) => {
    await page.answer('basic', () => ok(e.output));
    await saved();
  },
  'xstate.error.actor.saveBasicInfo': async () => {
    await page.answer('basic', () => fail(REFUSED, 500));
    await refused();
  },
  PICK_AVATAR: async (e: { file: File }) =>
    act(async () => {
      fireEvent.change(form().getByTestId('avatar-file'), { target: { files: [e.file] } });
    }),
  'xstate.done.actor.uploadAvatar': async (e: { output: UserInfo }) => {
    await page.answer('upload', () => ok(IMAGE));
    await page.answer('avatarSave', () => ok(e.output));
    await saved();
  },
  'xstate.error.actor.uploadAvatar': async () => {
    await page.answer('upload', () => fail(REFUSED, 500));
    await refused();
  },
  PICK_PROJECT: async (e: { projectId: number }) =>
    act(async () => {
      fireEvent.change(select(), { target: { value: String(e.projectId) } });
    }),
  'xstate.done.actor.saveProject': async (e: { output: UserInfo }) => {
    await page.answer('project', () => ok(e.output));
    await saved();
  },
  'xstate.error.actor.saveProject': async () => {
    await page.answer('project', () => fail(REFUSED, 500));
    await refused();
  },
};

const FORM_EVENTS = [
  { type: 'EDIT_NICKNAME', value: NICKNAME },
  { type: 'EDIT_NICKNAME', value: '' },
  { type: 'SET_GENDER', gender: 'FEMALE' },
  { type: 'SAVE' },
  { type: 'xstate.done.actor.saveBasicInfo', output: SAVED },
  { type: 'xstate.error.actor.saveBasicInfo', error: refusal('saveBasicInfo') },
];
const AVATAR_EVENTS = [
  { type: 'PICK_AVATAR', file: PNG },
  { type: 'PICK_AVATAR', file: TEXT },
  { type: 'xstate.done.actor.uploadAvatar', output: WITH_AVATAR },
  { type: 'xstate.error.actor.uploadAvatar', error: refusal('uploadAvatar') },
];
const PROJECT_EVENTS = [
  { type: 'PICK_PROJECT', projectId: PROJECT.id },
  { type: 'xstate.done.actor.saveProject', output: WITH_PROJECT },
  { type: 'xstate.error.actor.saveProject', error: refusal('saveProject') },
];

const base = {
  machine: profileMachine,
  input: INPUT,
  start: '登录后打开 /uc/account-manage/personal（个人资料）',
  states,
  exec: exec as never,
  setup: page.setup,
};

describeModel('profile: the nickname and gender form on /uc/account-manage/personal', {
  ...base,
  events: FORM_EVENTS as never[],
  serializeState: (s) => JSON.stringify([s.value, validateNickname(s.context.nickname) === null]),
  coverage: 'transitions',
});

describeModel('profile: the avatar on /uc/account-manage/personal', {
  ...base,
  events: AVATAR_EVENTS as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.avatarError !== null]),
  coverage: 'transitions',
});

describeModel('profile: the intended project on /uc/account-manage/personal', {
  ...base,
  events: PROJECT_EVENTS as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.user.projectId]),
  coverage: 'transitions',
});

// A slow upload never blocks the form or the project: every combination of busy regions shows as such.
describeModel('profile: the three regions busy at once on /uc/account-manage/personal', {
  ...base,
  events: [FORM_EVENTS[3], AVATAR_EVENTS[0], PROJECT_EVENTS[0]] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  coverage: 'states',
});
