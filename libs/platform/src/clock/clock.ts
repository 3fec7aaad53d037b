/**
 * The time, as a port: everything whose outcome depends on the time (when events occurred, retention
 * periods, scheduled jobs) asks a Clock, so tests can drive it. The platform provides the system
 * clock unless `PlatformModule.forRoot({ clock })` is given another.
 */
export abstract class Clock {
  abstract now(): Date;

  /** The current time as ISO 8601 UTC, as events and documents store it. */
  nowIso(): string {
    return this.now().toISOString();
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
