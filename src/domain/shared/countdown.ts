/** Countdowns to a server time (an exam's deadline, an order's expiry), on the server's clock. */

/** Seconds left until `at`, on the server's clock (`offsetMs` = server time − device time). */
export function remainingSeconds(at: number, offsetMs: number, deviceNow: number): number {
  return Math.max(0, Math.ceil((at - (deviceNow + offsetMs)) / 1000));
}

/** 01:05:09, or 05:09 under an hour. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return hours > 0 ? `${pad(hours)}:${rest}` : rest;
}
