import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * What a hostile-input test needs to tell a server that holds its event loop from a machine that is
 * busy: which process serves a URL, so that the CPU its main thread (where its event loop runs) uses
 * while an answer waits can be read (health-watcher.js). Linux only (/proc); elsewhere null, and the
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
