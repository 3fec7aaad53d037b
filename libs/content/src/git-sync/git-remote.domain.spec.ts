import fc from 'fast-check';
import { DomainError } from '@docs/kernel';
import { parseBranchRef, parseProjectDirectory, parseRemote } from './git-remote.domain';

/** The outcome of a parse: its value, or the DomainError's message (anything else thrown fails the test). */
function outcome<T>(parse: () => T): T | string {
  try {
    return parse();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return error.message;
    throw error;
  }
}

describe('parseRemote', () => {
  it('splits basic auth credentials off an https URL: what is kept has none', () => {
    expect(parseRemote('https://x-access-token:s3cret@git.example.com/team/docs.git')).toEqual({
      url: 'https://git.example.com/team/docs.git',
      protocol: 'https',
      credentials: { username: 'x-access-token', password: 's3cret' },
    });
    expect(parseRemote('https://ghp_token@git.example.com/docs.git').credentials).toEqual({ username: 'ghp_token', password: '' });
  });

  it('takes file:///path and ssh://user@host/path; refuses other transports and scp-like or credentialed ssh forms', () => {
    expect(parseRemote('file:///srv/git/docs.git')).toEqual({ url: 'file:///srv/git/docs.git', protocol: 'file' });
    expect(parseRemote('ssh://git@git.example.com:2222/docs.git')).toEqual({
      url: 'ssh://git@git.example.com:2222/docs.git',
      protocol: 'ssh',
    });
    for (const bad of ['ext::sh -c touch% /tmp/x', 'git@github.com:team/docs.git', 'fd::3', 'ftp://h/x', 'file://host/x', 'ssh://u:p@h/x'])
      expect(outcome(() => parseRemote(bad))).toMatch(/^url: /);
  });

  it('never keeps a password in the URL it returns, and any refusal names url (property)', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_]{8,20}$/);
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), secret, (url, token) => {
        const withToken = url.replace('://', `://user:${token}@`);
        const parsed = outcome(() => parseRemote(withToken));
        if (typeof parsed === 'string') expect(parsed).toMatch(/^url: /);
        else expect(parsed.url).not.toContain(token);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = outcome(() => parseRemote(text));
        if (typeof parsed === 'string') expect(parsed).toMatch(/^url: /);
        else expect(['file', 'http', 'https', 'ssh']).toContain(parsed.protocol);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseBranchRef', () => {
  it('takes refs/heads/<branch> and refuses what git would not, or what an option could be', () => {
    expect(parseBranchRef('refs/heads/main')).toBe('main');
    expect(parseBranchRef('refs/heads/feature/docs-2')).toBe('feature/docs-2');
    for (const bad of [
      'main',
      'refs/tags/v1',
      'refs/heads/',
      'refs/heads/-x',
      'refs/heads/a..b',
      'refs/heads/a b',
      'refs/heads/x.lock',
      'refs/heads/.x',
    ])
      expect(outcome(() => parseBranchRef(bad))).toMatch(/^ref: /);
  });

  it('a branch it takes never starts with "-" nor holds "..", a space or a control character (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        const branch = outcome(() => parseBranchRef(`refs/heads/${name}`));
        if (branch.startsWith('ref: ')) return;
        expect(branch.startsWith('-') || branch.includes('..') || [...branch].some((c) => c <= ' ')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseProjectDirectory', () => {
  it('keeps a relative folder, refuses climbing out or into .git', () => {
    expect(parseProjectDirectory(undefined)).toBe('');
    expect(parseProjectDirectory('./docs/guide/')).toBe('docs/guide');
    expect(outcome(() => parseProjectDirectory('../etc'))).toMatch(/^repoProjectDirectory: /);
    expect(outcome(() => parseProjectDirectory('.git/hooks'))).toMatch(/^repoProjectDirectory: /);
  });
});
