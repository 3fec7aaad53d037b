import { execFile } from 'node:child_process';
import { OutboundFetchError } from '@docs/platform';
import { shownUrl } from './git-remote.domain';

/** How one git command runs: its folder, environment, time and output caps, and the texts its messages must never show. */
export interface GitRun {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  maxBytes: number;
  /** Secrets (a token) replaced by `***` in any message. */
  secrets: readonly string[];
  /** The remote's URL as shown (no credentials), for messages. */
  url: string;
}

/** The environment every git command gets: nothing of the server's own (no HOME config, no credential helpers, never a prompt). */
export function gitEnvironment(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_ALLOW_PROTOCOL: 'file:http:https:ssh',
    LC_ALL: 'C',
    ...extra,
  };
}

/**
 * Runs `git <args>` (execFile: an argument list, never a shell) within the run's time and output
 * caps. A failure is a 422 naming the remote (credentials never shown) and git's last words.
 */
export function git(run: GitRun, args: readonly string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: run.cwd, env: run.env, timeout: run.timeoutMs, maxBuffer: run.maxBytes, encoding: 'buffer', killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        let why: string;
        if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') why = `its output is larger than ${run.maxBytes} bytes`;
        else if (failure.killed) why = `it took longer than ${run.timeoutMs} ms`;
        else why = lastLine(redact(String(stderr), run.secrets)) || `git ${args[0]} failed`;
        reject(new OutboundFetchError('connection', `git ${args[0]} with ${shownUrl(run.url)} failed: ${why}`));
      },
    );
    if (input) child.stdin?.end(input);
  });
}

/** Every secret replaced by `***`, and URLs' credentials too. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(/\/\/[^/@\s]*@/g, '//');
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

const lastLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-2)
    .join(' ')
    .slice(0, 240);
