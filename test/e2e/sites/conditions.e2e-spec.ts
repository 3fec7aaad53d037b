import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { addSpace, createSite, SiteCast, siteCast, sitePath, siteSpacePath, T, valid } from './site-world';

const SECTION = '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}';

/** `condition` expressions on site spaces and sections: parsed at write time (docs/sites-design.md, "Conditions"). */
describe('site conditions', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  let siteId: string;
  let siteSpaceId: string;
  let sectionPath: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-conditions');
    org = cast.organizationId;
    const guide = await createSpace(app, org, { title: 'Guide' });
    const api = await createSpace(app, org, { title: 'API' });
    const site = await createSite(app, org, { title: 'Conditional' });
    siteId = site.id;
    siteSpaceId = (await addSpace(app, org, siteId, guide.id)).id;
    const section = await app.post(`${sitePath(org, siteId)}/sections`, { spaceId: api.id });
    sectionPath = `${sitePath(org, siteId)}/sections/${section.body.id}`;
  });
  afterAll(() => app.stop());

  const routes = () => [
    { name: 'site space', path: siteSpacePath(org, siteId, siteSpaceId), template: T.siteSpace, gitbook: 'SiteSpace' },
    { name: 'section', path: sectionPath, template: SECTION, gitbook: 'SiteSection' },
  ];

  it.each([
    'visitor.claims.beta',
    '!visitor.claims.unsigned.isBetaUser',
    '  visitor.claims.plan === "pro" || (visitor.claims.seats >= 10 && visitor.claims.trial != true)  ',
    'visitor.claims["team-id"] !== null',
    "visitor.claims.roles[0] == 'admin'",
    'visitor.claims.score > -1',
  ])('stores a valid condition as given: %s', async (condition) => {
    for (const { name, path, template, gitbook } of routes()) {
      const res = await app.patch(path, { condition });
      valid(schemas, 'PATCH', template, res, gitbook);
      expect({ name, status: res.status, condition: res.body.condition }).toEqual({ name, status: 200, condition });
    }
  });

  it.each<[string, RegExp]>([
    ['visitor.claims.', /^condition: cannot parse: /],
    ['a = 1', /^condition: cannot parse: Unexpected "=" at character 2/],
    ['(visitor.claims.beta', /^condition: cannot parse: Unclosed \(/],
    ['visitor.claims.beta &&', /^condition: cannot parse: Expected expression after &&/],
    ['   ', /condition must not be blank|condition: the expression is empty/],
    ['visitor.claims.isBeta()', /^condition: function calls are not allowed$/],
    ['this.claims', /^condition: "this" is not allowed$/],
    ['visitor.constructor', /^condition: the member "constructor" is not allowed$/],
    ['visitor.__proto__.x', /^condition: the member "__proto__" is not allowed$/],
    ['visitor["__proto__"]', /^condition: the member "__proto__" is not allowed$/],
    ['visitor.claims[visitor.key]', /^condition: a computed member must be a string or number literal/],
    ['visitor.claims.seats + 1 > 2', /^condition: the operator \+ is not allowed/],
    ['visitor.claims.a ? 1 : 2', /^condition: the conditional operator/],
    ['visitor.a, visitor.b', /^condition: one expression only/],
    ['typeof visitor', /^condition: one expression only/],
    ['[visitor]', /^condition: arrays are not allowed$/],
  ])('refuses %j with 400 naming the field and the reason', async (condition, reason) => {
    for (const { path, template } of routes()) {
      const res = await app.patch(path, { condition });
      expectError(res, 400, reason);
      valid(schemas, 'PATCH', template, res);
    }
  });

  it('keeps the last valid condition when one is refused; null removes it', async () => {
    for (const { path } of routes()) {
      await app.patch(path, { condition: 'visitor.claims.kept' });
      expect((await app.patch(path, { condition: 'visitor.claims.kept(' })).status).toBe(400);
      expect((await app.patch(path, { title: 'Still here', condition: 'f()' })).status).toBe(400);
      const cleared = await app.patch(path, { condition: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('condition');
    }
    const structure = await app.get(`${sitePath(org, siteId)}/structure`);
    expect(JSON.stringify(structure.body)).not.toMatch(/kept/);
  });

  it('answers 403 to a non-manager and 404 to an outsider whatever the condition', async () => {
    for (const { path } of routes()) {
      expectError(await app.patch(path, { condition: 'f()' }, cast.editor.token), 403, /needs the admin or create role/);
      expectError(await app.patch(path, { condition: 'visitor.claims.ok' }, cast.reader.token), 403);
      expectError(await app.patch(path, { condition: 'f()' }, cast.outsider.token), 404, /organization not found/);
      expect((await app.patch(path, { condition: 'f()' }, null)).status).toBe(401);
      expect((await app.patch(path, { condition: 'visitor.claims.by.creator' }, cast.creator.token)).status).toBe(200);
    }
  });

  it('random text up to 1024 characters is stored (200) or refused (400), never anything else', async () => {
    const soup = fc
      .array(
        fc.constantFrom(
          'visitor',
          '.',
          'claims',
          '(',
          ')',
          '[',
          ']',
          '!',
          '&&',
          '||',
          '===',
          '=',
          '"x"',
          '1',
          '-',
          ' ',
          ',',
          '?',
          ':',
          'this',
          '__proto__',
          'f()',
          '\\',
          '`',
        ),
        { minLength: 1, maxLength: 60 },
      )
      .map((parts) => parts.join(''));
    const texts = fc.sample(fc.oneof(fc.string({ minLength: 1, maxLength: 1024 }), soup), { numRuns: 60, seed: 12 });
    const path = routes()[1]!.path;
    for (const condition of texts) {
      const res = await app.patch(path, { condition });
      expect({ condition, status: [200, 400].includes(res.status) }).toEqual({ condition, status: true });
      if (res.status === 200) expect(res.body.condition).toBe(condition);
      else expect(res.body.error.message).toMatch(/condition/);
    }
  });
});
