/**
 * Where deadlines read the time (order countdowns, red packet and pay desk expiry, the sweepers). Production
 * uses the system clock; tests and a development server with TEST_CLOCK=true use a ManualClock, which they can
 * move forward instead of waiting or rewriting timestamps in the database.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time plus an offset that only grows: time still passes, and `advance` jumps ahead. */
export class ManualClock implements Clock {
  private offsetMs = 0;

  now() {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number) {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
    this.offsetMs += ms;
  }

  /**
   * Jumps to just after the start of the next `windowMs` window, so that a test counting hits in a
   * fixed window (rate limits) cannot see the window end half-way through its hits.
   */
  startNextWindow(windowMs: number) {
    const now = this.now().getTime();
    this.advance(windowMs - (now % windowMs) + 1);
  }
}
