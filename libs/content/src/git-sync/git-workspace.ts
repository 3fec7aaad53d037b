import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { OutboundFetchError } from '@docs/platform';
import { git, GitRun } from './git-command';
import { GitSession } from './git-access';

/** A commit's author (the user who made the change). */
export interface GitAuthor {
  name: string;
  email: string;
}

/** What reading a commit may take: how many files and bytes. */
export interface ReadCaps {
  files: number;
  bytes: number;
}

/**
 * A local repository of one session, holding the remote branch's last commit (or nothing, for a
 * branch the remote does not have yet): fetched shallow, its files read through git's object
 * database (symbolic links and submodules are not files of the content), or replaced and committed.
 */
export class GitWorkspace {
  private constructor(
    private readonly session: GitSession,
    private readonly repo: string,
    /** The fetched commit, or null when the branch does not exist yet. */
    readonly head: string | null,
  ) {}

  private get run(): GitRun {
    return { ...this.session.run, cwd: this.repo };
  }

  static async fetch(session: GitSession, branch: string): Promise<GitWorkspace> {
    const repo = join(session.folder, 'repo');
    await mkdir(repo);
    const run = { ...session.run, cwd: repo };
    await git(run, ['init', '-q', '-b', 'gitsync-work', '.']);
    const refs = (await git(run, [...session.options, 'ls-remote', '--heads', '--', session.remoteUrl, `refs/heads/${branch}`])).toString();
    if (refs.trim() === '') return new GitWorkspace(session, repo, null);
    await git(run, [...session.options, 'fetch', '-q', '--depth=1', '--no-tags', '--', session.remoteUrl, `refs/heads/${branch}`]);
    const head = (await git(run, ['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).toString().trim();
    return new GitWorkspace(session, repo, head);
  }

  /** The commit's regular files under `directory` ('' for all), by path relative to it, within the caps (past them, a 422). */
  async files(directory: string, caps: ReadCaps): Promise<Map<string, Uint8Array>> {
    const files = new Map<string, Uint8Array>();
    if (!this.head) return files;
    const listing = await git(this.run, ['ls-tree', '-r', '-z', '-l', '--full-tree', this.head, ...(directory ? ['--', directory] : [])]);
    const blobs: { path: string; sha: string; size: number }[] = [];
    let total = 0;
    for (const entry of listing.toString('utf8').split('\0')) {
      const match = /^(\d+) (\w+) ([0-9a-f]+) +(\d+|-)\t(.*)$/s.exec(entry);
      if (match?.[2] !== 'blob' || (match[1] !== '100644' && match[1] !== '100755')) continue;
      const path = directory ? match[5]!.slice(directory.length + 1) : match[5]!;
      total += Number(match[4]);
      if (blobs.length >= caps.files) throw tooMuch(`more than ${caps.files} files`);
      if (total > caps.bytes) throw tooMuch(`more than ${caps.bytes} bytes of files`);
      blobs.push({ path, sha: match[3]!, size: Number(match[4]) });
    }
    if (blobs.length === 0) return files;
    const out = await git(
      { ...this.run, maxBytes: total + blobs.length * 100 + 1024 },
      ['cat-file', '--batch'],
      Buffer.from(blobs.map((b) => `${b.sha}\n`).join('')),
    );
    let offset = 0;
    for (const blob of blobs) {
      const header = out.indexOf(10, offset);
      offset = header + 1;
      files.set(blob.path, new Uint8Array(out.subarray(offset, offset + blob.size)));
      offset += blob.size + 1;
    }
    return files;
  }

  /** The fetched commit's message. */
  async message(): Promise<string> {
    return this.head ? (await git(this.run, ['log', '-1', '--format=%B', this.head])).toString().trim() : '';
  }

  /**
   * Replaces the files under `directory` with `files`, and commits them as `author` when that
   * changes anything: the new commit's sha, or null when the tree is the same (no commit). The
   * fetched commit is never checked out: its tree goes to the index only, and the new files are
   * written in a fresh folder of the session's own (so a symbolic link the remote holds can never
   * redirect a write), then added from there.
   */
  async commit(directory: string, files: ReadonlyMap<string, Uint8Array>, author: GitAuthor, message: string): Promise<string | null> {
    const staging = join(this.session.folder, 'staging');
    const run = this.run;
    const staged = { ...run, env: { ...run.env, GIT_WORK_TREE: staging } };
    await mkdir(staging);
    if (this.head) {
      await git(run, ['read-tree', this.head]);
      await git(run, ['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', directory || '.']);
    }
    for (const [path, bytes] of files) {
      if (path.split('/').some((part) => part === '..' || part === '.git' || part === '' || part === '.')) continue;
      const target = join(staging, directory, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    if (files.size > 0) await git(staged, ['add', '-A', '-f', '--', directory || '.']);
    const tree = (await git(run, ['write-tree'])).toString().trim();
    if (this.head && (await git(run, ['rev-parse', `${this.head}^{tree}`])).toString().trim() === tree) return null;
    const env = {
      ...run.env,
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: author.email,
      GIT_COMMITTER_NAME: author.name,
      GIT_COMMITTER_EMAIL: author.email,
    };
    const parents = this.head ? ['-p', this.head] : [];
    return (await git({ ...run, env }, ['commit-tree', tree, ...parents, '-F', '-'], Buffer.from(message))).toString().trim();
  }

  /** Pushes the commit to the branch (a fast-forward: a branch that moved meanwhile refuses it, 422). */
  async push(commit: string, branch: string): Promise<void> {
    await git(this.run, [...this.session.options, 'push', '-q', '--', this.session.remoteUrl, `${commit}:refs/heads/${branch}`]);
  }
}

const tooMuch = (what: string) =>
  new OutboundFetchError('too-large', `the commit holds ${what}; a sync reads at most that (GIT_SYNC_MAX_BYTES)`);
