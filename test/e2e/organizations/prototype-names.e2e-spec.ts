import { answerProblems } from '../support/answer-problems';
import { withRawEntry } from '../support/json-text';
import { exampleValue, fillPath, isIdParam, Operation, Schema, ServedApi, servedApi } from '../support/openapi-operations';
import { orgWorld, OrgWorld } from '../support/org-world';
import { RawAnswer, rawHttp } from '../support/raw-http';
import { collectAll, OWNER_TOKEN, TestApp } from '../support/test-app';

/**
 * Issue #7, defect 4: names of Object.prototype members used as user input must name nothing.
 * They go to every route of the served OpenAPI document (so later routes are covered too) as path
 * ids, body values, body keys and query keys.
 */
const NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'prototype', 'isPrototypeOf'];

describe('names of Object.prototype members as ids and keys (issue #7)', () => {
  let app: TestApp;
  let api: ServedApi;
  let world: OrgWorld;
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    app = await TestApp.shared();
    world = await orgWorld(app, 'proto');
    api = await servedApi(app.url);
  });
  afterAll(() => app.stop());

  /** As the organization's admin. */
  const send = (method: string, path: string, body?: string): Promise<RawAnswer> =>
    rawHttp(app.url, {
      method,
      path,
      headers: { authorization: `Bearer ${OWNER_TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body,
    });

  const realPath = (op: Operation, override: Record<string, string> = {}) =>
    fillPath(op, { ...world.ids, ...Object.fromEntries(Object.entries(override).map(([k, v]) => [k, encodeURIComponent(v)])) });

  const junkIdPath = (op: Operation) =>
    fillPath(op, Object.fromEntries(op.pathParams.map((p) => [p, isIdParam(p) ? 'nonexistent' : world.ids[p]!])));

  const exampleBody = (op: Operation): string | undefined => (op.body ? JSON.stringify(exampleValue(api, op.body)) : undefined);

  /** The answer's problems, plus `expected` when the status is not one of `statuses`. */
  function judge(label: string, answer: RawAnswer, statuses?: number[]): string[] {
    const problems = answerProblems(answer);
    if (statuses && !statuses.includes(answer.status))
      problems.push(`status ${answer.status}, expected ${statuses.join(' or ')}: ${answer.text.slice(0, 160)}`);
    return problems.map((p) => `${label}: ${p}`);
  }

  /** The object schema a body field holds: itself, or the object items (or object `oneOf` branch of the items) of an array. */
  function nestedObject(schema: Schema): { schema: Schema; inArray: boolean } | undefined {
    const isObject = (candidate: Schema) => api.resolve(candidate).type === 'object' || api.resolve(candidate).properties !== undefined;
    const s = api.resolve(schema);
    if (isObject(s)) return { schema: s, inArray: false };
    if (s.type !== 'array' || !s.items) return undefined;
    const items = api.resolve(s.items);
    const found = isObject(items) ? items : items.oneOf?.find(isObject);
    return found ? { schema: api.resolve(found), inArray: true } : undefined;
  }

  const teamsPath = () => `/v1/orgs/${world.organizationId}/teams`;

  async function expectTeamsCountWhatTheyList(): Promise<void> {
    for (const team of await collectAll(app, teamsPath())) {
      const listed = await collectAll(app, `${teamsPath()}/${team.id}/members`);
      expect({ team: team.title, members: team.members }).toEqual({ team: team.title, members: listed.length });
    }
  }

  describe("the probe's cases", () => {
    it('PUT .../teams/{teamId}/members/constructor finds no such member (400), and the team is unchanged', async () => {
      for (const name of NAMES) {
        const answer = await send('PUT', `${teamsPath()}/${world.teamId}/members/${encodeURIComponent(name)}`, '{}');
        expect(judge(name, answer, [400, 404])).toEqual([]);
      }
      const members = await collectAll(app, `${teamsPath()}/${world.teamId}/members`);
      expect(members.map((m) => m.organization.id)).toEqual([world.ids.userId]);
    });

    it('PUT .../members with add: ["toString"] is 400 naming it', async () => {
      for (const name of NAMES) {
        const answer = await send('PUT', `${teamsPath()}/${world.teamId}/members`, JSON.stringify({ add: [name] }));
        expect(judge(name, answer, [400])).toEqual([]);
        expect(answer.body.error.message).toContain(name);
      }
    });

    it('PUT .../teams with members: ["valueOf", "__proto__"] is 400 and creates nothing', async () => {
      const before = (await collectAll(app, teamsPath())).length;
      const answer = await send('PUT', teamsPath(), JSON.stringify({ title: 'Ghosts', members: ['valueOf', '__proto__'] }));
      expect(judge('create', answer, [400])).toEqual([]);
      expect(answer.body.error.message).toMatch(/members: .*valueOf.*__proto__/);
      for (const name of NAMES) {
        expect(judge(name, await send('PUT', teamsPath(), JSON.stringify({ title: 'Ghost', members: [name] })), [400])).toEqual([]);
      }
      expect(await collectAll(app, teamsPath())).toHaveLength(before);
    });

    it('memberships keyed by these names are 400: nobody of that name is in the team', async () => {
      const findings: string[] = [];
      for (const name of NAMES) {
        const body = withRawEntry({}, 'memberships', withRawEntry({}, name, '{"role":"owner"}'));
        findings.push(...judge(name, await send('PUT', `${teamsPath()}/${world.teamId}/members`, body), [400]));
      }
      expect(findings).toEqual([]);
    });

    it('a SAML provider cannot name one as its default team', async () => {
      for (const name of NAMES) {
        const answer = await send('POST', `/v1/orgs/${world.organizationId}/saml`, JSON.stringify({ label: 'Okta', defaultTeam: name }));
        expect(judge(name, answer, [400])).toEqual([]);
      }
    });

    it('removing them from a team changes nothing', async () => {
      const answer = await send('PUT', `${teamsPath()}/${world.teamId}/members`, JSON.stringify({ remove: NAMES }));
      expect(judge('remove', answer, [204])).toEqual([]);
      for (const name of NAMES) {
        expect(judge(name, await send('DELETE', `${teamsPath()}/${world.teamId}/members/${encodeURIComponent(name)}`), [404])).toEqual([]);
      }
      await expectTeamsCountWhatTheyList();
    });
  });

  it('no route finds a resource when one of its path ids is one of these names (404 or 400)', async () => {
    const findings: string[] = [];
    for (const op of api.operations) {
      for (const param of op.pathParams) {
        for (const name of NAMES) {
          const answer = await send(op.method, realPath(op, { [param]: name }), exampleBody(op));
          // GET .../sso answers any organization id, known or not, with its sign-in options (docs/organization-members.md).
          const expected = op.id === 'listSSOProviderLoginsInOrganization' ? [200] : isIdParam(param) ? [400, 404] : undefined;
          findings.push(...judge(`${op.method} ${op.path} ${param}=${name}`, answer, expected));
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('every string field of every body set to one of these names is judged without a 5xx', async () => {
    const findings: string[] = [];
    for (const op of api.operations.filter((o) => o.body)) {
      const base = exampleValue(api, op.body!) as object;
      for (const [field, schema] of Object.entries(op.body!.properties ?? {})) {
        const s = api.resolve(schema);
        const isStrings =
          s.type === 'string' || s.enum !== undefined || (s.type === 'array' && api.resolve(s.items ?? {}).type === 'string');
        if (!isStrings) continue;
        for (const name of NAMES) {
          const value = s.type === 'array' ? JSON.stringify([name]) : JSON.stringify(name);
          findings.push(
            ...judge(`${op.method} ${op.path} ${field}=${value}`, await send(op.method, realPath(op), withRawEntry(base, field, value))),
          );
        }
      }
    }
    expect(findings).toEqual([]);
    await expectTeamsCountWhatTheyList();
  });

  it('a body key named like one is an unknown field: 400 on every route that takes a body', async () => {
    const findings: string[] = [];
    for (const op of api.operations.filter((o) => o.body)) {
      // Ids that exist nowhere: a body that got past validation would be answered 404, not 400.
      const path = junkIdPath(op);
      const base = exampleValue(api, op.body!) as object;
      for (const name of NAMES) {
        findings.push(...judge(`${op.method} ${op.path} {"${name}":1}`, await send(op.method, path, withRawEntry(base, name, '1')), [400]));
      }
    }
    expect(findings).toEqual([]);
  });

  it('a key named like one inside a body object is 400: an unknown field, or nobody in a map keyed by user id', async () => {
    const findings: string[] = [];
    for (const op of api.operations.filter((o) => o.body)) {
      const base = exampleValue(api, op.body!) as object;
      for (const [field, schema] of Object.entries(op.body!.properties ?? {})) {
        const nested = nestedObject(schema);
        if (!nested) continue;
        const map = typeof nested.schema.additionalProperties === 'object';
        const inner = map ? {} : (exampleValue(api, nested.schema, true) as object);
        const entry = map ? JSON.stringify(exampleValue(api, nested.schema.additionalProperties as Schema, true)) : '1';
        for (const name of NAMES) {
          const object = withRawEntry(inner, name, entry);
          const body = withRawEntry(base, field, nested.inArray ? `[${object}]` : object);
          findings.push(
            ...judge(
              `${op.method} ${op.path} ${field}${nested.inArray ? '[0]' : ''}.${name}`,
              await send(op.method, realPath(op), body),
              [400],
            ),
          );
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('a query key named like one is 400 on routes that take a query, and harmless on the others', async () => {
    const findings: string[] = [];
    for (const op of api.operations) {
      const takesQuery = op.queryParams.length > 0;
      // Routes without a query ignore it: ids that exist nowhere keep a DELETE from deleting the world.
      const path = takesQuery ? realPath(op) : junkIdPath(op);
      for (const name of NAMES) {
        const answer = await send(op.method, `${path}?${encodeURIComponent(name)}=1`, exampleBody(op));
        const expected = takesQuery ? [400] : undefined;
        findings.push(...judge(`${op.method} ${op.path}?${name}=1`, answer, expected));
      }
    }
    expect(findings).toEqual([]);
  });

  it('leaves every team counting the members it lists, and Object.prototype as it was', async () => {
    await expectTeamsCountWhatTheyList();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});
