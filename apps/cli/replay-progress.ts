import type { ReplayProgress } from '@docs/platform/operations';
import { formatDuration, Output } from './output';

/** How often a line is printed when stderr is not a terminal, and the bar redrawn when it is. */
const LINE_EVERY_MS = 2000;
const BAR_EVERY_MS = 100;

/**
 * Shows a replay's progress on stderr: a bar with events/s and an ETA on a terminal, a line every
 * two seconds otherwise; and, either way, when the new generation is swapped in (with its parked
 * events, if any) and the old one dropped, or, when the replay fails, what became of the new one.
 * The share done is the checkpoint's share of the log's head position (positions grow with the log
 * on both stores), so the ETA holds without counting the log first.
 */
export class ReplayProgressView {
  private lastShown = 0;
  private barOpen = false;
  /** The last progress not shown yet (throttled): shown before the swap, so the final figures appear. */
  private unshown: Extract<ReplayProgress, { phase: 'catching-up' }> | null = null;

  constructor(
    private readonly out: Output,
    private readonly now: () => number = () => Date.now(),
  ) {}

  readonly on = (event: ReplayProgress): void => {
    switch (event.phase) {
      case 'started':
        this.lastShown = 0;
        this.unshown = null;
        this.out.error(
          `${event.projection}: rebuilding generation ${event.generation} from the start of the log` +
            (event.head === null ? ' (the log is empty)' : ` (head at position ${event.head})`),
        );
        break;
      case 'catching-up':
        this.catchingUp(event);
        break;
      case 'swapped':
        if (this.unshown) this.catchingUp(this.unshown, true);
        this.endBar();
        this.out.error(
          `${event.projection}: swapped in generation ${event.generation} at checkpoint ${event.checkpoint ?? 'none'}` +
            (event.parked > 0
              ? ` with ${event.parked} parked event${event.parked === 1 ? '' : 's'} (\`projections parked ${event.projection}\` lists them)`
              : '') +
            (event.previous === null
              ? '; there is no previous generation to drop'
              : `; generation ${event.previous} stays readable for ${formatDuration(event.dropAfterMs / 1000)}, then is dropped`),
        );
        break;
      case 'dropped':
        this.out.error(`${event.projection}: dropped generation ${event.generation} (${event.collections.join(', ')})`);
        break;
      case 'abandoned':
        this.endBar();
        this.out.error(
          event.leftover
            ? `${event.projection}: the replay failed, and generation ${event.generation} could not be dropped ` +
                `(\`projections drop-leftovers\` removes it)`
            : `${event.projection}: the replay failed; dropped generation ${event.generation}, which it was ` +
                `building (${event.collections.join(', ')})`,
        );
        break;
    }
  };

  private catchingUp(event: Extract<ReplayProgress, { phase: 'catching-up' }>, force = false): void {
    this.unshown = event;
    const done = event.head !== null && event.head > 0n ? Math.min(1, Number(event.checkpoint) / Number(event.head)) : 1;
    const rate = event.seconds > 0 ? event.events / event.seconds : 0;
    const eta = done > 0 ? (event.seconds * (1 - done)) / done : Number.NaN;
    const percent = `${Math.floor(done * 100)}%`;
    const figures =
      `${event.events.toLocaleString('en-US')} events  ${Math.round(rate).toLocaleString('en-US')} ` +
      `events/s  ETA ${formatDuration(eta)}`;
    const now = this.now();
    if (this.out.stderrIsTTY && this.out.bar) {
      if (!force && now - this.lastShown < BAR_EVERY_MS) return;
      this.lastShown = now;
      this.unshown = null;
      const width = Math.max(10, Math.min(40, (this.out.columns || 80) - event.projection.length - figures.length - 12));
      const filled = Math.round(done * width);
      this.out.bar(`${event.projection} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent.padStart(4)}  ${figures}`);
      this.barOpen = true;
      return;
    }
    if (!force && this.lastShown !== 0 && now - this.lastShown < LINE_EVERY_MS) return;
    this.lastShown = now;
    this.unshown = null;
    this.out.error(
      `${event.projection}: ${percent} ${figures.replace(/ {2}/g, ', ')} (checkpoint ${event.checkpoint} of ${event.head ?? '?'})`,
    );
  }

  private endBar(): void {
    if (this.barOpen) this.out.bar?.(null);
    this.barOpen = false;
  }
}
