import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What a hostile-input test needs to tell a server that holds its event loop from a machine that is
 * busy: how much CPU the server's main thread (where its event loop runs) used while an answer
 * waited. A busy machine makes answers slow in wall time, but the server's main thread does not get
 * more CPU from it; a loop held by one long task does. Linux only (/proc); elsewhere null, and the
 * caller falls back to wall time.
 */

/** The listening sockets' inodes for a TCP port, from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT, st 0A is LISTEN, the inode is the tenth field.
      if (fields.length < 10 || fields[3] !== '0A') continue;
      if (Number.parseInt(fields[1]!.split(':')[1]!, 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** The process listening on `url`'s port, or null (not Linux, or not found). */
export function listenerPid(url: string): number | null {
  const port = Number(new URL(url).port);
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  const wanted = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

/** CPU time (ms) the main thread of `pid` has run so far (the scheduler's own count, in ns), or null. */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    const [runNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    return Number(runNs) / 1e6;
  } catch {
    return null;
  }
}

/**
 * How long this thread has run, and waited for a core while it could have run (ms), or null (not
 * Linux). While the suite's own thread runs or waits for a core, an answer that has arrived is not
 * read, and the server's main thread runs on meanwhile: CPU it uses then is not a held loop.
 */
export function ownThreadTimesMs(): { runMs: number; waitMs: number } | null {
  try {
    const [runNs, waitNs] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { runMs: Number(runNs) / 1e6, waitMs: Number(waitNs) / 1e6 };
  } catch {
    return null;
  }
}
