import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, valid } from './site-world';

const TA = {
  schema: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
  templates: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
};

const UNSIGNED = {
  type: 'object',
  description: 'Unsigned claims of the site visitor.',
  additionalProperties: false,
  properties: { isBetaUser: { type: 'boolean', description: 'Beta tester' } },
};
const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    unsigned: UNSIGNED,
    plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
    seats: { type: 'number', description: 'Seats' },
    roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'Role' } },
    toStringy: { type: 'boolean', description: 'A name close to a prototype member' },
  },
  additionalProperties: false,
};
const schemaWith = (properties: object, extra: object = {}) => ({ type: 'object', additionalProperties: false, properties, ...extra });

/** The adaptive schema of a site and its template conditions (docs/sites-design.md, "Adaptive schema"). */
describe('site adaptive schema', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-adaptive');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const schemaOf = (siteId: string) => `${sitePath(org, siteId)}/adaptive-schema`;
  const templatesOf = (siteId: string) => `${schemaOf(siteId)}/template-conditions`;

  it('is 404 until set, with no template conditions; a PUT schema round-trips as given, and the same again changes nothing', async () => {
    const site = await createSite(app, org, { title: 'Adaptive' });
    expectError(await app.get(schemaOf(site.id)), 404, /no adaptive schema/);
    const none = await app.get(templatesOf(site.id));
    valid(schemas, 'GET', TA.templates, none, 'SiteAdaptiveTemplateCondition');
    expect(none.body).toEqual({ items: [] });

    const put = await app.put(schemaOf(site.id), { jsonSchema: SCHEMA });
    valid(schemas, 'PUT', TA.schema, put, 'SiteAdaptiveSchema');
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: SCHEMA, updatedAt: expect.any(String) });
    expect(JSON.stringify(put.body.jsonSchema)).toBe(JSON.stringify(SCHEMA));

    const got = await app.get(schemaOf(site.id), cast.reader.token);
    valid(schemas, 'GET', TA.schema, got, 'SiteAdaptiveSchema');
    expect(got.body).toEqual(put.body);

    const again = await app.put(schemaOf(site.id), { jsonSchema: { ...SCHEMA } }, cast.creator.token);
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(put.body.updatedAt);

    const replaced = await app.put(schemaOf(site.id), { jsonSchema: schemaWith({}) });
    expect(replaced.body.jsonSchema).toEqual(schemaWith({}));
    expect((await app.get(schemaOf(site.id))).body.jsonSchema).toEqual(schemaWith({}));
  });

  it('derives template conditions from the properties of the schema', async () => {
    const site = await createSite(app, org, { title: 'Templates' });
    await app.put(schemaOf(site.id), { jsonSchema: SCHEMA });
    const res = await app.get(templatesOf(site.id), cast.reader.token);
    valid(schemas, 'GET', TA.templates, res, 'SiteAdaptiveTemplateCondition');
    expect(res.body.items).toEqual([
      { description: 'Beta tester', condition: 'visitor.claims.unsigned.isBetaUser' },
      { description: 'Not: Beta tester', condition: '!visitor.claims.unsigned.isBetaUser' },
      { description: 'Plan: free', condition: 'visitor.claims.plan === "free"' },
      { description: 'Plan: pro', condition: 'visitor.claims.plan === "pro"' },
      { description: 'Seats is above 0', condition: 'visitor.claims.seats > 0' },
      { description: 'Roles is not empty', condition: 'visitor.claims.roles.length > 0' },
      { description: 'A name close to a prototype member', condition: 'visitor.claims.toStringy' },
      { description: 'Not: A name close to a prototype member', condition: '!visitor.claims.toStringy' },
    ]);
    // Every template is a condition the routes accept.
    const space = await createSpace(app, org, { title: 'Guide' });
    const section = await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: space.id });
    expect(section.status).toBe(201);
    for (const { condition } of res.body.items) {
      const patched = await app.patch(`${sitePath(org, site.id)}/sections/${section.body.id}`, { condition });
      expect({ condition, status: patched.status, stored: patched.body.condition }).toEqual({ condition, status: 200, stored: condition });
    }
  });

  it.each<[string, unknown, RegExp]>([
    ['no jsonSchema', undefined, /jsonSchema must be an object \(it is required\)/],
    ['a string', 'object', /jsonSchema must be an object/],
    ['an array', [SCHEMA], /jsonSchema must be an object/],
    ['null', null, /jsonSchema/],
    [
      'type of the wrong type',
      schemaWith({}, { type: 5 }),
      /^jsonSchema: not a valid draft-07 JSON schema: jsonSchema\/type must be equal to one of the allowed values/,
    ],
    ['properties an array', schemaWith([]), /not a valid draft-07 JSON schema: jsonSchema\/properties must be object/],
    [
      'a description that is no string',
      schemaWith({ a: { type: 'boolean', description: 7 } }),
      /not a valid draft-07 JSON schema: jsonSchema\/properties\/a\/description must be string/,
    ],
    ['required of numbers', schemaWith({}, { required: [1] }), /jsonSchema\/required\/0 must be string/],
    [
      'another draft',
      schemaWith({}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }),
      /jsonSchema\/\$schema: no schema with key or ref/,
    ],
    ['not an object schema', { type: 'string' }, /^jsonSchema: not an adaptive schema: jsonSchema/],
    [
      'a claim type not allowed',
      schemaWith({ a: { type: 'integer', description: 'A' } }),
      /not an adaptive schema: jsonSchema\/properties\/a\/type must be equal to one of the allowed values/,
    ],
    [
      'a claim without description',
      schemaWith({ a: { type: 'boolean' } }),
      /jsonSchema\/properties\/a must have required property 'description'/,
    ],
    [
      'a claim with other keywords',
      schemaWith({ a: { type: 'string', description: 'A', pattern: '^a' } }),
      /jsonSchema\/properties\/a must NOT have additional properties/,
    ],
    [
      'additional properties allowed',
      schemaWith({}, { additionalProperties: true }),
      /jsonSchema\/additionalProperties must be equal to constant/,
    ],
    [
      'unsigned described otherwise',
      schemaWith({ unsigned: { ...UNSIGNED, description: 'Mine' } }),
      /jsonSchema\/properties\/unsigned\/description must be equal to constant/,
    ],
    [
      'a claim named like a prototype member',
      schemaWith({ toString: { type: 'boolean', description: 'A' } }),
      /property name 'toString' is not allowed/,
    ],
    ['a claim named __x', schemaWith({ __x: { type: 'boolean', description: 'A' } }), /property name '__x' is not allowed/],
  ])('refuses %s with the reason (400)', async (_label, jsonSchema, reason) => {
    const site = await createSite(app, org, { title: 'Invalid' });
    const res = await app.put(schemaOf(site.id), jsonSchema === undefined ? {} : { jsonSchema });
    expectError(res, 400, reason);
    valid(schemas, 'PUT', TA.schema, res);
    expectError(await app.get(schemaOf(site.id)), 404);
  });

  it('refuses unknown fields, and keys the platform never accepts', async () => {
    const site = await createSite(app, org, { title: 'Strict' });
    expectError(await app.put(schemaOf(site.id), { jsonSchema: SCHEMA, extra: 1 }), 400, /property extra should not exist/);
    const raw = await app.request('PUT', schemaOf(site.id), {
      rawBody:
        '{"jsonSchema":{"type":"object","additionalProperties":false,"properties":{"constructor":{"type":"boolean","description":"x"}}}}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(raw, 400, /constructor/);
  });

  type Who = 'admin' | 'creator' | 'editor' | 'reader' | 'guest' | 'outsider' | 'anonymous';
  const token = (who: Who) => (who === 'creator' ? cast.creator.token : cast.token(who));

  it.each<[Who, number, number]>([
    ['admin', 200, 200],
    ['creator', 200, 200],
    ['editor', 403, 200],
    ['reader', 403, 200],
    ['guest', 403, 403],
    ['outsider', 404, 404],
    ['anonymous', 401, 401],
  ])('as %s: PUT answers %i, reads answer %i', async (who, write, read) => {
    const site = await createSite(app, org, { title: `Perm ${who}` });
    await app.put(schemaOf(site.id), { jsonSchema: SCHEMA });
    const put = await app.put(schemaOf(site.id), { jsonSchema: schemaWith({}) }, token(who));
    expect(put.status).toBe(write);
    if (write === 403) expectError(put, 403, /changing the adaptive schema of a site needs the admin or create role/);
    if (write === 404) expectError(put, 404, /organization not found/);
    // An invalid schema from someone who may not write it: refused for who they are first (the edge aside).
    const invalid = await app.put(schemaOf(site.id), { jsonSchema: { type: 'string' } }, token(who));
    expect(invalid.status).toBe(write === 200 ? 400 : write);
    for (const path of [schemaOf(site.id), templatesOf(site.id)])
      expect({ path, status: (await app.get(path, token(who))).status }).toEqual({ path, status: read });
    expect((await app.get(schemaOf(site.id))).body.jsonSchema).toEqual(write === 200 ? schemaWith({}) : SCHEMA);
  });

  it('is 404 for a site of another organization or deleted', async () => {
    const site = await createSite(app, org, { title: 'Gone' });
    await app.put(schemaOf(site.id), { jsonSchema: SCHEMA });
    expect((await app.delete(sitePath(org, site.id))).status).toBe(205);
    expectError(await app.get(schemaOf(site.id)), 404, /site not found/);
    expectError(await app.put(schemaOf(site.id), { jsonSchema: SCHEMA }), 404, /site not found/);
    expectError(await app.get(templatesOf(site.id)), 404, /site not found/);
  });
});
