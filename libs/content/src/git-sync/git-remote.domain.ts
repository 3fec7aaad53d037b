import { invalid } from '@docs/kernel';

/** A git remote as a request names it: the URL without credentials (what is stored and shown), and the credentials apart. */
export interface GitRemote {
  /** The URL without user name or password: what events, answers and logs carry. */
  url: string;
  protocol: 'file' | 'https' | 'http' | 'ssh';
  /** Basic auth credentials the request's URL held (a token as user or password), never stored. */
  credentials?: { username: string; password: string };
}

const PROTOCOLS: ReadonlyMap<string, GitRemote['protocol']> = new Map([
  ['file:', 'file'],
  ['https:', 'https'],
  ['http:', 'http'],
  ['ssh:', 'ssh'],
]);

/** A URL's text for a message: credentials removed and cut short. */
export const shownUrl = (url: string) => (url.length > 200 ? `${url.slice(0, 199)}…` : url);

/**
 * The remote a request's `url` names (GitBook's ExportToGitRepository / ImportGitRepository: "It can
 * contain basic auth credentials"): file, http(s) or ssh URLs only (no scp-like `host:path`, no
 * `ext::` transports, which run commands), the credentials split off. A 400 naming `url` otherwise.
 */
export function parseRemote(text: string): GitRemote {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw invalid('url: not a URL (a file://, https:// or ssh:// git repository URL is expected)');
  }
  const protocol = PROTOCOLS.get(parsed.protocol);
  if (!protocol) throw invalid(`url: ${parsed.protocol} URLs are not synced; use file://, https:// or ssh://`);
  if (protocol === 'file' && parsed.host !== '') throw invalid('url: a file:// URL names a local path (file:///path)');
  if (protocol !== 'file' && !parsed.hostname) throw invalid('url: the URL has no host');
  if (/[\s\0]/.test(decodeURIComponent(parsed.pathname))) throw invalid('url: the path holds spaces or control characters');
  const credentials =
    protocol !== 'file' && protocol !== 'ssh' && (parsed.username || parsed.password)
      ? { username: decodeURIComponent(parsed.username) || 'x-access-token', password: decodeURIComponent(parsed.password) }
      : undefined;
  if (protocol !== 'ssh') {
    parsed.username = '';
    parsed.password = '';
  } else if (parsed.password) throw invalid('url: an ssh:// URL takes no password (the configured key is used)');
  return { url: parsed.href, protocol, ...(credentials ? { credentials } : {}) };
}

/** The remotes synced, by scheme (what the served document says `url` is). */
export const REMOTE_URL_PATTERN = /^(file|https?|ssh):\/\//;

const SEGMENT = '[A-Za-z0-9_][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)*';
/**
 * A branch ref: segments of letters, digits, `_` and `-` (not first), dots between them; stricter
 * than `git check-ref-format --branch` (no `..`, no leading `-` or `.`, no control characters).
 */
export const BRANCH_REF_PATTERN = new RegExp(`^refs/heads/${SEGMENT}(/${SEGMENT})*$`);

/** GitBook's `ref` ("refs/heads/main"): a branch, within BRANCH_REF_PATTERN (and not a `.lock` name git keeps for itself). */
export function parseBranchRef(ref: string): string {
  if (!BRANCH_REF_PATTERN.test(ref) || ref.length > 255 || ref.endsWith('.lock'))
    throw invalid('ref: a branch ref such as "refs/heads/main" is expected');
  return ref.slice('refs/heads/'.length);
}

/** A project directory within the repository (repoProjectDirectory): relative, no `..`, or '' for the root. */
export function parseProjectDirectory(directory: string | undefined): string {
  const parts = (directory ?? '').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..' || p.startsWith('.git') || /[\0\\]/.test(p)))
    throw invalid('repoProjectDirectory: a folder inside the repository is expected');
  return parts.join('/');
}
