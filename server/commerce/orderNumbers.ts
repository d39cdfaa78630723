/** Order and trade numbers: readable (Beijing date and time first), unique by a random tail, within both vendors' 6–32 [A-Za-z0-9_-]. */
import { randomInt } from 'node:crypto';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 20 digits: yyyyMMddHHmmss in Beijing time + 6 random digits. */
export function newOrderNo(now: Date): string {
  const stamp = new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** One payment attempt of an order: the order number, the channel's letter and 4 random digits (25 characters). */
export function newOutTradeNo(orderNo: string, channel: string): string {
  return `${orderNo}${channel.charAt(0)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** What the wallet shows: at most `maxBytes` of UTF-8 (WeChat takes 127), cut between characters. */
export function cutUtf8(text: string, maxBytes = 127): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}
