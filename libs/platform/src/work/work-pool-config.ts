import { AppConfig } from '../config/app-config';
import { WorkPool } from './work-pool';

/** An idle work thread is stopped after a minute; the next task starts a new one (about 50 ms). */
const IDLE_MS = 60_000;

export function workPoolFromConfig(config: AppConfig): WorkPool {
  return new WorkPool({
    threads: config.workThreads,
    maxQueued: config.workQueue,
    maxPerKey: config.workPerOrganization,
    memoryMb: config.workMemoryMb,
    idleMs: IDLE_MS,
  });
}
