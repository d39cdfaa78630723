/**
 * Where the SMS countdown's start time lives: localStorage, one key per request type, so a reload
 * or a second tab shows the same seconds left. Storage can be unavailable (private mode, quota):
 * then the countdown simply lives as long as the page.
 */
import type { SmsRequestType } from '../../domain/account/contract';
import { parseCountdownStart } from '../../domain/account/smsCountdown';
import { STORAGE_KEYS } from '../../domain/shared/constants';

const key = (requestType: SmsRequestType): string => `${STORAGE_KEYS.smsCountdownPrefix}${requestType}`;

export function readCountdownStart(requestType: SmsRequestType, now: number = Date.now()): number | null {
  try {
    return parseCountdownStart(localStorage.getItem(key(requestType)), now);
  } catch {
    return null;
  }
}

export function writeCountdownStart(requestType: SmsRequestType, startedAt: number): void {
  try {
    localStorage.setItem(key(requestType), String(startedAt));
  } catch {
    // Not persisted: this page still counts down.
  }
}

export function clearCountdownStart(requestType: SmsRequestType): void {
  try {
    localStorage.removeItem(key(requestType));
  } catch {
    // Nothing stored.
  }
}

/**
 * Calls `onStart` when another tab of this site starts a countdown of this kind (the `storage`
 * event fires in every other tab, never in the writer). Returns the unsubscribe function.
 */
export function watchCountdownStart(requestType: SmsRequestType, onStart: (startedAt: number) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: StorageEvent): void => {
    if (event.key !== key(requestType)) return;
    const startedAt = parseCountdownStart(event.newValue, Date.now());
    if (startedAt !== null) onStart(startedAt);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
