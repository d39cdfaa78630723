/** The self-hosted slider captcha: its challenge, the solution the slider sends and how it travels. */

export const CAPTCHA_TTL_SECONDS = 120;

/** The puzzle piece's box (px at scale 1): the server draws it, the slider's handle has its width before a challenge arrives. */
export const CAPTCHA_PIECE_SIZE = 50;

/** How far (px) the dropped piece may be from the hole. */
export const CAPTCHA_TOLERANCE_PX = 5;

/** Scene ids of the slider captcha. */
export const CAPTCHA_SCENES = { sms: 'SMS' } as const;

/** sendMobileCodeCaptchaVerify answers code 200 with this data when the captcha did not pass. */
export const CAPTCHA_FAILED_DATA = 400;

/** With CAPTCHA_MODE=test (never in production) this captchaVerifyParam passes; anything else fails. */
export const CAPTCHA_TEST_PASS = 'test-pass';

/**
 * A slider challenge. The piece's x is never sent: the browser shows the hole in the background
 * and the user drags the piece there. `pieceY` places the piece vertically.
 */
export interface CaptchaChallenge {
  challengeId: string;
  /** data:image/png;base64 background with the hole. */
  background: string;
  /** data:image/png;base64 piece, pieceSize square (with transparency). */
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  expiresAt: number;
}

/** What the slider produces; sent as captchaVerifyParam = base64url(JSON). */
export interface CaptchaSolution {
  challengeId: string;
  /** Left edge of the piece in background pixels when released. */
  x: number;
  /** Drag track samples [x, ms since press]; a human track is not a straight instant jump. */
  track: [number, number][];
}

export function encodeCaptchaSolution(solution: CaptchaSolution): string {
  const json = JSON.stringify(solution);
  const base64 = typeof btoa === 'function' ? btoa(json) : Buffer.from(json, 'utf8').toString('base64');
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCaptchaSolution(param: string): CaptchaSolution | null {
  try {
    const base64 = param.replace(/-/g, '+').replace(/_/g, '/');
    const json = typeof atob === 'function' ? atob(base64) : Buffer.from(base64, 'base64').toString('utf8');
    const value = JSON.parse(json) as CaptchaSolution;
    if (typeof value?.challengeId !== 'string' || typeof value.x !== 'number' || !Array.isArray(value.track)) return null;
    return value;
  } catch {
    return null;
  }
}
