/** Beijing time, the site's clock for days and stamps: UTC+8, no daylight saving. */

export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The day of `at` (epoch ms) in China, as YYYY-MM-DD. */
export function chinaDate(at: number): string {
  return new Date(at + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `at` (epoch ms) in China as a short stamp: 11-26 17:05. */
export function chinaStamp(at: number): string {
  return new Date(at + CHINA_OFFSET_MS).toISOString().slice(5, 16).replace('T', ' ');
}
