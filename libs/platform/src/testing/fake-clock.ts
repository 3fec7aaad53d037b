import { Clock } from '../clock/clock';

/**
 * A clock tests drive: the system time moved by an offset that `advance` grows, so time keeps
 * flowing (lists ordered by time stay ordered) while a test jumps days ahead.
 */
export class FakeClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 24 * 60 * 60 * 1000);
  }
}
