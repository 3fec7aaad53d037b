import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('leaves out undefined members, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
    expect(canonicalJson([undefined])).toBe('[null]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes keys and strings as JSON', () => {
    expect(canonicalJson({ 'a"b': 'c\nd' })).toBe('{"a\\"b":"c\\nd"}');
  });
});

describe('requestFingerprint', () => {
  const base = {
    method: 'POST',
    route: '/v1/orgs/:organizationId/invites',
    params: { organizationId: 'org1' },
    query: {},
    body: { emails: ['a@x.test', 'b@x.test'], role: 'read', sso: false },
  };

  it('is a SHA-256 hex digest that ignores the order of keys', () => {
    const reordered = { ...base, body: { sso: false, role: 'read', emails: ['a@x.test', 'b@x.test'] } };
    expect(requestFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(base));
  });

  it.each([
    ['method', { method: 'PATCH' }],
    ['route', { route: '/v1/orgs/:organizationId/link-invites' }],
    ['path parameters', { params: { organizationId: 'org2' } }],
    ['query', { query: { force: 'true' } }],
    ['body', { body: { ...base.body, role: 'admin' } }],
    ['array order', { body: { ...base.body, emails: ['b@x.test', 'a@x.test'] } }],
  ])('changes with the %s', (_what, change) => {
    expect(requestFingerprint({ ...base, ...change })).not.toBe(requestFingerprint(base));
  });

  it('treats a missing body and query like empty ones', () => {
    const bare = {
      method: 'delete',
      route: '/v1/orgs/:organizationId',
      params: { organizationId: 'o' },
      query: undefined,
      body: undefined,
    };
    expect(requestFingerprint(bare)).toBe(requestFingerprint({ ...bare, method: 'DELETE', query: {}, body: null }));
  });
});
