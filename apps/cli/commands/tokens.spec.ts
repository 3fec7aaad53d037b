import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandIo } from './tokens-shared';
import { tokensCreate } from './tokens-create';
import { tokensList } from './tokens-list';
import { tokensRevoke } from './tokens-revoke';

describe('tokens command handlers (temporary DATA_DIR)', () => {
  let dir: string;
  let out: string[];
  let err: string[];
  const io = (extra: Partial<CommandIo> = {}): CommandIo => ({
    line: (t) => void out.push(t),
    error: (t) => void err.push(t),
    env: { DATA_DIR: dir },
    actor: 'cli:alice@host',
    ...extra,
  });
  const json = () => out.map((l) => JSON.parse(l));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-cli-tokens-'));
    out = [];
    err = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a token, printed once as one JSON line, with an expiry from --expires-in', async () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    // The expiry must lie in the future of the real clock: issue for a fixed "now" in 2030.
    expect(await tokensCreate({ email: 'ann@acme.test', name: 'laptop', expiresIn: '30d' }, io(), () => now)).toBe(0);
    expect(json()).toEqual([
      {
        userId: expect.any(String),
        tokenId: expect.any(String),
        token: expect.stringMatching(/^gb_api_/),
        expiresAt: '2030-01-31T00:00:00.000Z',
      },
    ]);
    expect(err.join('\n')).toMatch(/shown once.*until 2030-01-31/);
  });

  it(
    'refuses a malformed --expires-in, ' + 'a missing --email or one that is not an e-mail address with exit 2, and writes nothing',
    async () => {
      expect(await tokensCreate({ email: 'ann@acme.test', expiresIn: '1y' }, io())).toBe(2);
      expect(err.join('\n')).toMatch(/--expires-in: "1y" is not a duration/);
      expect(await tokensCreate({ email: ' ' }, io())).toBe(2);
      expect(await tokensCreate({ email: 'notanemail' }, io())).toBe(2);
      expect(err.join('\n')).toMatch(/--email: "notanemail" is not an e-mail address/);
      expect(out).toEqual([]);
      expect(await tokensList({}, io())).toBe(0);
      expect(out).toEqual([]);
    },
  );

  it('lists tokens as JSON lines when piped and as a table on a terminal, never secrets', async () => {
    await tokensCreate({ email: 'ann@acme.test', name: 'laptop' }, io());
    await tokensCreate({ email: 'bob@acme.test', name: 'ci', expiresIn: '12h' }, io());
    const [ann, bob] = json();
    out = [];
    expect(await tokensList({}, io())).toBe(0);
    const listed = json();
    expect(listed.map((t) => [t.id, t.name, t.email, t.status, t.lastUsedAt])).toEqual([
      [ann.tokenId, 'laptop', 'ann@acme.test', 'active', null],
      [bob.tokenId, 'ci', 'bob@acme.test', 'active', null],
    ]);
    expect(listed[1].expiresAt).toBe(bob.expiresAt);
    expect(out.join('\n')).not.toContain(ann.token);

    out = [];
    expect(await tokensList({}, io({ isTTY: true }))).toBe(0);
    expect(out[0]).toMatch(/^ID\s+NAME\s+OWNER\s+CREATED\s+LAST USED\s+EXPIRES\s+STATUS$/);
    expect(out[1]).toMatch(
      new RegExp(`^${ann.tokenId}\\s+laptop\\s+ann@acme\\.test\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ\\s+never\\s+never\\s+active$`),
    );
    expect(out).toHaveLength(3);
    out = [];
    expect(await tokensList({ json: true }, io({ isTTY: true }))).toBe(0);
    expect(json()).toHaveLength(2);
  });

  it('revokes a token by id, says so, and shows it revoked; again is a no-op; an unknown id exits 1', async () => {
    await tokensCreate({ email: 'ann@acme.test', name: 'laptop' }, io());
    const [{ tokenId }] = json();
    out = [];
    err = [];
    expect(await tokensRevoke({ id: tokenId }, io())).toBe(0);
    expect(json()).toEqual([expect.objectContaining({ id: tokenId, status: 'revoked', alreadyRevoked: false })]);
    expect(err.join('\n')).toMatch(/Revoked token .* within a second/);
    out = [];
    expect(await tokensRevoke({ id: tokenId }, io())).toBe(0);
    expect(json()).toEqual([expect.objectContaining({ id: tokenId, alreadyRevoked: true })]);
    out = [];
    await tokensList({}, io());
    expect(json().map((t) => t.status)).toEqual(['revoked']);
    err = [];
    expect(await tokensRevoke({ id: 'nosuchtoken' }, io())).toBe(1);
    expect(err).toEqual(['error: token nosuchtoken not found (see tokens list)']);
    expect(await tokensRevoke({ id: '' }, io())).toBe(2);
  });
});
