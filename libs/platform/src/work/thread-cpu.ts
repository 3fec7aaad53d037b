import { readFileSync, readlinkSync } from 'node:fs';

/**
 * The CPU time (ms) one thread of this process has run, by its Linux thread id: the first field of
 * /proc/self/task/<tid>/schedstat, nanoseconds on a core. Null where there is no such file (another
 * OS, a kernel without scheduler statistics).
 */
export function threadCpuMs(tid: number): number | null {
  try {
    const nanoseconds = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1').split(' ', 1)[0]);
    return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : null;
  } catch {
    return null;
  }
}

/** The Linux thread id of the calling thread, or null where /proc has none (work threads read theirs in worker-source.ts). */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isSafeInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}
