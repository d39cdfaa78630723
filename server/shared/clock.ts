/**
 * The time commerce reads (order expiry, coupon validity, access periods, the sandbox wallet's QR
 * expiry). Tests shift it to show what happens 31 minutes later; outside production the developer
 * endpoint POST /dev/clock/advance does the same for Playwright (server/plugins/devClock.ts).
 * Sessions, rate limits and logs keep real time: shifting the clock never logs anyone out.
 */
export interface Clock {
  now(): Date;
}

export class ShiftableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward (never back: an order paid "later" must stay paid). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
