import { Logger } from '@nestjs/common';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, hashToken, loadConfig, openStores, Stores, UpcasterRegistry, WriteKit } from '@docs/platform';
import { revokeApiToken } from './tokens/api-tokens';
import { BootstrapOwner } from './bootstrap-owner';
import { IssueApiTokenHandler } from './tokens/issue-api-token';
import { UserWriter } from './user-writer';

const SECRET = 'bootstrap-secret-0123456789';

describe('BootstrapOwner: what the first start logs', () => {
  let dir: string;
  let stores: Stores;
  let lines: { level: string; text: string }[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-bootstrap-'));
    stores = await openStores(loadConfig({ DATA_DIR: dir }), new UpcasterRegistry());
    lines = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((text: unknown) => void lines.push({ level: 'log', text: String(text) }));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((text: unknown) => void lines.push({ level: 'warn', text: String(text) }));
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await stores.events.close();
    await stores.readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(bootstrapToken: string | null): Promise<void> {
    const config: AppConfig = { ...loadConfig({ DATA_DIR: dir }), bootstrapToken, publicUrl: 'http://docs.test' };
    const issue = new IssueApiTokenHandler(new UserWriter(new WriteKit(stores.events, null)));
    await new BootstrapOwner(config, stores.events, issue).onApplicationBootstrap();
  }
  const logged = () => lines.map((l) => `${l.level}: ${l.text}`).join('\n');

  it(
    'on an empty store with DOCS_BOOTSTRAP_TOKEN: creates the owner and says which, ' + 'and that the token now works, never the secret',
    async () => {
      await start(SECRET);
      expect(lines).toEqual([
        { level: 'log', text: expect.stringMatching(/created the owner owner@docs\.local \(user \w+\).*DOCS_BOOTSTRAP_TOKEN now works/) },
      ]);
      expect(logged()).toContain('http://docs.test/v1/user');
      expect(logged()).not.toContain(SECRET);
    },
  );

  it(
    'on an empty store without it: creates the owner with a new token written to DATA_DIR/owner-token ' +
      '(mode 0600), named in the log but never shown',
    async () => {
      await start(null);
      const file = join(dir, 'owner-token');
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^gb_api_[\w-]{43}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir).filter((f) => f.includes('owner-token'))).toEqual(['owner-token']);
      expect(lines).toEqual([
        {
          level: 'log',
          text: expect.stringMatching(/created the owner owner@docs\.local \(user \w+\) with a new API token .*written to .*owner-token/),
        },
      ]);
      expect(logged()).toContain(`export TOKEN=$(cat ${file})`);
      expect(logged()).not.toContain(secret);
      const [issued] = (await stores.events.readAll(null, 10)).filter((e) => e.type === 'ApiTokenIssued');
      expect(issued!.data).toMatchObject({ tokenHash: hashToken(secret), name: 'bootstrap' });
      expect(JSON.stringify((await stores.events.readAll(null, 10)).map((e) => e.data))).not.toContain(secret);
    },
  );

  it('on an empty store without it, over a file left by an earlier store: replaces the file; later starts leave it alone', async () => {
    writeFileSync(join(dir, 'owner-token'), 'gb_api_stale\n');
    await start(null);
    const secret = readFileSync(join(dir, 'owner-token'), 'utf8').trim();
    expect(secret).not.toBe('gb_api_stale');
    lines = [];
    await start(null);
    expect(lines).toEqual([]);
    expect(readFileSync(join(dir, 'owner-token'), 'utf8').trim()).toBe(secret);
  });

  it('on a store that is not empty: says the variable was ignored and why, and that the owner token still works', async () => {
    await start(SECRET);
    lines = [];
    await start(SECRET);
    expect(lines).toEqual([
      {
        level: 'warn',
        text: expect.stringMatching(
          /DOCS_BOOTSTRAP_TOKEN is set but was ignored: the event store \(DATA_DIR .*\) already holds events.*still works/,
        ),
      },
    ]);
    expect(logged()).not.toContain(SECRET);
  });

  it('on a store that is not empty, with another token: says it was ignored and that this token is nobody’s', async () => {
    await start(SECRET);
    lines = [];
    await start('some-other-secret');
    expect(lines).toEqual([{ level: 'warn', text: expect.stringMatching(/ignored.*not a token owner@docs\.local holds.*401/) }]);
    expect(logged()).not.toContain('some-other-secret');
  });

  it('on a store that is not empty, with the revoked owner token: says it is revoked', async () => {
    await start(SECRET);
    const [owner] = await stores.events.readAll(null, 10).then((events) => events.filter((e) => e.type === 'ApiTokenIssued'));
    await revokeApiToken(stores, (owner!.data as { tokenId: string }).tokenId, { actor: 'cli:ops@host', correlationId: 'revoke' });
    lines = [];
    await start(SECRET);
    expect(lines).toEqual([{ level: 'warn', text: expect.stringMatching(/ignored.*has been revoked: requests with it get 401/) }]);
  });

  it('says nothing when the store is not empty and the variable is not set', async () => {
    await start(SECRET);
    lines = [];
    await start(null);
    expect(lines).toEqual([]);
  });
});
