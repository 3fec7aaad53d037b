import { OutboundFetch, HostResolver } from './outbound-fetch';
import { OutboundFetchError } from './outbound-error';

/** A resolver from a table; unknown names fail like NXDOMAIN. */
function fakeResolver(table: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (host: string) => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

const TABLE = {
  'public.example': ['93.184.216.34'],
  'dual.example': ['93.184.216.34', '2606:2800:220:1::1'],
  'intranet.example': ['10.0.0.5'],
  'sneaky.example': ['93.184.216.34', '192.168.1.10'],
  'loop.example': ['127.0.0.1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'ula.example': ['fd12::1'],
  'cgnat.example': ['100.64.1.1'],
  'linklocal6.example': ['fe80::1'],
  'ec2v6.example': ['fd00:ec2::254'],
  'dev.internal': ['10.1.1.1'],
};

const guard = (allowHosts: string[] = [], table: Record<string, string[]> = TABLE) =>
  new OutboundFetch({ allowHosts, timeoutMs: 1000, maxBytes: 1024, userAgent: 'test', resolver: fakeResolver(table) });

async function refusal(promise: Promise<unknown>): Promise<OutboundFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundFetchError);
  return error as OutboundFetchError;
}

describe('OutboundFetch.check (fake resolver)', () => {
  it('lets public hosts and addresses through', async () => {
    await expect(guard().check('https://public.example/docs')).resolves.toBeInstanceOf(URL);
    await expect(guard().check('http://dual.example/')).resolves.toBeInstanceOf(URL);
    await expect(guard().check('http://8.8.8.8/')).resolves.toBeInstanceOf(URL);
    await expect(guard().check('http://[2606:4700:4700::1111]/')).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['http://intranet.example/', /intranet\.example resolves to a private address/],
    ['http://loop.example/', /loopback/],
    ['http://mapped.example/', /loopback/],
    ['http://metadata.example/latest/meta-data', /cloud metadata/],
    ['http://ula.example/', /private/],
    ['http://cgnat.example/', /carrier-grade NAT/],
    ['http://linklocal6.example/', /link-local/],
    ['http://ec2v6.example/', /cloud metadata/],
    ['http://sneaky.example/', /private/],
    ['http://127.0.0.1:8080/', /127\.0\.0\.1 is a loopback address/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /cloud metadata/],
    ['http://169.254.169.254/', /cloud metadata/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://2130706433/', /loopback/], // the URL parser turns it into 127.0.0.1
    ['http://0x7f.1/', /loopback/],
    ['http://localhost/', /loopback/],
    ['http://app.localhost/', /loopback/],
    ['http://224.0.0.1/', /multicast/],
  ])('refuses %s', async (url, message) => {
    const error = await refusal(guard().check(url));
    expect(error.reason).toBe('refused-address');
    expect(error.message).toMatch(message);
    expect(error.getStatus()).toBe(422);
  });

  it('does not name the private address a public-looking name resolves to', async () => {
    const error = await refusal(guard().check('http://intranet.example/'));
    expect(error.message).not.toContain('10.0.0.5');
  });

  it.each([
    ['ftp://public.example/file', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://public.example/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'invalid-url'],
    ['http://user:secret@public.example/', 'invalid-url'],
    ['http://nowhere.example/', 'dns'],
    ['http://docs.example.invalid/', 'dns'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect((await refusal(guard().check(url))).reason).toBe(reason);
  });

  it('allows a host named in OUTBOUND_ALLOW_HOSTS whatever it resolves to, and only that host', async () => {
    const allowed = guard(['dev.internal']);
    await expect(allowed.check('http://dev.internal:8080/')).resolves.toBeInstanceOf(URL);
    await expect(allowed.check('http://DEV.INTERNAL./')).resolves.toBeInstanceOf(URL);
    expect((await refusal(allowed.check('http://intranet.example/'))).reason).toBe('refused-address');
    expect((await refusal(allowed.check('http://10.1.1.1/'))).reason).toBe('refused-address');
  });

  it('allows an IP named in OUTBOUND_ALLOW_HOSTS, by address, in any spelling', async () => {
    const allowed = guard(['127.0.0.1', '[::1]']);
    await expect(allowed.check('http://127.0.0.1:3000/')).resolves.toBeInstanceOf(URL);
    await expect(allowed.check('http://loop.example/')).resolves.toBeInstanceOf(URL); // resolves to the allowed address
    await expect(allowed.check('http://[0:0:0:0:0:0:0:1]/')).resolves.toBeInstanceOf(URL);
    expect((await refusal(allowed.check('http://127.0.0.2/'))).reason).toBe('refused-address');
    expect((await refusal(allowed.check('http://intranet.example/'))).reason).toBe('refused-address');
  });

  it('resolves the host each time it checks (no cached verdict)', async () => {
    const resolver = fakeResolver(TABLE);
    const g = new OutboundFetch({ allowHosts: [], timeoutMs: 1000, maxBytes: 10, userAgent: 't', resolver });
    await g.check('http://public.example/a');
    await g.check('http://public.example/b');
    expect(resolver.calls).toEqual(['public.example', 'public.example']);
  });
});
