/**
 * The profile (with its pageData load), changePassword and changeMobile machines state by state, with
 * their services replaced by controllable promises (the views are tested against msw in account.personal/security tests).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { UserInfo } from '../../../src/domain/account/contract';
import { ACCOUNT_TEXTS, MESSAGES } from '../../../src/domain/account/texts';
import { changeMobileMachine } from '../../../src/machines/account/changeMobile.machine';
import { changePasswordMachine } from '../../../src/machines/account/changePassword.machine';
import { profileMachine } from '../../../src/machines/account/profile.machine';
import { profilePageMachine, type ProfileData } from '../../../src/machines/account/profilePage.machine';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';
import { STUDENT } from '../../support/users';

const USER: UserInfo = { ...STUDENT, id: 1, account: 'a', nickname: '旧名' };
const DATA: ProfileData = { user: USER, groups: [{ id: 1, name: '建筑工程', projects: [{ id: 11, name: '一级建造师' }] }] };

interface Pending<T> {
  input: unknown;
  resolve: (v: T) => void;
  reject: (e: Error) => void;
}
/** A fake service: each call waits until the test settles it. */
function controllable<T>() {
  const calls: Pending<T>[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the controllable actor accepts whatever input the machine under test sends.
  const logic = fromPromise<T, any>(({ input }) => new Promise<T>((resolve, reject) => void calls.push({ input, resolve, reject })));
  return { logic, calls, last: () => calls[calls.length - 1]! };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const toasts = () => getToasts().map((t) => t.message);
afterEach(() => dismissAllToasts());

/** What a flow emits to the root session (useFlow relays these), as calls of a spy. */
function sessionSpy(actor: AnyActorRef) {
  const session = { send: vi.fn() };
  actor.on('*', (event: { type: string }) => {
    if (event.type.startsWith('session.')) session.send(event);
  });
  return session;
}

async function readyProfile() {
  const save = controllable<UserInfo>();
  const upload = controllable<UserInfo>();
  const project = controllable<UserInfo>();
  const actor = createActor(profileMachine.provide({ actors: { saveBasicInfo: save.logic, uploadAvatar: upload.logic, saveProject: project.logic } }), {
    input: DATA,
  });
  const session = sessionSpy(actor);
  actor.start();
  return { actor, save, upload, project, session };
}

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'f', { type });

describe('profile machine', () => {
  it('page data: loading → failed with the message → RETRY → loading → loaded; the editor starts with the drafts from the user', async () => {
    const load = controllable<ProfileData>();
    const page = createActor(profilePageMachine.provide({ actors: { load: load.logic } })).start();
    expect(page.getSnapshot().value).toBe('loading');
    load.last().reject(new Error('服务器错误(500)'));
    await flush();
    expect(page.getSnapshot().value).toBe('failed');
    expect(page.getSnapshot().context.error).toBe('服务器错误(500)');
    page.send({ type: 'RETRY' });
    expect(load.calls).toHaveLength(2);
    load.last().resolve(DATA);
    await flush();
    expect(page.getSnapshot().value).toBe('loaded');
    const { actor } = await readyProfile();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', avatar: 'idle', project: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ nickname: '旧名', gender: 'MALE', groups: DATA.groups });
  });

  it('form: an invalid nickname stays in editing with the error, re-checked while typing', async () => {
    const { actor, save } = await readyProfile();
    actor.send({ type: 'EDIT_NICKNAME', value: ' ' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.nicknameError).toBe(ACCOUNT_TEXTS.nicknameRequired);
    actor.send({ type: 'EDIT_NICKNAME', value: '新' });
    expect(actor.getSnapshot().context.nicknameError).toBeNull();
    expect(save.calls).toHaveLength(0);
  });

  it('form: saving sends the trimmed drafts; done → session.userUpdated + toast; error → drafts kept', async () => {
    const { actor, save, session } = await readyProfile();
    actor.send({ type: 'EDIT_NICKNAME', value: ' 新名 ' });
    actor.send({ type: 'SET_GENDER', gender: 'FEMALE' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches({ form: 'saving' })).toBe(true);
    expect(save.last().input).toEqual({ user: USER, nickname: '新名', gender: 'FEMALE' });
    // A second SAVE while saving is ignored.
    actor.send({ type: 'SAVE' });
    expect(save.calls).toHaveLength(1);
    save.last().reject(new Error('x'));
    await flush();
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ nickname: ' 新名 ', gender: 'FEMALE' });
    expect(session.send).not.toHaveBeenCalled();

    actor.send({ type: 'SAVE' });
    const saved = { ...USER, nickname: '新名', gender: 'FEMALE' as const };
    save.last().resolve(saved);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ user: saved, nickname: '新名' });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.userUpdated', user: saved });
    expect(toasts()).toContain(ACCOUNT_TEXTS.profileSaved);
  });

  it('avatar: a refused file stays idle with the reason; a good one uploads alongside a form save', async () => {
    const { actor, upload, save, session } = await readyProfile();
    actor.send({ type: 'PICK_AVATAR', file: file('text/plain') });
    expect(actor.getSnapshot().matches({ avatar: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.avatarError).toBe(ACCOUNT_TEXTS.imageTypeInvalid);
    expect(upload.calls).toHaveLength(0);

    const good = file('image/png');
    actor.send({ type: 'PICK_AVATAR', file: good });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toEqual({ form: 'saving', avatar: 'uploading', project: 'idle' });
    expect(actor.getSnapshot().context.avatarError).toBeNull();
    expect(upload.last().input).toEqual({ user: USER, file: good });
    actor.send({ type: 'EDIT_NICKNAME', value: '打字中' });
    upload.last().resolve({ ...USER, avatar: '/a.png' });
    await flush();
    expect(actor.getSnapshot().context.user?.avatar).toBe('/a.png');
    expect(session.send).toHaveBeenCalledWith({ type: 'session.userUpdated', user: { ...USER, avatar: '/a.png' } });
    expect(actor.getSnapshot().matches({ avatar: 'idle', form: 'saving' })).toBe(true);
    save.last().reject(new Error('x'));
    await flush();
    upload.calls.length = 0;
    actor.send({ type: 'PICK_AVATAR', file: good });
    upload.last().reject(new Error('上传失败'));
    await flush();
    expect(actor.getSnapshot().matches({ avatar: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.user?.avatar).toBe('/a.png');
  });

  it('project: only a listed project that differs from the bound one is bound; failure clears the pending pick', async () => {
    const { actor, project, session } = await readyProfile();
    actor.send({ type: 'PICK_PROJECT', projectId: 999 });
    expect(actor.getSnapshot().matches({ project: 'idle' })).toBe(true);
    actor.send({ type: 'PICK_PROJECT', projectId: 11 });
    expect(actor.getSnapshot().matches({ project: 'saving' })).toBe(true);
    expect(actor.getSnapshot().context.pendingProjectId).toBe(11);
    expect(project.last().input).toEqual({ user: USER, project: { id: 11, name: '一级建造师' } });
    project.last().reject(new Error('x'));
    await flush();
    expect(actor.getSnapshot().context.pendingProjectId).toBeNull();
    actor.send({ type: 'PICK_PROJECT', projectId: 11 });
    const bound = { ...USER, projectId: 11, projectName: '一级建造师' };
    project.last().resolve(bound);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ user: bound, pendingProjectId: null });
    expect(session.send).toHaveBeenCalledWith({ type: 'session.userUpdated', user: bound });
    // Already bound: picking it again makes no call.
    actor.send({ type: 'PICK_PROJECT', projectId: 11 });
    expect(actor.getSnapshot().matches({ project: 'idle' })).toBe(true);
    expect(project.calls).toHaveLength(2);
  });
});

function startPassword(hasPassword: boolean) {
  const submit = controllable<void>();
  const actor = createActor(changePasswordMachine.provide({ actors: { submitPassword: submit.logic } }), { input: { hasPassword } }).start();
  return { actor, submit };
}
const fill = (actor: AnyActorRef, values: Record<string, string>) => {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'EDIT', field, value });
};

describe('changePassword machine', () => {
  it('starts in editing with hasPassword from its input (the page loaded the bind status), empty fields', () => {
    for (const hasPassword of [true, false]) {
      const { actor } = startPassword(hasPassword);
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context).toEqual({
        hasPassword,
        values: { oldPassword: '', newPassword: '', confirmPassword: '' },
        errors: {},
        checked: false,
      });
    }
  });

  it('editing: refuses with every rule, then re-checks on each edit', () => {
    const { actor, submit } = startPassword(true);
    fill(actor, { newPassword: 'abc' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      oldPassword: MESSAGES.passwordRequired,
      newPassword: MESSAGES.newPasswordRule,
      confirmPassword: MESSAGES.confirmRequired,
    });
    fill(actor, { oldPassword: 'old 1 2 3', newPassword: 'abc123', confirmPassword: 'abc124' });
    expect(actor.getSnapshot().context.values.oldPassword).toBe('old123');
    expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: MESSAGES.confirmMismatch });
    expect(submit.calls).toHaveLength(0);
  });

  it('submitting: error keeps the fields; done clears them, toasts and switches to 修改密码', async () => {
    const { actor, submit } = startPassword(false);
    fill(actor, { oldPassword: 'ignored', newPassword: 'abc123', confirmPassword: 'abc123' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    // No password yet: no old one is sent even if typed.
    expect(submit.last().input).toEqual({ oldPassword: null, newPassword: 'abc123' });
    submit.last().reject(new Error('x'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.newPassword).toBe('abc123');
    actor.send({ type: 'SUBMIT' });
    submit.last().resolve();
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ hasPassword: true, values: { oldPassword: '', newPassword: '', confirmPassword: '' }, errors: {} });
    expect(toasts()).toContain(ACCOUNT_TEXTS.passwordChanged);
    fill(actor, { oldPassword: 'abc123', newPassword: 'xyz789', confirmPassword: 'xyz789' });
    actor.send({ type: 'SUBMIT' });
    expect(submit.last().input).toEqual({ oldPassword: 'abc123', newPassword: 'xyz789' });
  });
});

function startMobile() {
  const submit = controllable<UserInfo>();
  const actor = createActor(changeMobileMachine.provide({ actors: { submit: submit.logic } }), { input: { data: { user: USER } } });
  const session = sessionSpy(actor);
  actor.start();
  return { actor, submit, session };
}

describe('changeMobile machine', () => {
  it('closed → OPEN → open.editing with the SMS sender (BINDPHONE) running; CLOSE stops it', () => {
    const { actor } = startMobile();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().children.smsSender).toBeUndefined();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    const sender = actor.getSnapshot().children.smsSender!;
    expect(sender.getSnapshot().context.requestType).toBe('BINDPHONE');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(sender.getSnapshot().status).toBe('stopped');
  });

  it('editing: normalizes the inputs, forwards the mobile to the sender, refuses an invalid form', () => {
    const { actor, submit } = startMobile();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'EDIT', field: 'mobile', value: '139-1234-5678' });
    actor.send({ type: 'EDIT', field: 'code', value: ' 12 34 567' });
    expect(actor.getSnapshot().context.values).toEqual({ mobile: '13912345678', code: '123456' });
    expect(actor.getSnapshot().children.smsSender!.getSnapshot().context.mobile).toBe('13912345678');
    actor.send({ type: 'EDIT', field: 'mobile', value: '1391234' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.errors).toEqual({ mobile: MESSAGES.phoneInvalid });
    actor.send({ type: 'EDIT', field: 'mobile', value: '13912345678' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(submit.calls).toHaveLength(0);
  });

  it('submitting: error back to editing with the input; done → closed, session.userUpdated and a toast', async () => {
    const { actor, submit, session } = startMobile();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'EDIT', field: 'mobile', value: '13912345678' });
    actor.send({ type: 'EDIT', field: 'code', value: '246810' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' });
    expect(submit.last().input).toEqual({ input: { user: USER }, values: { mobile: '13912345678', code: '246810' } });
    // No closing while the change is on its way.
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toEqual({ open: 'submitting' });
    submit.last().reject(new Error('短信验证码错误'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.values.code).toBe('246810');
    actor.send({ type: 'SUBMIT' });
    const changed = { ...USER, mobile: '13912345678' };
    submit.last().resolve(changed);
    await flush();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(session.send).toHaveBeenCalledWith({ type: 'session.userUpdated', user: changed });
    expect(toasts()).toContain(ACCOUNT_TEXTS.mobileChanged);
    // Opening again starts from empty fields.
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().context.values).toEqual({ mobile: '', code: '' });
  });
});
