/**
 * WeChat and the account: QR login (wxConfig → WeChat → loginByWx), binding a mobile
 * to a new WeChat login (bindMobileByWxCode), and binding/unbinding WeChat from the security page.
 */
import type { FastifyRequest } from 'fastify';
import type { WeChatBindStatus, WxBindRequired, WxConfig, WxLoginAnswer } from '../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { paths, SPA_BASE } from '../../src/paths';
import type { Db } from '../db/client';
import { WechatCodeError, type WechatIdentity, type WechatProvider, type WxPurpose } from '../providers/wechat/provider';
import { replacedSessionError, tokenFrom } from '../shared/auth';
import { isUniqueViolation } from '../shared/dbErrors';
import { AppError, badRequest, unauthorized } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp, requestOrigin } from '../shared/request';
import { resolveSession, type ResolvedSession } from '../shared/session';
import { checkPhone, checkSmsCode, loginAttemptLimit } from './checks';
import { WECHAT_STATES_PER_IP } from './limits';
import { loginResult } from './loginResult';
import { fitNickname, type UserRow } from './userInfo';
import { findOrRegister, findUserByMobile, findUserByOpenId, sessionUser, setUserMobile, setUserWechat } from './users.queries';
import { adoptWechatAvatar } from './wechatAvatar';
import { consumeState, consumeWechatSession, createState, createWechatSession, peekWechatSession } from './wechatStates.queries';

/** Where WeChat sends the browser back, per purpose (SPA routes under /new/). */
export const WX_REDIRECT_PATHS: Readonly<Record<WxPurpose, string>> = {
  login: `${SPA_BASE}${paths.login()}`,
  bind: `${SPA_BASE}${paths.security()}`,
};

async function exchange(wechat: WechatProvider, code: string, request: FastifyRequest): Promise<WechatIdentity> {
  try {
    return await wechat.exchangeCode(code);
  } catch (err) {
    if (err instanceof WechatCodeError) throw badRequest(ACCOUNT_TEXTS.wechatSessionExpired);
    request.log.error({ err, provider: wechat.name }, 'WeChat code exchange failed');
    throw new AppError(502);
  }
}

function bindStatus(user: UserRow): WeChatBindStatus {
  return { bound: user.wechatOpenId != null, nickname: user.wechatOpenId ? user.wechatNickname : null, hasPassword: user.passwordHash != null };
}

/**
 * Gives `user` the WeChat identity. Refused when the user already has another WeChat, or the
 * WeChat belongs to another account (the unique index settles races the same way).
 */
async function attachWechat(db: Db, user: UserRow, identity: WechatIdentity): Promise<UserRow> {
  if (user.wechatOpenId && user.wechatOpenId !== identity.openId) throw badRequest(ACCOUNT_TEXTS.wechatAlreadyBound);
  const holder = await findUserByOpenId(db, identity.openId);
  if (holder && holder.id !== user.id) throw badRequest(ACCOUNT_TEXTS.wechatAlreadyBound);
  try {
    const row = await setUserWechat(db, user.id, { openId: identity.openId, nickname: identity.nickname.slice(0, 60) });
    if (!row) throw badRequest();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(ACCOUNT_TEXTS.wechatAlreadyBound);
    throw err;
  }
}

export const wechatRoutes: RouteGroup = ({ db, cache, config, services }) => ({
  wxConfig: {
    async handler(request, reply): Promise<WxConfig> {
      const { purpose } = request.query;
      let session: ResolvedSession | null = null;
      if (purpose === 'bind') {
        const token = tokenFrom(request);
        session = await resolveSession(db, token, cache);
        if (!session) throw (await replacedSessionError(db, token)) ?? unauthorized();
      }
      const { limit, windowSeconds } = WECHAT_STATES_PER_IP;
      await enforceRateLimit(db, `wxstate:ip:${clientIp(request)}`, limit, windowSeconds, TOO_MANY_REQUESTS_TEXT);
      const state = await createState(db, purpose, session?.userId ?? null);
      const redirectUrl = `${requestOrigin(config, request)}${WX_REDIRECT_PATHS[purpose]}`;
      reply.header('cache-control', 'no-store');
      return { ...services.wechat.config(purpose, redirectUrl), state };
    },
  },

  loginByWx: {
    async handler(request): Promise<WxLoginAnswer> {
      await loginAttemptLimit(db, clientIp(request));
      const { code, state } = request.query;
      // The state is optional for older clients; when sent it must be one of our login states.
      if (state && !(await consumeState(db, state, 'login', null))) throw badRequest(ACCOUNT_TEXTS.wechatSessionExpired);
      const identity = await exchange(services.wechat, code, request);
      const user = await findUserByOpenId(db, identity.openId);
      if (user?.mobile) return loginResult({ db, cache }, user, request);
      const answer: WxBindRequired = {
        bindMobile: false,
        sessionKey: await createWechatSession(db, identity),
        wechatNickname: identity.nickname,
        wechatAvatar: identity.avatar,
      };
      return answer;
    },
  },

  bindMobileByWxCode: {
    async handler(request) {
      const { code, sessionKey } = request.body;
      const mobile = checkPhone(request.body.mobile);
      // Looked at, not used up: a mistyped SMS code must not cost the user a new scan.
      if (!(await peekWechatSession(db, sessionKey))) throw badRequest(ACCOUNT_TEXTS.wechatSessionExpired);
      await checkSmsCode(db, clientIp(request), mobile, 'BINDPHONE', code);
      const identity = await consumeWechatSession(db, sessionKey);
      if (!identity) throw badRequest(ACCOUNT_TEXTS.wechatSessionExpired);

      const owner = await findUserByMobile(db, mobile);
      let user: UserRow;
      if (owner) {
        user = await attachWechat(db, owner, identity);
      } else {
        const wechatOnly = await findUserByOpenId(db, identity.openId);
        if (wechatOnly) {
          // An account made by WeChat alone (no mobile yet) gets the mobile.
          try {
            const row = await setUserMobile(db, wechatOnly.id, mobile);
            user = row ?? wechatOnly;
          } catch (err) {
            if (isUniqueViolation(err)) throw badRequest(ACCOUNT_TEXTS.mobileTaken);
            throw err;
          }
        } else {
          const nickname = fitNickname(identity.nickname);
          const registered = await findOrRegister(db, mobile, { nickname, wechatOpenId: identity.openId, wechatNickname: identity.nickname.slice(0, 60) });
          // Lost a registration race to an SMS login of the same mobile: bind to that account instead.
          user = registered.created ? registered.user : await attachWechat(db, registered.user, identity);
        }
      }
      user = await adoptWechatAvatar({ db, storage: services.storage, wechat: services.wechat, log: request.log }, user, identity);
      return loginResult({ db, cache }, user, request, sessionKey);
    },
  },

  bindWeChat: {
    auth: 'required',
    async handler(request): Promise<WeChatBindStatus> {
      const user = await sessionUser(db, request);
      if (!(await consumeState(db, request.query.state, 'bind', user.id))) throw badRequest(ACCOUNT_TEXTS.wechatSessionExpired);
      const identity = await exchange(services.wechat, request.query.code, request);
      const holder = await findUserByOpenId(db, identity.openId);
      if (holder && holder.id !== user.id) throw badRequest(ACCOUNT_TEXTS.wechatAlreadyBound);
      // Scanning with another WeChat replaces the bound one: the user proved both the session and the new WeChat.
      const current = user.wechatOpenId && user.wechatOpenId !== identity.openId ? { ...user, wechatOpenId: null } : user;
      const bound = await attachWechat(db, current, identity);
      await adoptWechatAvatar({ db, storage: services.storage, wechat: services.wechat, log: request.log }, bound, identity);
      return bindStatus(bound);
    },
  },

  unBindWeChat: {
    auth: 'required',
    async handler(request): Promise<WeChatBindStatus> {
      const user = await sessionUser(db, request);
      if (!user.wechatOpenId) return bindStatus(user);
      // Without a mobile or a password, WeChat is the only way into this account.
      if (!user.mobile && !user.passwordHash) throw badRequest(ACCOUNT_TEXTS.wechatUnbindRefused);
      const row = await setUserWechat(db, user.id, null);
      return bindStatus(row ?? user);
    },
  },

  getWeChatBindStatus: {
    auth: 'required',
    async handler(request): Promise<WeChatBindStatus> {
      return bindStatus(await sessionUser(db, request));
    },
  },
});
