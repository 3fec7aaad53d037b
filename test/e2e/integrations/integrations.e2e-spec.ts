import { orgWithPeople } from '../organizations/fixtures/org-members';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectValidAnswer } from '../support/content-world';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const T = {
  list: '/v1/integrations',
  one: '/v1/integrations/{integrationName}',
  installations: '/v1/integrations/{integrationName}/installations',
};

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const TEXT = Buffer.from('not an image at all').toString('base64');

describe('Integrations', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let people: Awaited<ReturnType<typeof orgWithPeople>>;
  let other: Awaited<ReturnType<typeof orgWithPeople>>;
  const valid = (method: string, template: string, res: HttpResult, gitbook?: string) =>
    expectValidAnswer(schemas, method, template, res, gitbook);
  const body = (extra: Record<string, unknown> = {}) => ({
    organization: people.organizationId,
    title: 'Analytics Pro',
    description: 'Counts visitors',
    script: 'export default {}',
    scopes: ['site:views:read'],
    ...extra,
  });
  const publish = (name: string, extra: Record<string, unknown> = {}, token?: string | null) =>
    app.post(`/v1/integrations/${name}`, body(extra), token);

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    people = await orgWithPeople(app, 'integ');
    other = await orgWithPeople(app, 'integ-other');
  });
  afterAll(() => app.stop());

  it("publishes an integration with every field, answers GitBook's Integration without secrets or script, and reads it back", async () => {
    const res = await publish('full', {
      runtime: 'v2',
      icon: PNG,
      summary: '# Analytics\nEvery visit.',
      previewImages: [PNG, GIF],
      visibility: 'public',
      target: 'site',
      scopes: ['site:views:read', 'space:content:read'],
      categories: ['analytics', 'marketing'],
      blocks: [
        {
          id: 'chart',
          title: 'Chart',
          description: 'A chart',
          urlUnfurl: ['https://www.charts.example/c/*'],
          markdown: { codeblock: 'chart', body: 'data' },
        },
      ],
      contentSources: [{ id: 'feed', title: 'Feed', configuration: { componentId: 'configure' } }],
      externalLinks: [{ url: 'https://charts.example', label: 'Website' }],
      configurations: {
        account: {
          properties: {
            token: { type: 'string', title: 'Token', description: 'API token', enum: ['a', 'b'], default: 'a' },
            on: { type: 'boolean', default: true },
          },
          required: ['token'],
        },
        space: { componentId: 'space-config' },
      },
      secrets: { API_KEY: 'very-secret' },
      contentSecurityPolicy: { 'script-src': "'self'" },
    });
    expect(res.status).toBe(200);
    valid('POST', T.one, res, 'Integration');
    expect(res.body).toMatchObject({
      object: 'integration',
      name: 'full',
      version: 1,
      title: 'Analytics Pro',
      description: 'Counts visitors',
      summary: '# Analytics\nEvery visit.',
      target: 'site',
      verified: false,
      visibility: 'public',
      scopes: ['site:views:read', 'space:content:read'],
      categories: ['analytics', 'marketing'],
      externalLinks: [{ url: 'https://charts.example', label: 'Website' }],
      contentSources: [{ id: 'feed', title: 'Feed', configuration: { componentId: 'configure' } }],
      contentSecurityPolicy: { 'script-src': "'self'" },
      owner: { object: 'organization', id: people.organizationId, title: 'Org integ' },
      permissions: { admin: true, install: true },
      urls: {
        location: 'http://api.test/v1/integrations/full',
        app: 'http://app.test/integrations/full',
        icon: `data:image/png;base64,${PNG}`,
        assets: expect.any(String),
        publicEndpoint: expect.any(String),
        publicContentEndpoint: expect.any(String),
      },
    });
    expect(res.body.previewImages).toEqual([`data:image/png;base64,${PNG}`, `data:image/gif;base64,${GIF}`]);
    expect(JSON.stringify(res.body)).not.toMatch(/very-secret|API_KEY|export default/);
    expect(res.body.secrets).toBeUndefined();
    expect(res.body.script).toBeUndefined();

    const got = await app.get('/v1/integrations/full', people.member.token);
    expect(got.status).toBe(200);
    valid('GET', T.one, got, 'Integration');
    expect(got.body).toMatchObject({
      name: 'full',
      permissions: { admin: false, install: true },
      owner: { id: people.organizationId, permissions: { admin: false, view: true } },
    });
    const outsider = await app.get('/v1/integrations/full', people.outsider.token);
    expect(outsider.body.owner.permissions.view).toBe(false);
  });

  it('validates every field of the body and the name', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['short title', { title: 'A' }, /title/],
      ['long title', { title: 'x'.repeat(31) }, /title/],
      ['long description', { description: 'x'.repeat(101) }, /description/],
      ['long summary', { summary: 'x'.repeat(2049) }, /summary/],
      ['four preview images', { previewImages: [PNG, PNG, PNG, PNG] }, /previewImages/],
      ['a preview image that is no image', { previewImages: [TEXT] }, /previewImages/],
      ['an icon that is not base64', { icon: '***' }, /icon/],
      ['an icon that is no image', { icon: TEXT }, /icon/],
      ['unknown scope', { scopes: ['everything'] }, /scopes/],
      ['unknown category', { categories: ['games'] }, /categories/],
      ['unknown visibility', { visibility: 'secret' }, /visibility/],
      ['unknown target', { target: 'page' }, /target/],
      ['unknown runtime', { runtime: 'v9' }, /runtime/],
      [
        'six external links',
        { externalLinks: Array.from({ length: 6 }, () => ({ url: 'https://x.example', label: 'x' })) },
        /externalLinks/,
      ],
      ['external link not a URL', { externalLinks: [{ url: 'nope', label: 'x' }] }, /url/],
      ['block title too short', { blocks: [{ id: 'b', title: 'B' }] }, /title/],
      ['content source without configuration', { contentSources: [{ id: 's', title: 'Source' }] }, /configuration/],
      ['configuration of an unknown type', { configurations: { account: { properties: { when: { type: 'date' } } } } }, /type/],
      [
        'configuration default of another type',
        { configurations: { account: { properties: { n: { type: 'number', default: 'one' } } } } },
        /default/,
      ],
      [
        'configuration requiring an unknown property',
        { configurations: { account: { properties: {}, required: ['missing'] } } },
        /required/,
      ],
      ['configuration of an unknown level', { configurations: { page: { properties: {} } } }, /page/],
      ['button without callback', { configurations: { account: { properties: { go: { type: 'button' } } } } }, /callback_url/],
      ['21 secrets', { secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`S${i}`, 'v'])) }, /secrets/],
      ['a secret that is not a string', { secrets: { S: 1 } }, /secrets/],
      ['a secret named like an Object.prototype member', { secrets: { toString: 'x' } }, /secrets/],
      ['a configuration level named like an Object.prototype member', { configurations: { valueOf: { properties: {} } } }, /valueOf/],
      ['a bad content security policy', { contentSecurityPolicy: { 'evil-src': 'x' } }, /contentSecurityPolicy/],
      ['an unknown field', { colour: 'red' }, /colour/],
      ['an empty script', { script: '' }, /script/],
    ];
    for (const [label, extra, mentions] of cases) {
      const res = await publish('validated', extra);
      try {
        expectError(res, 400, mentions);
      } catch {
        throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    for (const missing of ['title', 'description', 'script', 'scopes', 'organization']) {
      const { [missing]: _gone, ...rest } = body() as Record<string, unknown>;
      expectError(await app.post('/v1/integrations/validated', rest), 400, new RegExp(missing));
    }
    expectError(await publish('x'.repeat(101)), 400, /integrationName/);
    expectError(await publish('bad%20name'), 400, /integrationName/);
    expectError(await app.get(`/v1/integrations/${'x'.repeat(101)}`), 400, /integrationName/);
    expectError(await app.get('/v1/integrations?blockDomain=a%20b'), 400, /blockDomain/);
    expectError(await app.get(`/v1/integrations?blockDomain=${'a'.repeat(101)}`), 400, /blockDomain/);
    expectError(await app.get('/v1/integrations?blocks=maybe'), 400, /blocks/);
    expectError(await app.get('/v1/integrations?category=games'), 400, /category/);
    expectError(await app.get('/v1/integrations?scope=all'), 400, /scope/);
    expectError(await app.get('/v1/integrations?target=page'), 400, /target/);
    expect((await app.get('/v1/integrations/validated')).status).toBe(404);
  });

  it('publishing needs an admin of the organization: the permission matrix', async () => {
    expectError(await publish('matrix', {}, people.member.token), 403, /admin/);
    expectError(await publish('matrix', {}, people.guest.token), 403, /admin/);
    expectError(await publish('matrix', {}, people.outsider.token), 404, /organization/);
    expect((await publish('matrix', {}, null)).status).toBe(401);
    expectError(await publish('matrix', { organization: 'no-such-org' }), 404, /organization/);
    const res = await publish('matrix', {}, people.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.permissions).toEqual({ admin: true, install: true });
    // Private by default: its owner's other members read it, without the right to manage or install it.
    expect(res.body.visibility).toBe('private');
    expect((await app.get('/v1/integrations/matrix', people.member.token)).body.permissions).toEqual({ admin: false, install: false });
  });

  it('re-publishing by the owner bumps the version; a name owned by another organization is 409', async () => {
    expect((await publish('bumped')).body.version).toBe(1);
    const second = await publish('bumped', { title: 'Renamed' });
    expect(second.body).toMatchObject({ version: 2, title: 'Renamed' });
    expect((await publish('bumped', {}, people.admin.token)).body.version).toBe(3);
    expectError(await publish('bumped', { organization: other.organizationId }), 409, /another organization/);
    expect((await app.get('/v1/integrations/bumped')).body).toMatchObject({ version: 3, owner: { id: people.organizationId } });
  });

  it('private integrations are seen by members of the owner with a role only; unlisted ones are read but not listed', async () => {
    await publish('secret-one', { visibility: 'private', categories: ['other'] });
    await publish('unlisted-one', { visibility: 'unlisted', categories: ['other'] });
    await publish('public-one', { visibility: 'public', categories: ['other'] });
    for (const token of [undefined, people.admin.token, people.member.token])
      expect((await app.get('/v1/integrations/secret-one', token)).status).toBe(200);
    expectError(await app.get('/v1/integrations/secret-one', people.guest.token), 404);
    expectError(await app.get('/v1/integrations/secret-one', people.outsider.token), 404);
    expect((await app.get('/v1/integrations/secret-one', null)).status).toBe(401);
    expect((await app.get('/v1/integrations/unlisted-one', people.outsider.token)).status).toBe(200);
    expect((await app.get('/v1/integrations/public-one', people.outsider.token)).status).toBe(200);

    const names = async (query: string, token?: string) =>
      (await collectAll(app, `/v1/integrations?category=other${query}`, token)).map((i) => i.name);
    // The marketplace lists public integrations, to everyone, members included.
    expect(await names('', people.member.token)).toEqual(['public-one']);
    expect(await names('', people.outsider.token)).toEqual(['public-one']);
    // With `owner`: all of them to the owner's members with a role, the public ones to anyone else.
    expect(await names(`&owner=${people.organizationId}`, people.member.token)).toEqual(['public-one', 'secret-one', 'unlisted-one']);
    expect(await names(`&owner=${people.organizationId}`, people.guest.token)).toEqual(['public-one']);
    expect(await names(`&owner=${people.organizationId}`, people.outsider.token)).toEqual(['public-one']);
    expect(await names(`&owner=${other.organizationId}`, people.member.token)).toEqual([]);
    const list = await app.get(`/v1/integrations?owner=${people.organizationId}&category=other`, people.member.token);
    valid('GET', T.list, list, 'Integration');
    expect(list.body.count).toBe(3);
  });

  it("lists with the seed's filters, paginated by name", async () => {
    const owner = `&owner=${other.organizationId}`;
    const pub = (name: string, extra: Record<string, unknown>) =>
      publish(name, { organization: other.organizationId, visibility: 'public', ...extra });
    await pub('f-blocks', {
      title: 'Video embeds',
      target: 'space',
      categories: ['content'],
      scopes: ['space:content:read'],
      blocks: [{ id: 'v', title: 'Video', urlUnfurl: ['https://www.youtube.com/watch'] }],
    });
    await pub('f-sources', {
      target: 'all',
      categories: ['analytics'],
      scopes: ['openapi:read'],
      contentSources: [{ id: 's', title: 'Source', configuration: { componentId: 'c' } }],
    });
    await pub('f-plain', { title: 'Plain thing', target: 'site', categories: ['analytics', 'content'] });
    const names = async (query: string) => {
      const res = await app.get(`/v1/integrations?limit=1000${owner}${query}`, people.outsider.token);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items.map((i: { name: string }) => i.name);
    };
    expect(await names('')).toEqual(['f-blocks', 'f-plain', 'f-sources']);
    expect(await names('&category=analytics')).toEqual(['f-plain', 'f-sources']);
    expect(await names('&category=content&target=site')).toEqual(['f-plain']);
    expect(await names('&scope=openapi:read')).toEqual(['f-sources']);
    // An integration for every target answers each target filter; `all` only those.
    expect(await names('&target=space')).toEqual(['f-blocks', 'f-sources']);
    expect(await names('&target=all')).toEqual(['f-sources']);
    expect(await names('&blocks=true')).toEqual(['f-blocks']);
    expect(await names('&blocks=false')).toEqual(['f-plain', 'f-sources']);
    expect(await names('&contentSources=true')).toEqual(['f-sources']);
    expect(await names('&contentSources=false&blocks=false')).toEqual(['f-plain']);
    expect(await names('&blockDomain=youtube.com')).toEqual(['f-blocks']);
    expect(await names('&blockDomain=WWW.YouTube.com')).toEqual(['f-blocks']);
    expect(await names('&blockDomain=vimeo.com')).toEqual([]);
    expect(await names('&search=video')).toEqual(['f-blocks']);
    expect(await names('&search=F-P')).toEqual(['f-plain']);
    expect(await names('&search=plain&category=content')).toEqual(['f-plain']);
    // Pages of one, in name order.
    const pages = await collectAll(app, `/v1/integrations?limit=1${owner}`, people.outsider.token);
    expect(pages.map((i) => i.name)).toEqual(['f-blocks', 'f-plain', 'f-sources']);
    // Re-publishing moves it between filters.
    await pub('f-plain', { target: 'site', categories: ['marketing'] });
    expect(await names('&category=analytics')).toEqual(['f-sources']);
    expect(await names('&category=marketing')).toEqual(['f-plain']);
    await publish('f-plain', { organization: other.organizationId, visibility: 'private' });
    expect(await names('')).toEqual(['f-blocks', 'f-sources']);
  });

  it('unpublishes (204): admins of the owner only; then GET is 404 and lists leave it out', async () => {
    await publish('gone', { visibility: 'public', categories: ['collaboration'] });
    await publish('gone-private', { visibility: 'private' });
    expectError(await app.delete('/v1/integrations/gone', people.member.token), 403, /admin/);
    expectError(await app.delete('/v1/integrations/gone', people.outsider.token), 403, /admin/);
    expectError(await app.delete('/v1/integrations/gone-private', people.outsider.token), 404);
    expectError(await app.delete('/v1/integrations/gone-private', people.guest.token), 404);
    expect((await app.delete('/v1/integrations/gone', null)).status).toBe(401);
    const res = await app.delete('/v1/integrations/gone', people.admin.token);
    expect(res.status).toBe(204);
    valid('DELETE', T.one, res);
    expectError(await app.get('/v1/integrations/gone'), 404);
    expectError(await app.delete('/v1/integrations/gone'), 404);
    expect((await app.get('/v1/integrations?category=collaboration')).body.count).toBe(0);
    // The name is free again: another organization may take it, starting at version 1.
    const again = await publish('gone', { organization: other.organizationId });
    expect(again.body).toMatchObject({ version: 1, owner: { id: other.organizationId } });
  });

  it('installs on an organization (201, once) and lists the installations', async () => {
    await publish('installable', { visibility: 'public' });
    const path = '/v1/integrations/installable/installations';
    expectError(await app.post(path, { organization: other.organizationId }, other.member.token), 403, /admin/);
    expectError(await app.post(path, { organization: other.organizationId }, people.member.token), 404);
    expect((await app.post(path, { organization: other.organizationId }, null)).status).toBe(401);
    expectError(await app.post(path, {}), 400, /organization/);
    const res = await app.post(path, { organization: other.organizationId }, other.admin.token);
    expect(res.status).toBe(201);
    valid('POST', T.installations, res, 'IntegrationInstallation');
    expect(res.body).toMatchObject({
      status: 'active',
      externalIds: [],
      target: { organization: other.organizationId },
      urls: { location: `http://api.test${path}/${res.body.id}` },
    });
    expect(res.headers.get('location')).toBe(`http://api.test${path}/${res.body.id}`);
    expectError(await app.post(path, { organization: other.organizationId }), 409, /already installed/);
    expect((await app.post(path, { organization: people.organizationId })).status).toBe(201);

    // The owner's admins list them; nobody else.
    const list = await app.get(`${path}?limit=1`);
    expect(list.status).toBe(200);
    valid('GET', T.installations, list, 'IntegrationInstallation');
    expect(list.body.count).toBe(2);
    expect((await collectAll(app, `${path}?limit=1`)).map((i) => i.target.organization)).toEqual([
      other.organizationId,
      people.organizationId,
    ]);
    expect((await app.get(`${path}?externalId=ext-1`)).body).toEqual({ count: 0, items: [] });
    expectError(await app.get(path, people.member.token), 403, /admin/);
    expectError(await app.get(path, other.admin.token), 403, /admin/);
    expect((await app.get(path, null)).status).toBe(401);

    // A private integration: its owner installs it; others cannot see it or cannot install it elsewhere.
    await publish('private-install', { visibility: 'private' });
    const privatePath = '/v1/integrations/private-install/installations';
    expectError(await app.post(privatePath, { organization: other.organizationId }, other.admin.token), 404);
    expectError(await app.post(privatePath, { organization: other.organizationId }), 403, /owner organization/);
    expect((await app.post(privatePath, { organization: people.organizationId })).status).toBe(201);
    expectError(await app.get(privatePath, people.outsider.token), 404);

    // Unpublished then published again: installations start over.
    expect((await app.delete('/v1/integrations/installable')).status).toBe(204);
    expectError(await app.get(path), 404);
    await publish('installable', { visibility: 'public' });
    expect((await app.get(path)).body.count).toBe(0);
    expect((await app.post(path, { organization: other.organizationId }, other.admin.token)).status).toBe(201);
  });
});
