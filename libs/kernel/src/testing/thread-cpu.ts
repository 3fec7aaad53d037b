import { readFileSync } from 'node:fs';

/**
 * The CPU time (ms) the calling thread has used so far: the scheduler's count where Linux gives it
 * (/proc/thread-self/schedstat, in ns), the process's CPU elsewhere.
 */
export function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/**
 * Runs synchronous `work` and answers what it returned and the CPU it took (ms). Bounds on work
 * that must stay linear are put on this, not on wall time: a busy machine stretches wall time,
 * not the CPU a piece of work needs.
 */
export function withCpuTime<T>(work: () => T): { result: T; cpuMs: number } {
  const before = threadCpuMs();
  const result = work();
  return { result, cpuMs: threadCpuMs() - before };
}
