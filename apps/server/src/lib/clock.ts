/**
 * Where deadlines read the time (order countdowns, red packet and pay desk expiry, the sweepers). A server
 * reads the database's clock (DatabaseClock), so every process of an install agrees on when a deadline passes
 * whatever its own host's clock says; tests and a development server with TEST_CLOCK=true put a ManualClock
 * on top, which they can move forward instead of waiting or rewriting timestamps in the database.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The database's time without a query per read: `sync` measures the offset between the database's clock and
 * this host's (half the round trip is the error), and `now` adds it to the host's clock. The server syncs at
 * start and then every minute, so a host clock that drifts or is stepped is corrected within a minute.
 */
export class DatabaseClock implements Clock {
  private offsetMs = 0;

  constructor(
    private readonly readDatabaseTime: () => Promise<Date>,
    /** The host's clock in ms since the epoch; tests give a skewed one. */
    private readonly hostTime: () => number = Date.now,
  ) {}

  now() {
    return new Date(this.hostTime() + this.offsetMs);
  }

  /** Re-measures the offset; on failure the last one stays (the caller logs). */
  async sync() {
    const sent = this.hostTime();
    const databaseTime = (await this.readDatabaseTime()).getTime();
    const received = this.hostTime();
    this.offsetMs = databaseTime - (sent + received) / 2;
    return this.offsetMs;
  }
}

/** Its base clock plus an offset that only grows: time still passes, and `advance` jumps ahead. */
export class ManualClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now() {
    return new Date(this.base.now().getTime() + this.offsetMs);
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
