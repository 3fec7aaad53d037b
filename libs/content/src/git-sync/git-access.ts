import { chmod, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIPv6 } from 'node:net';
import { invalid } from '@docs/kernel';
import { AppConfig, OutboundFetch, OutboundFetchError } from '@docs/platform';
import { gitEnvironment, GitRun } from './git-command';
import { GitRemote } from './git-remote.domain';

/** A prepared way to reach one remote: the URL git is given, the `-c` options, the run settings, and a folder to work in. */
export interface GitSession {
  run: GitRun;
  /** The URL git connects to (for ssh, the vetted address in place of the name). */
  remoteUrl: string;
  /** `-c name=value` options every command that talks to the remote takes. */
  options: string[];
  /** A fresh folder of the session's own, removed by `close`. */
  folder: string;
  close(): Promise<void>;
}

/** Answers git's username and password prompts from the environment (set for that command only, never written down). */
const ASKPASS =
  '#!/bin/sh\ncase "$1" in\n  Username*) printf "%s" "$GIT_SYNC_USERNAME" ;;\n  *) printf "%s" "$GIT_SYNC_PASSWORD" ;;\nesac\n';

/**
 * Opens a session for a remote through the outbound guard's rules (docs/content-api.md, "Git sync"):
 * `file://` only under GIT_SYNC_FILE_ROOTS (none by default); http(s) hosts vetted like any
 * outbound fetch (private addresses refused unless OUTBOUND_ALLOW_HOSTS allows them) and the vetted
 * address pinned (`http.curloptResolve`), redirects not followed, a token given through a temporary
 * GIT_ASKPASS; ssh with GIT_SYNC_SSH_KEY_FILE, to the vetted address (the host key checked under
 * the name). Every command has GIT_SYNC_TIMEOUT_MS and GIT_SYNC_MAX_BYTES.
 */
export async function openSession(remote: GitRemote, config: AppConfig, outbound: OutboundFetch): Promise<GitSession> {
  const prepared = await prepare(remote, config, outbound);
  const folder = await mkdtemp(join(tmpdir(), 'git-sync-'));
  const close = () => rm(folder, { recursive: true, force: true });
  try {
    const home = join(folder, 'home');
    const extra: NodeJS.ProcessEnv = { GIT_ALLOW_PROTOCOL: remote.protocol };
    const secrets: string[] = [];
    if (remote.credentials) {
      const askpass = join(folder, 'askpass.sh');
      await writeFile(askpass, ASKPASS, { mode: 0o700 });
      await chmod(askpass, 0o700);
      Object.assign(extra, {
        GIT_ASKPASS: askpass,
        GIT_SYNC_USERNAME: remote.credentials.username,
        GIT_SYNC_PASSWORD: remote.credentials.password,
      });
      secrets.push(remote.credentials.password, remote.credentials.username);
    }
    if (remote.protocol === 'ssh') {
      const knownHosts = join(folder, 'known_hosts');
      extra.GIT_SSH_COMMAND = [
        'ssh',
        `-i ${shellQuoted(config.gitSyncSshKeyFile!)}`,
        '-o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
        `-o UserKnownHostsFile=${shellQuoted(knownHosts)}`,
        `-o HostKeyAlias=${shellQuoted(prepared.hostName)}`,
        `-o ConnectTimeout=${Math.ceil(config.gitSyncTimeoutMs / 1000)}`,
      ].join(' ');
    }
    const run: GitRun = {
      cwd: folder,
      env: gitEnvironment(home, extra),
      timeoutMs: config.gitSyncTimeoutMs,
      maxBytes: config.gitSyncMaxBytes,
      secrets,
      url: remote.url,
    };
    return { run, remoteUrl: prepared.remoteUrl, options: prepared.options, folder, close };
  } catch (error) {
    await close();
    throw error;
  }
}

interface Prepared {
  remoteUrl: string;
  options: string[];
  hostName: string;
}

async function prepare(remote: GitRemote, config: AppConfig, outbound: OutboundFetch): Promise<Prepared> {
  const url = new URL(remote.url);
  if (remote.protocol === 'file') {
    const path = await allowedFolder(fileURLToPath(url), config.gitSyncFileRoots);
    return { remoteUrl: path, options: [], hostName: '' };
  }
  if (remote.protocol === 'ssh' && !config.gitSyncSshKeyFile) {
    throw invalid('url: ssh:// remotes need a key, and none is configured (GIT_SYNC_SSH_KEY_FILE)');
  }
  const address = await outbound.vettedAddress(url.hostname);
  const port = url.port || (remote.protocol === 'https' ? '443' : remote.protocol === 'http' ? '80' : '22');
  const literal = isIPv6(address) ? `[${address}]` : address;
  if (remote.protocol === 'ssh') {
    const pinned = new URL(remote.url);
    pinned.hostname = literal;
    return { remoteUrl: pinned.href, options: [], hostName: url.hostname };
  }
  return {
    remoteUrl: remote.url,
    options: ['-c', `http.curloptResolve=${url.hostname.replace(/^\[|\]$/g, '')}:${port}:${literal}`, '-c', 'http.followRedirects=false'],
    hostName: url.hostname,
  };
}

/** The repository folder of a file:// URL when it lies under one of the roots (symbolic links resolved), else refused. */
async function allowedFolder(path: string, roots: readonly string[]): Promise<string> {
  const refused = new OutboundFetchError('refused-address', 'refused: file:// URLs are synced only under GIT_SYNC_FILE_ROOTS');
  const under = (folder: string, root: string) => folder === root || folder.startsWith(root.endsWith(sep) ? root : root + sep);
  if (!isAbsolute(path) || !roots.some((root) => under(normalize(path), normalize(root)))) throw refused;
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new OutboundFetchError('connection', 'the file:// repository does not exist');
  }
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => null);
    if (realRoot && under(real, realRoot)) return real;
  }
  throw refused;
}

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
