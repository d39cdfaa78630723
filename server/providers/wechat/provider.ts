/** WeChat QR login: the local sandbox or WeChat's open platform, behind one interface. */
import type { WxConfig, WxPurpose } from '../../../src/domain/account/contract';

export type { WxPurpose };

export interface WechatIdentity {
  openId: string;
  unionId?: string;
  nickname: string;
  avatar: string;
}

export interface WechatProvider {
  readonly name: 'sandbox' | 'open-platform';
  /** Everything of WxConfig but the state, which the caller makes and stores. */
  config(purpose: WxPurpose, redirectUrl: string): Omit<WxConfig, 'state'>;
  /** The identity behind an authorization code; throws WechatCodeError for a bad or used code. */
  exchangeCode(code: string): Promise<WechatIdentity>;
  /**
   * The bytes of the identity's profile picture (at most AVATAR_MAX_BYTES), or null when it has
   * none or it cannot be fetched; never throws. Copied into our storage when an account takes
   * this WeChat without an avatar of its own.
   */
  fetchAvatar(identity: WechatIdentity): Promise<Buffer | null>;
}

/** The code is invalid, expired or used: the user has to scan again. */
export class WechatCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatCodeError';
  }
}

/** WeChat could not be reached or answered nonsense: our problem, not the user's code. */
export class WechatUpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatUpstreamError';
  }
}
