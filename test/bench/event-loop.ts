import { IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { ChildRequest, reply } from './ipc';

const RESOLUTION_MS = 10;

/**
 * Event-loop delay of this process while a scenario is measured: `loop-start` resets and enables
 * perf_hooks' histogram, `loop-stop` answers its p99 in ms. The histogram records the interval
 * between its timer's runs (10 ms on an idle loop), so the delay is that minus the resolution. A
 * synchronous stretch (a long query, a big JSON, a burst of requests handled back to back) shows
 * up here even when throughput looks fine. `loop-stop` also answers the CPU time this process
 * used meanwhile (user + system, every thread), which divided by the answers is the CPU cost of a
 * request: steadier than requests/s on a machine whose other tenants come and go.
 */
export function answerEventLoopRequests(): void {
  let histogram: IntervalHistogram | null = null;
  let cpuAtStart: NodeJS.CpuUsage | null = null;
  process.on('message', (message: ChildRequest) => {
    if (message.type === 'loop-start') {
      histogram?.disable();
      histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
      cpuAtStart = process.cpuUsage();
      reply({ type: 'loop-started', id: message.id, data: null });
    } else if (message.type === 'loop-stop') {
      histogram?.disable();
      const p99Ms = histogram && histogram.count > 0 ? Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS) : null;
      const cpu = cpuAtStart ? process.cpuUsage(cpuAtStart) : null;
      histogram = null;
      cpuAtStart = null;
      reply({ type: 'loop-stopped', id: message.id, data: { p99Ms, cpuUs: cpu ? cpu.user + cpu.system : null } });
    }
  });
}

/**
 * In a baseline child (baseline.ts, nest-baseline.ts): answers the event-loop and CPU requests,
 * closes the server and exits on `stop` (answering the peak RSS), and tells the parent where it
 * listens. A failure to start is reported to the parent and ends the process.
 */
export function serveBaseline(start: () => Promise<{ url: string; close: () => Promise<void> }>): void {
  start()
    .then(({ url, close }) => {
      answerEventLoopRequests();
      process.on('message', (message: ChildRequest) => {
        if (message.type !== 'stop') return;
        void close().then(() => {
          reply({ type: 'stopped', id: message.id, data: { maxRssKb: process.resourceUsage().maxRSS } });
          process.exit(0);
        });
      });
      reply({ type: 'ready', data: { url } });
    })
    .catch((error: unknown) => {
      reply({ type: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    });
}
