import { Clock } from '../clock/clock';

/**
 * A clock tests drive: the system time moved by an offset that `advance` grows, so time keeps
 * flowing (lists ordered by time stay ordered) while a test jumps days ahead.
 */
export class FakeClock extends Clock {
  private offsetMs = 0;
  private readonly followers: Array<(offsetMs: number) => void> = [];

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    for (const follow of this.followers) follow(this.offsetMs);
  }

  /** How far ahead of the system time this clock is. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Sets the offset (a clock that mirrors another one, e.g. in an e2e host process). */
  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }

  /** Calls `follow` with the new offset each time the clock moves, so another clock can mirror it. */
  onAdvance(follow: (offsetMs: number) => void): void {
    this.followers.push(follow);
  }

  advanceDays(days: number): void {
    this.advance(days * 24 * 60 * 60 * 1000);
  }
}
