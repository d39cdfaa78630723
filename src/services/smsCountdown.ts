/**
 * Where the SMS countdown's start time lives: localStorage, one key per request type, so a reload
 * or a second tab shows the same seconds left. Storage can be unavailable (private mode, quota):
 * then the countdown simply lives as long as the page.
 */
import { STORAGE_KEYS, type SmsRequestType } from '../domain/constants';
import { parseCountdownStart } from '../domain/smsCountdown';

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
