/**
 * 个人资料 (/uc/account-manage/personal): the page loads the user and the project list with the
 * pageData pattern (profilePage.machine.ts); this flow then runs three independent edits that
 * may overlap — the nickname/gender form, the avatar upload and the intended project — as
 * parallel regions, so a slow upload never blocks saving the form. Every change ends with the
 * user re-read and emitted to the root session (`session.userUpdated`).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Gender, UserInfo } from '../../domain/account/contract';
import { findProject, type IntendedProject, type ProjectGroup } from '../../domain/account/intendedProject';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { validateAvatarFile, validateNickname } from '../../domain/account/validation';
import { saveBasicInfo, saveIntendedProject } from '../../services/account/account.api';
import { uploadImage } from '../../services/shared/upload.api';
import { writeIntendedProject } from '../../services/shared/intendedProject.cookie';
import { showToast } from '../../services/shared/toast';
import type { ProfileData } from './profilePage.machine';
import type { SessionFlowEvent } from '../shared/sessionEvents';

/** The loaded page's data. */
export type ProfileInput = ProfileData;

export interface ProfileContext {
  user: UserInfo;
  groups: ProjectGroup[];
  /** The form's drafts; the saved values stay in `user` until the server accepts them. */
  nickname: string;
  gender: Gender;
  /** Shown once a save was refused, then re-checked on every edit so it clears when fixed. */
  nicknameError: string | null;
  /** Why a picked file was refused before upload. */
  avatarError: string | null;
  /** The project being bound: the select shows it until the server answers. */
  pendingProjectId: number | null;
}

export type ProfileEvent =
  | { type: 'EDIT_NICKNAME'; value: string }
  | { type: 'SET_GENDER'; gender: Gender }
  | { type: 'SAVE' }
  | { type: 'PICK_AVATAR'; file: File }
  | { type: 'PICK_PROJECT'; projectId: number };

/** The params of `notifySession` after a service answered the changed user. */
const changed = ({ event }: { event: { output: UserInfo } }) => ({ user: event.output });

export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as Extract<SessionFlowEvent, { type: 'session.userUpdated' }>,
  },
  actors: {
    saveBasicInfo: fromPromise<UserInfo, { user: UserInfo; nickname: string; gender: Gender }>(({ input }) =>
      saveBasicInfo(input.user, { nickname: input.nickname, gender: input.gender }),
    ),
    uploadAvatar: fromPromise<UserInfo, { user: UserInfo; file: File }>(async ({ input }) => {
      const image = await uploadImage(input.file);
      return saveBasicInfo(input.user, { avatar: image.url });
    }),
    saveProject: fromPromise<UserInfo, { user: UserInfo; project: IntendedProject }>(async ({ input }) => {
      const user = await saveIntendedProject(input.user, input.project);
      // Only once the account has it: the cookie remembers the pick on this browser.
      writeIntendedProject(input.project);
      return user;
    }),
  },
  actions: {
    toast: (_, params: { message: string }) => void showToast(params.message, 'success'),
    notifySession: emit((_, params: { user: UserInfo }) => ({ type: 'session.userUpdated' as const, user: params.user })),
  },
  guards: {
    nicknameValid: ({ context }) => validateNickname(context.nickname) === null,
    avatarFileValid: (_, params: { file: File }) => validateAvatarFile(params.file) === null,
    /** Only a listed project that differs from the bound one is worth a call. */
    newKnownProject: ({ context }, params: { projectId: number }) =>
      findProject(context.groups, params.projectId) !== null && params.projectId !== context.user.projectId,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    user: input.user,
    groups: input.groups,
    nickname: input.user.nickname ?? '',
    gender: input.user.gender ?? 'UNKNOWN',
    nicknameError: null,
    avatarError: null,
    pendingProjectId: null,
  }),
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            EDIT_NICKNAME: {
              actions: assign(({ context, event }) => ({
                nickname: event.value,
                nicknameError: context.nicknameError === null ? null : validateNickname(event.value),
              })),
            },
            SET_GENDER: { actions: assign({ gender: ({ event }) => event.gender }) },
            SAVE: [
              { guard: 'nicknameValid', target: 'saving', actions: assign({ nicknameError: null }) },
              { actions: assign({ nicknameError: ({ context }) => validateNickname(context.nickname) }) },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveBasicInfo',
            src: 'saveBasicInfo',
            input: ({ context }) => ({ user: context.user, nickname: context.nickname.trim(), gender: context.gender }),
            onDone: {
              target: 'editing',
              actions: [
                assign(({ event }) => ({ user: event.output, nickname: event.output.nickname, gender: event.output.gender })),
                { type: 'notifySession', params: changed },
                { type: 'toast', params: { message: ACCOUNT_TEXTS.profileSaved } },
              ],
            },
            // The client toasted the failure; the drafts stay for another try.
            onError: 'editing',
          },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PICK_AVATAR: [
              {
                guard: { type: 'avatarFileValid', params: ({ event }) => ({ file: event.file }) },
                target: 'uploading',
                actions: assign({ avatarError: null }),
              },
              { actions: assign({ avatarError: ({ event }) => validateAvatarFile(event.file) }) },
            ],
          },
        },
        uploading: {
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context, event }) => ({ user: context.user, file: (event as Extract<ProfileEvent, { type: 'PICK_AVATAR' }>).file }),
            onDone: {
              target: 'idle',
              // Only the saved user changes: unsaved nickname/gender drafts are kept.
              actions: [
                assign({ user: ({ event }) => event.output }),
                { type: 'notifySession', params: changed },
                { type: 'toast', params: { message: ACCOUNT_TEXTS.profileSaved } },
              ],
            },
            onError: 'idle',
          },
        },
      },
    },
    project: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PICK_PROJECT: {
              guard: { type: 'newKnownProject', params: ({ event }) => ({ projectId: event.projectId }) },
              target: 'saving',
              actions: assign({ pendingProjectId: ({ event }) => event.projectId }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveProject',
            src: 'saveProject',
            input: ({ context }) => ({ user: context.user, project: findProject(context.groups, context.pendingProjectId!)! }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ user: ({ event }) => event.output, pendingProjectId: null }),
                { type: 'notifySession', params: changed },
                { type: 'toast', params: { message: ACCOUNT_TEXTS.profileSaved } },
              ],
            },
            // The select falls back to the bound project.
            onError: { target: 'idle', actions: assign({ pendingProjectId: null }) },
          },
        },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
