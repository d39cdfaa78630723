import { describe, expect, it } from 'vitest';
import { INTENDED_PROJECT_COOKIE_DAYS, SMS_COUNTDOWN_SECONDS, USER_INFO_REFRESH_DAYS } from '../../../src/domain/account/limits';
import { tokenCookieExpiry } from '../../../src/domain/account/tokenCookie';
import {
  BUILD_MODES,
  DEFAULT_PAGE_TITLE,
  DEFAULT_SLOGAN,
  DELETE_CONFIRM,
  DIALOG_WIDTHS,
  REQUEST_TIMEOUT_MS,
  SITE_VERSION,
  TOAST_DURATION_MS,
} from '../../../src/domain/shared/constants';
import { normalizeErrorMessage } from '../../../src/domain/shared/errors';
import { formatAmount, formatCents, formatDuration, formatRelativeTime, maskMobile, pageTitle } from '../../../src/domain/shared/format';
import { needsVersionReset } from '../../../src/domain/shared/siteVersion';

describe('amount', () => {
  it('prefixes ¥ with two decimals', () => {
    expect(formatAmount(680)).toBe('¥680.00');
    expect(formatAmount(0.5)).toBe('¥0.50');
    expect(formatAmount('99.9')).toBe('¥99.90');
    expect(formatAmount(0)).toBe('¥0.00');
  });
  it('shows fen (every API amount) as yuan', () => {
    expect(formatCents(68000)).toBe('¥680.00');
    expect(formatCents(1)).toBe('¥0.01');
    expect(formatCents(4990)).toBe('¥49.90');
    expect(formatCents(0)).toBe('¥0.00');
    expect(formatCents(null)).toBe('--');
    expect(formatCents(undefined)).toBe('--');
    expect(formatCents(Number.NaN)).toBe('--');
  });
  it("is '--' when empty", () => {
    expect(formatAmount(null)).toBe('--');
    expect(formatAmount(undefined)).toBe('--');
    expect(formatAmount('')).toBe('--');
    expect(formatAmount('abc')).toBe('--');
  });
});

describe('time display', () => {
  const now = new Date(2026, 10, 22, 15, 30);
  it('today as HH:mm', () => {
    expect(formatRelativeTime(new Date(2026, 10, 22, 8, 5), now)).toBe('08:05');
    expect(formatRelativeTime(new Date(2026, 10, 22, 0, 0), now)).toBe('00:00');
  });
  it('昨天 and 前天', () => {
    expect(formatRelativeTime(new Date(2026, 10, 21, 23, 59), now)).toBe('昨天');
    expect(formatRelativeTime(new Date(2026, 10, 20, 0, 1), now)).toBe('前天');
  });
  it('otherwise the date', () => {
    expect(formatRelativeTime(new Date(2026, 10, 19, 12, 0), now)).toBe('2026-11-19');
    expect(formatRelativeTime(new Date(2025, 0, 3), now)).toBe('2025-01-03');
  });
  it('accepts timestamps and strings, and gives nothing for invalid input', () => {
    expect(formatRelativeTime(new Date(2026, 10, 22, 9, 9).getTime(), now)).toBe('09:09');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
  it('across a month boundary', () => {
    expect(formatRelativeTime(new Date(2026, 10, 30, 10), new Date(2026, 11, 1, 9))).toBe('昨天');
  });
});

describe('constants of §9', () => {
  it('match the spec', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30000);
    expect(TOAST_DURATION_MS).toBe(2000);
    expect(SMS_COUNTDOWN_SECONDS).toBe(60);
    expect(USER_INFO_REFRESH_DAYS).toBe(7);
    expect(INTENDED_PROJECT_COOKIE_DAYS).toBe(365);
    expect(DELETE_CONFIRM).toEqual({ title: '删除确认', content: '您确认要删除吗？' });
    expect(Object.values(DIALOG_WIDTHS).sort()).toEqual([432, 448, 640, 680]);
    expect(DIALOG_WIDTHS.login).toBe(448);
    expect(DEFAULT_SLOGAN).toBe('随时随地学习，助力高效备考');
    expect(SITE_VERSION).toBe('2.5.0');
    expect(BUILD_MODES).toEqual(['test', 'uat', 'prod']);
  });
  it('page titles put the page first, the default title alone when none', () => {
    expect(pageTitle('关于我们', DEFAULT_PAGE_TITLE)).toBe(`关于我们 - ${DEFAULT_PAGE_TITLE}`);
    expect(pageTitle(undefined, DEFAULT_PAGE_TITLE)).toBe(DEFAULT_PAGE_TITLE);
  });
  it('durations', () => {
    expect(formatDuration(3900)).toBe('1小时05分');
    expect(formatDuration(750)).toBe('12分30秒');
  });
});

describe('session rules', () => {
  it('the token cookie ends two hours before the server session', () => {
    const now = Date.UTC(2026, 10, 22);
    const exp = now + 7 * 86_400_000;
    expect(tokenCookieExpiry(exp, now)?.getTime()).toBe(exp - 2 * 3_600_000);
    expect(tokenCookieExpiry(now + 3_600_000, now)).toBeNull();
  });
  it('a different stored site version needs a reset; none stored (first visit) does not', () => {
    expect(needsVersionReset('2.4.9', '2.5.0')).toBe(true);
    expect(needsVersionReset('2.5.0', '2.5.0')).toBe(false);
    expect(needsVersionReset(null, '2.5.0')).toBe(false);
  });
  it('masks mobiles', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
  });
  it('masks only full 11-digit mobiles; anything else is shown as is (one rule for client and server)', () => {
    expect(maskMobile('1380013')).toBe('1380013');
    expect(maskMobile('+8613800138')).toBe('+8613800138');
    expect(maskMobile('138-013-800')).toBe('138-013-800');
    expect(maskMobile('')).toBe('');
  });
  it('timeout messages become the network text', () => {
    expect(normalizeErrorMessage('Gateway Timeout')).toBe('网络不稳定，请稍候再试');
    expect(normalizeErrorMessage('')).toBe('请求失败，请重试');
    expect(normalizeErrorMessage('余额不足')).toBe('余额不足');
  });
});
