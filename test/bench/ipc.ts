import { ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The token the bench server's bootstrap owner holds. */
export const BENCH_OWNER_TOKEN = 'bench-owner-token';

export type ChildRequest =
  | { type: 'seed'; id: number; options: SeedOptions }
  | { type: 'seed-teams'; id: number; options: TeamSeedOptions }
  | { type: 'run'; id: number; options: Record<string, unknown> }
  | { type: 'loop-start'; id: number }
  | { type: 'loop-stop'; id: number }
  | { type: 'count'; id: number }
  | { type: 'receipts'; id: number }
  | { type: 'stop'; id: number };

export interface ChildReply {
  type: string;
  id?: number;
  data?: any;
  error?: string;
}

export interface SeedOptions {
  organizations: number;
  users: number;
}

/** Organizations created for the team-list runs, with this many teams each. */
export interface TeamSeedOptions {
  teams: number[];
}

/** In a child: answers the parent. */
export function reply(message: ChildReply): void {
  process.send?.(message);
}

/**
 * A benchmark child process (the API server, the bare Fastify baseline, the replay/lag engine).
 * Children run with the same path-alias setup as `npm start` (tsconfig-paths, baseUrl dist).
 */
/** What a child measured about itself during a run (event-loop.ts). */
export interface LoopFigures {
  p99Ms: number | null;
  cpuUs: number | null;
}

export class Child {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (data: any) => void; reject: (error: Error) => void }>();
  readonly ready: Promise<any>;

  private constructor(
    private readonly process: ChildProcess,
    readonly name: string,
  ) {
    let onReady!: (data: any) => void;
    let onFail!: (error: Error) => void;
    this.ready = new Promise((res, rej) => {
      onReady = res;
      onFail = rej;
    });
    process.on('message', (message: ChildReply) => {
      if (message.type === 'ready') return onReady(message.data);
      const waiting = message.id !== undefined ? this.pending.get(message.id) : undefined;
      if (message.type === 'error') {
        const error = new Error(`${name}: ${message.error}`);
        if (waiting) waiting.reject(error);
        else onFail(error);
      } else waiting?.resolve(message.data);
      if (message.id !== undefined) this.pending.delete(message.id);
    });
    process.on('exit', (code) => {
      const error = new Error(`${name} exited with code ${code}`);
      onFail(error);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
  }

  static start(name: string, entry: string, env: Record<string, string> = {}, execArgv: string[] = []): Child {
    const root = resolve(__dirname, '../..');
    const child = fork(resolve(__dirname, entry), [], {
      execArgv: ['-r', 'tsconfig-paths/register', ...execArgv],
      env: { ...process.env, TS_NODE_BASEURL: root, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Child(child, name);
  }

  get pid(): number {
    return this.process.pid!;
  }

  request<T = any>(message: { type: ChildRequest['type']; [key: string]: unknown }): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.process.send({ ...message, id });
    });
  }

  /** Current resident set size in MB, from /proc (Linux); null elsewhere. */
  rssMb(): number | null {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      return kb ? Number(kb) / 1024 : null;
    } catch {
      return null;
    }
  }

  /** Samples the child's RSS every `everyMs` until the returned stop() is called; stop() gives the peak. */
  sampleRss(everyMs = 100): () => number | null {
    let peak: number | null = null;
    const take = () => {
      const rss = this.rssMb();
      if (rss !== null) peak = Math.max(peak ?? 0, rss);
    };
    take();
    const timer = setInterval(take, everyMs);
    return () => {
      clearInterval(timer);
      take();
      return peak;
    };
  }

  /**
   * Starts measuring the child's event-loop delay and CPU time; the returned stop() answers the delay's p99 in ms and the CPU µs used (see
   * event-loop.ts).
   */
  async eventLoop(): Promise<() => Promise<LoopFigures>> {
    await this.request({ type: 'loop-start' });
    return async () => this.request<LoopFigures>({ type: 'loop-stop' });
  }

  /** Asks the child to stop; resolves with its peak RSS (getrusage maxrss) in MB. */
  async stop(): Promise<number> {
    const exited = new Promise<void>((res) => this.process.once('exit', () => res()));
    const { maxRssKb } = await this.request<{ maxRssKb: number }>({ type: 'stop' });
    await exited;
    return maxRssKb / 1024;
  }
}
