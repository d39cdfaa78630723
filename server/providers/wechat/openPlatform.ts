/**
 * WeChat open platform, website application (网站应用) QR login: the browser frames WeChat's
 * qrconnect page; WeChat redirects back with ?code&state; the server exchanges the code for an
 * access token and openid (sns/oauth2/access_token), then reads the profile (sns/userinfo).
 * `fetch` is injectable so tests check the exact requests without the network.
 */
import type { WxConfig } from '../../../src/domain/account/contract';
import { AVATAR_MAX_BYTES } from '../../../src/domain/account/limits';
import { WechatCodeError, WechatUpstreamError, type WechatIdentity, type WechatProvider, type WxPurpose } from './provider';

export const WECHAT_QRCONNECT_URL = 'https://open.weixin.qq.com/connect/qrconnect';
export const WECHAT_API_ORIGIN = 'https://api.weixin.qq.com';

export interface OpenPlatformOptions {
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  apiOrigin?: string;
  timeoutMs?: number;
}

interface WechatError {
  errcode?: number;
  errmsg?: string;
}
interface AccessTokenAnswer extends WechatError {
  access_token?: string;
  openid?: string;
  unionid?: string;
}
interface UserInfoAnswer extends WechatError {
  openid?: string;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
}

/** WeChat's picture CDNs: headimgurl is fetched server-side, so nothing else may be asked for. */
const AVATAR_HOST = /(^|\.)(qlogo|qpic)\.cn$/;

/** Codes WeChat uses for a bad, expired or already used authorization code. */
const BAD_CODE_ERRORS = new Set([40029, 40163, 41008, 42003]);

export class OpenPlatformWechatProvider implements WechatProvider {
  readonly name = 'open-platform' as const;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OpenPlatformOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  config(_purpose: WxPurpose, redirectUrl: string): Omit<WxConfig, 'state'> {
    return { appId: this.options.appId, redirectUrl, scope: 'snsapi_login', style: 'black', qrconnectUrl: WECHAT_QRCONNECT_URL };
  }

  private async getJson<T extends WechatError>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${this.options.apiOrigin ?? WECHAT_API_ORIGIN}${path}?${new URLSearchParams(params).toString()}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method: 'GET', signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new WechatUpstreamError(`WeChat ${path} unreachable: ${(err as Error).message}`);
    }
    // WeChat answers JSON with a text/plain content type: parse the text.
    const text = await response.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new WechatUpstreamError(`WeChat ${path}: HTTP ${response.status}, not JSON`);
    }
    if (body.errcode) {
      if (BAD_CODE_ERRORS.has(body.errcode)) throw new WechatCodeError(`WeChat ${path}: ${body.errcode} ${body.errmsg ?? ''}`);
      throw new WechatUpstreamError(`WeChat ${path}: ${body.errcode} ${body.errmsg ?? ''}`);
    }
    return body;
  }

  async exchangeCode(code: string): Promise<WechatIdentity> {
    const token = await this.getJson<AccessTokenAnswer>('/sns/oauth2/access_token', {
      appid: this.options.appId,
      secret: this.options.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) throw new WechatUpstreamError('WeChat access_token: no access_token/openid');
    const info = await this.getJson<UserInfoAnswer>('/sns/userinfo', { access_token: token.access_token, openid: token.openid, lang: 'zh_CN' });
    const unionId = info.unionid ?? token.unionid;
    return {
      openId: token.openid,
      ...(unionId ? { unionId } : {}),
      nickname: (info.nickname ?? '').trim() || '微信用户',
      avatar: info.headimgurl ?? '',
    };
  }

  async fetchAvatar(identity: WechatIdentity): Promise<Buffer | null> {
    let url: URL;
    try {
      url = new URL(identity.avatar);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' || !AVATAR_HOST.test(url.hostname)) return null;
    try {
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000), redirect: 'error' });
      if (!response.ok || !response.body) return null;
      if (Number(response.headers.get('content-length') ?? 0) > AVATAR_MAX_BYTES) return null;
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        size += part.value.byteLength;
        if (size > AVATAR_MAX_BYTES) {
          await reader.cancel();
          return null;
        }
        chunks.push(part.value);
      }
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }
}
