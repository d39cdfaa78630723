/**
 * Account settings: profile, password, bound mobile, forgotten password and
 * the intended project. Every change is made to the session's own user row and no other: the
 * only user id used is currentUser(request)'s (forgetPwd, which has no session, proves the mobile
 * by SMS instead).
 */
import { DEFAULT_AVATARS } from '../../src/domain/account/avatar';
import type { UserInfo } from '../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validateNickname } from '../../src/domain/account/validation';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { findProject } from '../catalog/projects';
import type { Db } from '../db/client';
import { currentUser } from '../shared/auth';
import { isUniqueViolation } from '../shared/dbErrors';
import { badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp } from '../shared/request';
import { revokeAllForUser } from '../shared/session';
import { checkPhone, checkSmsCode } from './checks';
import { MOBILE_CHANGES_PER_USER, PASSWORD_CHANGES_PER_USER } from './limits';
import { hashPassword, verifyPassword } from './password';
import { decryptNewPassword, decryptPassword } from './rsa';
import { isOwnImage } from './uploads.queries';
import { toUserInfo, type UserRow } from './userInfo';
import { findUserByMobile, sessionUser, updateUser, type UserChanges } from './users.queries';

const DEFAULT_AVATAR_URLS = new Set<string>(Object.values(DEFAULT_AVATARS));

/**
 * What the avatar column becomes: null for "default" (the default follows the gender), the
 * current value when unchanged, or an image this very user uploaded. Anything else is refused:
 * no hot-linking, and no borrowing another user's upload.
 */
async function resolveAvatar(db: Db, user: UserRow, avatar: string | null): Promise<string | null> {
  if (avatar === null || avatar === '' || DEFAULT_AVATAR_URLS.has(avatar)) return null;
  if (avatar === user.avatar) return avatar;
  if (!(await isOwnImage(db, user.id, avatar))) throw badRequest('参数 avatar 取值无效');
  return avatar;
}

async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await updateUser(db, userId, { passwordHash: await hashPassword(password), loginFailures: 0, lockedUntil: null });
}

export const accountRoutes: RouteGroup = ({ db, cache }) => ({
  updateBasicInfo: {
    auth: 'required',
    async handler(request): Promise<UserInfo> {
      const user = await sessionUser(db, request);
      const { nickname, gender, avatar } = request.body;
      const changes: UserChanges = {};
      if (nickname !== undefined) {
        const problem = validateNickname(nickname);
        if (problem) throw badRequest(problem);
        changes.nickname = nickname.trim();
      }
      if (gender !== undefined) changes.gender = gender;
      if (avatar !== undefined) changes.avatar = await resolveAvatar(db, user, avatar);
      if (Object.keys(changes).length === 0) return toUserInfo(user);
      return toUserInfo(await updateUser(db, user.id, changes));
    },
  },

  updatePwd: {
    auth: 'required',
    async handler(request) {
      const { sessionId } = currentUser(request);
      const user = await sessionUser(db, request);
      const { limit, windowSeconds } = PASSWORD_CHANGES_PER_USER;
      await enforceRateLimit(db, `pwdchange:user:${user.id}`, limit, windowSeconds, TOO_MANY_REQUESTS_TEXT);
      const newPassword = await decryptNewPassword(db, request.body.newPwd);
      if (user.passwordHash) {
        if (!request.body.oldPwd) throw badRequest('原密码不能为空');
        const oldPassword = await decryptPassword(db, request.body.oldPwd);
        if (!(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest(ACCOUNT_TEXTS.oldPasswordWrong);
      }
      await setPassword(db, user.id, newPassword);
      // Whoever else holds a session (a stolen token) is out; this device stays logged in.
      await revokeAllForUser(db, user.id, sessionId, cache);
      return null;
    },
  },

  updateBindMobile: {
    auth: 'required',
    async handler(request): Promise<UserInfo> {
      const user = await sessionUser(db, request);
      const { limit, windowSeconds } = MOBILE_CHANGES_PER_USER;
      await enforceRateLimit(db, `bindmobile:user:${user.id}`, limit, windowSeconds, TOO_MANY_REQUESTS_TEXT);
      const mobile = checkPhone(request.body.mobile);
      // The code first: only someone holding that phone learns whether another account has its number.
      await checkSmsCode(db, clientIp(request), mobile, 'BINDPHONE', request.body.code);
      const owner = await findUserByMobile(db, mobile);
      if (owner && owner.id !== user.id) throw badRequest(ACCOUNT_TEXTS.mobileTaken);
      try {
        return toUserInfo(await updateUser(db, user.id, { mobile }));
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(ACCOUNT_TEXTS.mobileTaken);
        throw err;
      }
    },
  },

  forgetPwd: {
    async handler(request) {
      const mobile = checkPhone(request.body.mobile);
      // The password rule first: a refused password must not cost the SMS code.
      const newPassword = await decryptNewPassword(db, request.body.newPwd);
      const user = await findUserByMobile(db, mobile);
      if (!user) throw badRequest(ACCOUNT_TEXTS.mobileNotRegistered);
      await checkSmsCode(db, clientIp(request), mobile, 'FORGETPWD', request.body.code);
      await setPassword(db, user.id, newPassword);
      await revokeAllForUser(db, user.id, undefined, cache);
      return null;
    },
  },

  bindProject: {
    auth: 'required',
    async handler(request): Promise<UserInfo> {
      const { userId } = currentUser(request);
      const project = await findProject(db, request.body.projectId);
      if (!project) throw badRequest('参数 projectId 取值无效');
      // The name is ours, not the client's: a renamed project shows its current name.
      return toUserInfo(await updateUser(db, userId, { projectId: project.id, projectName: project.name }));
    },
  },
});
