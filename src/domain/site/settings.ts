/**
 * Site settings an operator changes without a release (site_params rows, read through the public
 * cache): their keys, defaults and how a stored value is read. A missing or unreadable value is
 * the default, so a typo in a row never turns a protection off by surprise.
 */

export const SITE_SETTING_KEYS = {
  /** '1' / '0': the moving watermark over paid lessons (issue 24). Default on. */
  watermark: 'protect.watermark',
  /** A whole number, 1–20: live sessions an account may have; 0: no limit. Default 2. */
  deviceLimit: 'account.deviceLimit',
  /** 'together' (web and app sessions share the limit) or 'separate' (each has its own). Default together. */
  deviceLimitScope: 'account.deviceLimitScope',
} as const;

export const DEFAULT_DEVICE_LIMIT = 2;
export const MAX_DEVICE_LIMIT = 20;
/** The setting's '0': a school that does not limit devices. */
export const NO_DEVICE_LIMIT = Number.POSITIVE_INFINITY;

export type DeviceLimitScope = 'together' | 'separate';

/** '0', 'false', 'off' or 'no' (any case) turn a switch off; anything else, or nothing, is `fallback`. */
export function switchSetting(value: string | null | undefined, fallback: boolean): boolean {
  if (value === null || value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  return fallback;
}

/** The live sessions an account may have (NO_DEVICE_LIMIT for '0'); anything unreadable is the default. */
export function deviceLimitSetting(value: string | null | undefined): number {
  if (value?.trim() === '0') return NO_DEVICE_LIMIT;
  const n = Number(value?.trim());
  return Number.isInteger(n) && n >= 1 && n <= MAX_DEVICE_LIMIT ? n : DEFAULT_DEVICE_LIMIT;
}

export function deviceLimitScopeSetting(value: string | null | undefined): DeviceLimitScope {
  return value?.trim().toLowerCase() === 'separate' ? 'separate' : 'together';
}
