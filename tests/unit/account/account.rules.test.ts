/** The account-settings rules in src/domain and the intended-project cookie. */
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { passwordChangeErrors } from '../../../src/domain/account/forms';
import { encodeIntendedProject, findProject, parseIntendedProject, projectGroups } from '../../../src/domain/account/intendedProject';
import { AVATAR_MAX_BYTES, INTENDED_PROJECT_COOKIE_DAYS, NICKNAME_MAX_LENGTH } from '../../../src/domain/account/limits';
import { ACCOUNT_TEXTS, MESSAGES } from '../../../src/domain/account/texts';
import { validateAvatarFile, validateNickname } from '../../../src/domain/account/validation';
import type { ClassNode } from '../../../src/domain/catalog/contract';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { readIntendedProject, writeIntendedProject } from '../../../src/services/shared/intendedProject.cookie';

describe('nickname', () => {
  it('is required after trimming and at most 20 characters, counted as the user sees them', () => {
    expect(validateNickname('')).toBe(ACCOUNT_TEXTS.nicknameRequired);
    expect(validateNickname(' \t ')).toBe(ACCOUNT_TEXTS.nicknameRequired);
    expect(validateNickname('学途同学')).toBeNull();
    expect(validateNickname('字'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
    expect(validateNickname(`  ${'字'.repeat(NICKNAME_MAX_LENGTH)}  `)).toBeNull();
    expect(validateNickname('字'.repeat(NICKNAME_MAX_LENGTH + 1))).toBe(ACCOUNT_TEXTS.nicknameTooLong);
    expect(validateNickname('😀'.repeat(NICKNAME_MAX_LENGTH))).toBeNull();
  });
});

describe('avatar file', () => {
  it('takes JPG, PNG, GIF and WEBP up to 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) expect(validateAvatarFile({ type, size: 10 })).toBeNull();
    expect(validateAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe(ACCOUNT_TEXTS.imageTypeInvalid);
    expect(validateAvatarFile({ type: '', size: 10 })).toBe(ACCOUNT_TEXTS.imageTypeInvalid);
    expect(validateAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(validateAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(ACCOUNT_TEXTS.imageTooLarge);
  });
});

describe('password change form', () => {
  const ok = { oldPassword: 'abc123', newPassword: 'new.pass9', confirmPassword: 'new.pass9' };
  it('checks the old password only when the account has one', () => {
    expect(passwordChangeErrors(ok, true)).toEqual({});
    expect(passwordChangeErrors({ ...ok, oldPassword: '' }, true)).toEqual({ oldPassword: MESSAGES.passwordRequired });
    expect(passwordChangeErrors({ ...ok, oldPassword: '' }, false)).toEqual({});
  });
  it('applies the new-password and confirm rules', () => {
    expect(passwordChangeErrors({ ...ok, newPassword: 'abcdef', confirmPassword: 'abcdef' }, true)).toEqual({ newPassword: MESSAGES.newPasswordRule });
    expect(passwordChangeErrors({ ...ok, confirmPassword: '' }, true)).toEqual({ confirmPassword: MESSAGES.confirmRequired });
    expect(passwordChangeErrors({ ...ok, confirmPassword: 'new.pass8' }, true)).toEqual({ confirmPassword: MESSAGES.confirmMismatch });
  });
});

describe('intended project', () => {
  const tree: ClassNode[] = [
    {
      id: 1,
      pId: 0,
      name: '建筑工程',
      code: 'a',
      level: 1,
      children: [{ id: 11, pId: 1, name: '一级建造师', code: 'b', level: 2, children: [{ id: 111, pId: 11, name: '经济', code: 'c', level: 3 }] }],
    },
    { id: 2, pId: 0, name: '空', code: 'd', level: 1 },
  ];
  it('offers level-2 nodes grouped by their category; subjects and empty categories are left out', () => {
    const groups = projectGroups(tree);
    expect(groups).toEqual([{ id: 1, name: '建筑工程', projects: [{ id: 11, name: '一级建造师' }] }]);
    expect(findProject(groups, 11)).toEqual({ id: 11, name: '一级建造师' });
    expect(findProject(groups, 111)).toBeNull();
  });
  it('the cookie holds {id, name} as JSON; anything else is ignored', () => {
    expect(JSON.parse(encodeIntendedProject({ id: 11, name: '一级建造师' }))).toEqual({ id: 11, name: '一级建造师' });
    expect(parseIntendedProject('{"id":11,"name":"一级建造师"}')).toEqual({ id: 11, name: '一级建造师' });
    expect(parseIntendedProject('{"id":"11"}')).toBeNull();
    expect(parseIntendedProject('not json')).toBeNull();
    expect(parseIntendedProject(undefined)).toBeNull();
  });
  it('is written for 365 days on the whole site and read back', () => {
    const set = vi.spyOn(Cookies, 'set');
    writeIntendedProject({ id: 21, name: '一级消防工程师' });
    expect(set).toHaveBeenCalledWith(
      STORAGE_KEYS.intendedProjectCookie,
      '{"id":21,"name":"一级消防工程师"}',
      expect.objectContaining({ expires: 365, path: '/' }),
    );
    expect(INTENDED_PROJECT_COOKIE_DAYS).toBe(365);
    expect(readIntendedProject()).toEqual({ id: 21, name: '一级消防工程师' });
    set.mockRestore();
  });
});
