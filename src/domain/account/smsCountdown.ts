/**
 * The SMS resend countdown (product-spec §4): 60 s from the moment a code was sent. Only the start
 * time is stored, so a reload or another tab derives the same seconds left from the clock.
 */
import { SMS_COUNTDOWN_SECONDS } from './limits';

const COUNTDOWN_MS = SMS_COUNTDOWN_SECONDS * 1000;

export const SMS_CODE_LABELS = {
  /** Before the first code of this kind was sent. */
  first: '获取验证码',
  /** After the countdown ended. */
  again: '重新发送',
} as const;

export function countingLabel(secondsLeft: number): string {
  return `${secondsLeft}s后重新获取`;
}

/**
 * Milliseconds left of a countdown started at `startedAt` (epoch ms). A start in the future (the
 * clock was turned back) counts as just started rather than as a longer wait.
 */
export function countdownMsLeft(startedAt: number | null, now: number): number {
  if (startedAt === null || !Number.isFinite(startedAt)) return 0;
  return Math.min(COUNTDOWN_MS, Math.max(0, COUNTDOWN_MS - (now - startedAt)));
}

/** Whole seconds left, rounded up: 60 right after sending, 1 in the last second, then 0. */
export function countdownSecondsLeft(startedAt: number | null, now: number): number {
  return Math.ceil(countdownMsLeft(startedAt, now) / 1000);
}

/**
 * Delay until the shown number changes. Ticks are aligned to the start time rather than to the
 * moment the page loaded, so a restored countdown changes its number on the same beat everywhere.
 */
export function msUntilNextTick(startedAt: number | null, now: number): number {
  const left = countdownMsLeft(startedAt, now);
  if (left <= 0) return 0;
  return left % 1000 || 1000;
}

/** The get-code link's text. */
export function smsCodeLabel(secondsLeft: number, sentBefore: boolean): string {
  if (secondsLeft > 0) return countingLabel(secondsLeft);
  return sentBefore ? SMS_CODE_LABELS.again : SMS_CODE_LABELS.first;
}

/** A stored start time, or null when it is missing, malformed or already over. */
export function parseCountdownStart(raw: string | null, now: number): number | null {
  if (!raw) return null;
  const startedAt = Number(raw);
  if (!Number.isFinite(startedAt) || startedAt <= 0) return null;
  return countdownMsLeft(startedAt, now) > 0 ? startedAt : null;
}
